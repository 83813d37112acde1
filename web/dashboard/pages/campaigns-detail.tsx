/**
 * One request campaign: how many were emailed, answered, reminded, unsubscribed or not delivered, and every person
 * with their status (filterable), answered ones linked to their testimonial in the inbox. While emails are still
 * waiting to send (they leave at the server's sending pace), the page says when the last one goes and looks again
 * every few seconds. Deleting the campaign deletes the list.
 */
import { useEffect, useState } from "preact/hooks";
import type { Page } from "../../shared/api";
import { formatDate, formatDateTime } from "../../shared/format";
import { useAsync, usePaged } from "../../shared/hooks";
import { Badge } from "../../shared/ui/badge";
import { Button } from "../../shared/ui/button";
import { ConfirmButton } from "../../shared/ui/confirm-button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { PageHeader } from "../page";
import { Link, navigate } from "../router";
import { useToast } from "../toasts";
import { statuses, type Campaign, type Recipient, type RecipientStatus } from "./campaigns-shared";
import { t } from "../i18n";

const filters = (): { value: RecipientStatus | ""; label: string }[] => [
  { value: "", label: t("campaigns-detail.filter_all") },
  { value: "answered", label: t("campaigns-detail.filter_answered") },
  { value: "sent", label: t("campaigns-detail.filter_sent") },
  { value: "reminded", label: t("campaigns-detail.filter_reminded") },
  { value: "unsubscribed", label: t("campaigns-detail.filter_unsubscribed") },
  { value: "bounced", label: t("campaigns-detail.filter_bounced") },
  { value: "queued", label: t("campaigns-detail.filter_queued") },
  { value: "stopped", label: t("campaigns-detail.filter_stopped") },
];

/** The latest thing that happened to a person. */
function lastEvent(r: Recipient): string {
  if (r.answered_at) return t("campaigns-detail.event_answered", { when: formatDateTime(r.answered_at) });
  if (r.unsubscribed_at) return t("campaigns-detail.event_unsubscribed", { when: formatDateTime(r.unsubscribed_at) });
  if (r.reminded_at) return t("campaigns-detail.event_reminded", { when: formatDateTime(r.reminded_at) });
  if (r.sent_at) return t("campaigns-detail.event_sent", { when: formatDateTime(r.sent_at) });
  return r.error ?? "";
}

