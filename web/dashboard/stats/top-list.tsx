/**
 * The testimonials that did best: by views and by plays, each with its name and the start of its words (while
 * shown publicly), its figures and how far its plays went.
 */
import type { TestimonialFigures } from "./types";
import { Link } from "../router";
import { t } from "../i18n";

/** At most this many in each list. */
const TOP = 5;

const pct = (n: number, of: number) => (of > 0 ? `${Math.round((n / of) * 100)}%` : "–");

/** "views" or "plays" after a count, in words. */
const byWord = (n: number, by: "views" | "plays") =>
  by === "plays" ? t("stats.top-list.plays_word", { n }) : t("stats.top-list.views_word", { n });

/** "1 view", "2 views". */
export const counted = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** One list of the best testimonials by `by`. */
export function TopList({ title, items, by }: { title: string; items: TestimonialFigures[]; by: "views" | "plays" }) {
  const top = items
    .filter((item) => item[by] > 0)
    .sort((a, b) => b[by] - a[by] || b.views - a.views)
    .slice(0, TOP);
  return (
    <section class="card stats-top" aria-label={title}>
      <h2>{title}</h2>
      {top.length === 0 ? (
        <p class="muted">{by === "plays" ? t("stats.top-list.no_plays") : t("stats.top-list.no_views")}</p>
      ) : (
        <ol>
          {top.map((item) => (
            <li key={item.submission_id} data-sid={item.submission_id}>
              <div class="who">
                <Link to={`inbox/${encodeURIComponent(item.submission_id)}`}>
                  {item.name ?? t("stats.top-list.gone")}
                </Link>
                {item.quote ? <q>{item.quote}</q> : null}
              </div>
              <p class="figures">
                <strong>{item[by]}</strong> {byWord(item[by], by)}
                {by === "plays" ? (
                  <span class="muted">
                    {" "}
                    {t("stats.top-list.progress", {
                      half: pct(item.play_progress.p50, item.plays),
                      end: pct(item.play_progress.p100, item.plays),
                    })}
                  </span>
                ) : (
                  <span class="muted">
                    {" "}
                    {t("stats.top-list.plays_clicks", { plays: item.plays, clicks: item.clicks })}
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
