/**
 * The testimonials that did best: by views and by plays, each with its name and the start of its words (while
 * shown publicly), its figures and how far its plays went.
 */
import type { TestimonialFigures } from "./types";
import { Link } from "../router";

/** At most this many in each list. */
const TOP = 5;

const pct = (n: number, of: number) => (of > 0 ? `${Math.round((n / of) * 100)}%` : "–");

/** "1 view", "2 views". */
export const counted = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** One list of the best testimonials by `by`. */
export function TopList({ title, items, by }: { title: string; items: TestimonialFigures[]; by: "views" | "plays" }) {
  const top = items
    .filter((t) => t[by] > 0)
    .sort((a, b) => b[by] - a[by] || b.views - a.views)
    .slice(0, TOP);
  return (
    <section class="card stats-top" aria-label={title}>
      <h2>{title}</h2>
      {top.length === 0 ? (
        <p class="muted">{by === "plays" ? "No recording played in these days." : "Nothing seen in these days."}</p>
      ) : (
        <ol>
          {top.map((t) => (
            <li key={t.submission_id} data-sid={t.submission_id}>
              <div class="who">
                <Link to={`inbox/${encodeURIComponent(t.submission_id)}`}>{t.name ?? "Not shown any more"}</Link>
                {t.quote ? <q>{t.quote}</q> : null}
              </div>
              <p class="figures">
                <strong>{t[by]}</strong> {counted(t[by], by.slice(0, -1)).replace(/^\d+ /, "")}
                {by === "plays" ? (
                  <span class="muted">
                    {" "}
                    · half watched {pct(t.play_progress.p50, t.plays)} · to the end {pct(t.play_progress.p100, t.plays)}
                  </span>
                ) : (
                  <span class="muted">
                    {" "}
                    · {counted(t.plays, "play")} · {counted(t.clicks, "click")}
                  </span>
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