/** The counts as tiles. */
function Counts({ c }: { c: Campaign["counts"] }) {
  const tiles: [string, number, string?][] = [
    [t("campaigns-detail.count_emailed"), c.emailed, t("campaigns-detail.of_total", { total: String(c.total) })],
    [
      t("campaigns-detail.count_answered"),
      c.answered,
      c.emailed ? `${Math.round((c.answered / Math.max(c.total, 1)) * 100)}%` : undefined,
    ],
    [t("campaigns-detail.count_reminded"), c.reminded],
    [t("campaigns-detail.count_unsubscribed"), c.unsubscribed],
    [t("campaigns-detail.count_bounced"), c.bounced],
  ];
  if (c.queued) tiles.push([t("campaigns-detail.count_queued"), c.queued]);
  if (c.stopped) tiles.push([t("campaigns-detail.count_stopped"), c.stopped]);
  return (
    <dl class="campaign-counts">
      {tiles.map(([label, n, note]) => (
        <div key={label} class="card campaign-count">
          <dt>{label}</dt>
          <dd>
            <span class="campaign-count-n">{n}</span>
            {note && <span class="muted small"> {note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The detail view of one campaign. */
export function CampaignDetail({ id }: { id: string }) {
  const toast = useToast();
  const [filter, setFilter] = useState<RecipientStatus | "">("");
  const campaign = useAsync(() => api.get<Campaign>(`/v1/campaigns/${encodeURIComponent(id)}`), [id]);
  const people = usePaged<Recipient>(
    (cursor) =>
      api.get<Page<Recipient>>(`/v1/campaigns/${encodeURIComponent(id)}/recipients`, {
        query: { limit: 100, cursor, status: filter || undefined },
      }),
    [id, filter],
  );
  const waiting = (campaign.data?.counts.queued ?? 0) > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      campaign.reload();
      people.reload();
    }, 3000);
    return () => clearTimeout(timer);
  }, [waiting, campaign.data]);

  if (campaign.loading && !campaign.data) return <Loading label={t("campaigns-detail.loading")} />;
  if (campaign.error || !campaign.data)
    return (
      <>
        <ErrorNotice error={campaign.error} onRetry={campaign.reload} />
        <Link to="campaigns">{t("campaigns-detail.back")}</Link>
      </>
    );
  const c = campaign.data;
  return (
    <>
      <PageHeader
        title={c.subject}
        description={
          <>
            {t("campaigns-detail.asked", { date: formatDate(c.created_at), link: c.link_title })}{" "}
            {c.reminder_after_days
              ? t("campaigns-detail.reminder", { days: String(c.reminder_after_days) })
              : t("campaigns-detail.no_reminder")}
            {c.mode === "test" && ` ${t("campaigns-detail.test_mode")}`}
          </>
        }
        actions={
          <>
            <Link class="btn btn-secondary" to="campaigns">
              {t("campaigns-detail.all")}
            </Link>
            {c.counts.queued > 0 && !c.stopped_at && (
              <ConfirmButton
                small={false}
                label={t("campaigns-detail.stop")}
                question={t("campaigns-detail.stop_question", { count: String(c.counts.queued) })}
                confirmLabel={t("campaigns-detail.stop")}
                busyLabel={t("campaigns-detail.stopping")}
                onConfirm={async () => {
                  await api.post(`/v1/campaigns/${encodeURIComponent(c.id)}/stop`, {});
                  toast(t("campaigns-detail.stopped_toast"));
                  campaign.reload();
                  people.reload();
                }}
              />
            )}
            <ConfirmButton
              small={false}
              label={t("campaigns-detail.delete")}
              question={t("campaigns-detail.delete_question")}
              confirmLabel={t("campaigns-detail.delete")}
              busyLabel={t("campaigns-detail.deleting")}
              onConfirm={async () => {
                await api.del(`/v1/campaigns/${encodeURIComponent(c.id)}`);
                toast(t("campaigns-detail.deleted_toast"));
                navigate("campaigns");
              }}
            />
          </>
        }
      />
      <Counts c={c.counts} />
      {c.stopped_at && (
        <p class="muted" role="status">
          {t("campaigns-detail.stopped", {
            when: formatDateTime(c.stopped_at),
            by: c.stopped_by === "operator" ? "operator" : "team",
          })}
        </p>
      )}
      {c.mode === "live" && c.sending_until && c.counts.queued > 0 && (
        <p class="muted" role="status">
          {t("campaigns-detail.sending", {
            count: String(c.counts.queued),
            when: formatDateTime(c.sending_until),
          })}
        </p>
      )}
      <section class="stack" aria-labelledby="campaign-people-title">
        <div class="row campaign-people-head">
          <h2 id="campaign-people-title">{t("campaigns-detail.people")}</h2>
          <label class="row small">
            {t("campaigns-detail.show")}
            <select value={filter} onChange={(e) => setFilter(e.currentTarget.value as RecipientStatus | "")}>
              {filters().map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <ErrorNotice error={people.error} onRetry={people.reload} />
        {people.loading ? (
          <Loading label={t("campaigns-detail.loading_people")} />
        ) : people.items.length === 0 ? (
          <p class="empty">{t("campaigns-detail.nobody")}</p>
        ) : (
          <div class="table-wrap">
            <table class="campaign-people">
              <caption class="sr-only">{t("campaigns-detail.caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t("campaigns-detail.col_name")}</th>
                  <th scope="col">{t("campaigns-detail.col_email")}</th>
                  <th scope="col">{t("campaigns-detail.col_status")}</th>
                  <th scope="col">{t("campaigns-detail.col_latest")}</th>
                </tr>
              </thead>
              <tbody>
                {people.items.map((r) => (
                  <tr key={r.id}>
                    <td class="mono">{r.position}</td>
                    <td>
                      {r.name || <span class="muted">{r.email === null ? t("campaigns-detail.erased") : "—"}</span>}
                    </td>
                    <td class="mono">{r.email ?? <span class="muted">{t("campaigns-detail.erased")}</span>}</td>
                    <td>
                      <Badge tone={statuses()[r.status].tone}>{statuses()[r.status].label}</Badge>
                    </td>
                    <td class="small">
                      {lastEvent(r)}
                      {r.status === "answered" && r.submission_id && (
                        <>
                          {" · "}
                          <Link to={`inbox/${encodeURIComponent(r.submission_id)}`}>
                            {t("campaigns-detail.view_testimonial")}
                          </Link>
                        </>
                      )}
                      {r.status === "bounced" && r.error && <span class="field-error"> {r.error}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {people.hasMore && (
          <Button onClick={people.loadMore} busy={people.loadingMore} busyLabel={t("campaigns-detail.loading_more")}>
            {t("campaigns-detail.show_more")}
          </Button>
        )}
      </section>
    </>
  );
}
