/** Numbered pagination: first, last, and two either side of the current page, with gaps marked; previous and next. */
import type { JSX } from "preact";

/** The page numbers shown, with `null` for a gap. */
export function pageWindow(page: number, count: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= count; p++) {
    if (p === 1 || p === count || Math.abs(p - page) <= 2) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

/** Pagination links for a wall; nothing when there is one page. */
export function Pagination({ page, count, href }: { page: number; count: number; href: (page: number) => string }) {
  if (count <= 1) return null;
  const items: JSX.Element[] = [];
  if (page > 1)
    items.push(
      <li>
        <a href={href(page - 1)} rel="prev">
          Previous<span class="vh"> page</span>
        </a>
      </li>,
    );
  for (const p of pageWindow(page, count)) {
    items.push(
      p === null ? (
        <li>
          <span aria-hidden="true">…</span>
        </li>
      ) : (
        <li>
          <a href={href(p)} aria-current={p === page ? "page" : undefined}>
            <span class="vh">Page </span>
            {p}
          </a>
        </li>
      ),
    );
  }
  if (page < count)
    items.push(
      <li>
        <a href={href(page + 1)} rel="next">
          Next<span class="vh"> page</span>
        </a>
      </li>,
    );
  return (
    <nav class="pages" aria-label="Pages of testimonials">
      <ol>{items}</ol>
    </nav>
  );
}
