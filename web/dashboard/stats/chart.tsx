/**
 * The daily chart: views, plays and clicks per day as three lines, drawn as SVG (no chart library: a few
 * polylines). Each day is a group carrying its figures (`data-date`, `data-views`…) with a `<title>` read on hover,
 * and the same figures are in a table below for screen readers and for copying.
 */
import type { DayFigures } from "./types";
import { t } from "../i18n";

const W = 720;
const H = 220;
const PAD = { left: 40, right: 12, top: 12, bottom: 28 };

/** The three series, their colours and words. */
export const SERIES = [
  { key: "views", label: t("stats.chart.views"), color: "#4338ca", dash: undefined },
  { key: "plays", label: t("stats.chart.plays"), color: "#0e9384", dash: "7 4" },
  { key: "clicks", label: t("stats.chart.clicks"), color: "#dc6803", dash: "2 4" },
] as const;

/** A round top for the scale: 1, 2, 5, 10, 20, 50… at least `max`. */
function niceTop(max: number): number {
  if (max <= 4) return Math.max(1, max);
  const p = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (m * p >= max) return m * p;
  return 10 * p;
}

/** "12 Nov" for a YYYY-MM-DD. */
const short = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { day: "numeric", month: "short", timeZone: "UTC" });

/** The chart of `days` (in order). */
export function DailyChart({ days }: { days: DayFigures[] }) {
  const top = niceTop(Math.max(0, ...days.flatMap((d) => [d.views, d.plays, d.clicks])));
  const span = Math.max(1, days.length - 1);
  const x = (i: number) => PAD.left + ((W - PAD.left - PAD.right) * (days.length === 1 ? 0.5 : i)) / span;
  const y = (v: number) => H - PAD.bottom - ((H - PAD.top - PAD.bottom) * v) / top;
  const labels = days.length <= 1 ? [0] : [0, Math.floor((days.length - 1) / 2), days.length - 1];
  return (
    <figure class="stats-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t("stats.chart.label")} data-top={top}>
        {[0, top / 2, top]
          .filter((v) => Number.isInteger(v))
          .map((v) => (
            <g key={v} class="grid">
              <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} />
              <text x={PAD.left - 6} y={y(v) + 4} text-anchor="end">
                {v}
              </text>
            </g>
          ))}
        {labels.map((i) => (
          <text
            key={i}
            class="day-label"
            x={x(i)}
            y={H - 8}
            text-anchor={i === 0 ? "start" : i === days.length - 1 ? "end" : "middle"}
          >
            {days[i] ? short(days[i]!.date) : ""}
          </text>
        ))}
        {SERIES.map((s) => (
          <polyline
            key={s.key}
            class={`line line-${s.key}`}
            fill="none"
            stroke={s.color}
            stroke-width={2}
            // Dashes tell the lines apart where they run together (the same count on the same days).
            stroke-dasharray={s.dash}
            points={days.map((d, i) => `${x(i).toFixed(1)},${y(d[s.key]).toFixed(1)}`).join(" ")}
          />
        ))}
        {days.map((d, i) => (
          <g
            key={d.date}
            class="day"
            data-date={d.date}
            data-views={d.views}
            data-plays={d.plays}
            data-clicks={d.clicks}
          >
            <title>
              {t("stats.chart.day", { day: short(d.date), views: d.views, plays: d.plays, clicks: d.clicks })}
            </title>
            <rect x={x(i) - 4} y={PAD.top} width={8} height={H - PAD.top - PAD.bottom} fill="transparent" />
            {SERIES.map((s) =>
              d[s.key] > 0 ? <circle key={s.key} cx={x(i)} cy={y(d[s.key])} r={3} fill={s.color} /> : null,
            )}
          </g>
        ))}
      </svg>
      <figcaption class="legend">
        {SERIES.map((s) => (
          <span key={s.key}>
            <i style={{ background: s.color }} aria-hidden="true" />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** The same figures as a table (in a disclosure under the chart). */
export function DailyTable({ days }: { days: DayFigures[] }) {
  return (
    <details class="stats-table">
      <summary>{t("stats.chart.show_table")}</summary>
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">{t("stats.chart.day_column")}</th>
              <th scope="col">{t("stats.chart.views")}</th>
              <th scope="col">{t("stats.chart.plays")}</th>
              <th scope="col">{t("stats.chart.clicks")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <td>{d.date}</td>
                <td>{d.views}</td>
                <td>{d.plays}</td>
                <td>{d.clicks}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
