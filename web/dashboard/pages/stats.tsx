/**
 * Stats of the chosen brand, or of one of its widgets (`stats?widget=wgt_…`): totals, a daily chart of views,
 * plays and clicks, the best testimonials by views and by plays, and the pages' host names, over the last 7, 30
 * or 90 days or 12 months. Client logins see their own brands' stats like everyone else.
 */
import { useState } from "preact/hooks";
import type { Page } from "../../shared/api";
import { useAsync } from "../../shared/hooks";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { t } from "../i18n";
import type { PageProps } from "../nav";
import { PageHeader } from "../page";
import { navigate } from "../router";
import { useSession } from "../session";
import type { Widget } from "../widgets/draft";
import { DailyChart, DailyTable } from "../stats/chart";
import { TopList } from "../stats/top-list";
import type { Stats } from "../stats/types";
import "../stats/stats.css";

/** The ranges offered, in days. */
const RANGES = [
  { days: 7, label: t("stats.range_7") },
  { days: 30, label: t("stats.range_30") },
  { days: 90, label: t("stats.range_90") },
  { days: 365, label: t("stats.range_365") },
] as const;

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Stats page. */
export function StatsPage({ route }: PageProps) {
  const { brand } = useSession();
  const b = brand!;
  const widgetId = route.query.get("widget") ?? "";
  const [days, setDays] = useState<number>(30);
  const widgets = useAsync(
    () => api.get<Page<Widget>>("/v1/widgets", { query: { brand_id: b.id, limit: 100 } }),
    [b.id],
  );
  const stats = useAsync(() => {
    const to = Date.now();
    const query = { from: iso(to - (days - 1) * DAY_MS), to: iso(to) };
    return widgetId
      ? api.get<Stats>(`/v1/widgets/${encodeURIComponent(widgetId)}/stats`, { query })
      : api.get<Stats>(`/v1/brands/${encodeURIComponent(b.id)}/stats`, { query });
  }, [b.id, widgetId, days]);
  const s = stats.data;
  const chosen = widgets.data?.data.find((w) => w.id === widgetId);
  return (
    <>
      <PageHeader title={t("stats.title")} description={t("stats.description", { brand: b.name })} />
      <div class="row stats-controls">
        <label>
          {t("stats.show")}{" "}
          <select
            value={widgetId}
            onChange={(e) => {
              const id = (e.target as HTMLSelectElement).value;
              navigate(id ? `stats?widget=${encodeURIComponent(id)}` : "stats", true);
            }}
          >
            <option value="">{t("stats.all_option", { brand: b.name })}</option>
            {widgets.data?.data.map((w) => (
              <option key={w.id} value={w.id}>
                {t("stats.widget_option", { name: w.name })}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("stats.days")}{" "}
          <select value={days} onChange={(e) => setDays(Number((e.target as HTMLSelectElement).value))}>
            {RANGES.map((r) => (
              <option key={r.days} value={r.days}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ErrorNotice
        error={stats.error}
        onRetry={stats.reload}
        title={widgetId ? t("stats.widget_failed") : t("stats.failed")}
      />
      {stats.loading && !s ? (
        <Loading label={t("stats.loading")} />
      ) : s ? (
        <div class={`stats${stats.loading ? " stats-busy" : ""}`} aria-busy={stats.loading}>
          <p class="muted stats-scope">
            {chosen
              ? t("stats.scope_widget", { name: chosen.name, from: s.from, to: s.to })
              : t("stats.scope_all", { brand: b.name, from: s.from, to: s.to })}
          </p>
          <dl class="stats-totals">
            <div>
              <dt>{t("stats.views")}</dt>
              <dd data-total="views">{s.totals.views}</dd>
            </div>
            <div>
              <dt>{t("stats.plays")}</dt>
              <dd data-total="plays">{s.totals.plays}</dd>
            </div>
            <div>
              <dt>{t("stats.clicks")}</dt>
              <dd data-total="clicks">{s.totals.clicks}</dd>
            </div>
            <div>
              <dt>{t("stats.completed")}</dt>
              <dd data-total="completed">{s.totals.play_progress.p100}</dd>
            </div>
          </dl>
          <DailyChart days={s.days} />
          <DailyTable days={s.days} />
          <div class="stats-tops">
            <TopList title={t("stats.most_viewed")} items={s.testimonials} by="views" />
            <TopList title={t("stats.most_played")} items={s.testimonials} by="plays" />
          </div>
          {s.hosts.length > 0 && (
            <section class="card">
              <h2>{t("stats.hosts")}</h2>
              <ul class="stats-hosts">
                {s.hosts.slice(0, 10).map((h) => (
                  <li key={h.host}>
                    <span>{h.host || t("stats.unknown_host")}</span>
                    <span class="muted">
                      {t("stats.host_counts", { views: h.views, plays: h.plays, clicks: h.clicks })}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      ) : null}
    </>
  );
}
