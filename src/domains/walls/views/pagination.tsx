/** Numbered pagination: first, last, and two either side of the current page, with gaps marked; previous and next. */
import type { JSX } from "preact";
import type { Words } from "../../../platform/i18n/server-words";

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
export function Pagination({
  page,
  count,
  href,
  w,
}: {
  page: number;
  count: number;
  href: (page: number) => string;
  w: Words;
}) {
  if (count <= 1) return null;
  const items: JSX.Element[] = [];
  if (page > 1)
    items.push(
      <li>
        <a href={href(page - 1)} rel="prev">
          {w.t("pages.previous")}
          <span class="vh">{w.t("pages.previous_hint")}</span>
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
            <span class="vh">{`${w.t("pages.page_hint")} `}</span>
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
          {w.t("pages.next")}
          <span class="vh">{w.t("pages.next_hint")}</span>
        </a>
      </li>,
    );
  return (
    <nav class="pages" aria-label={w.t("pages.label")}>
      <ol>{items}</ol>
    </nav>
  );
}
