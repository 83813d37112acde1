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
import { STATUS, type Campaign, type Recipient, type RecipientStatus } from "./campaigns-shared";

const FILTERS: { value: RecipientStatus | ""; label: string }[] = [
  { value: "", label: "Everyone" },
  { value: "answered", label: "Answered" },
  { value: "sent", label: "Waiting for an answer" },
  { value: "reminded", label: "Reminded" },
  { value: "unsubscribed", label: "Unsubscribed" },
  { value: "bounced", label: "Not delivered" },
  { value: "queued", label: "Waiting to send" },
  { value: "stopped", label: "Not sent (stopped)" },
];

/** The latest thing that happened to a person. */
function lastEvent(r: Recipient): string {
  if (r.answered_at) return `Answered ${formatDateTime(r.answered_at)}`;
  if (r.unsubscribed_at) return `Unsubscribed ${formatDateTime(r.unsubscribed_at)}`;
  if (r.reminded_at) return `Reminded ${formatDateTime(r.reminded_at)}`;
  if (r.sent_at) return `Sent ${formatDateTime(r.sent_at)}`;
  return r.error ?? "";
}

/** The counts as tiles. */
function Counts({ c }: { c: Campaign["counts"] }) {
  const tiles: [string, number, string?][] = [
    ["Emailed", c.emailed, `of ${c.total}`],
    ["Answered", c.answered, c.emailed ? `${Math.round((c.answered / Math.max(c.total, 1)) * 100)}%` : undefined],
    ["Reminded", c.reminded],
    ["Unsubscribed", c.unsubscribed],
    ["Not delivered", c.bounced],
  ];
  if (c.queued) tiles.push(["Waiting to send", c.queued]);
  if (c.stopped) tiles.push(["Not sent (stopped)", c.stopped]);
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

  if (campaign.loading && !campaign.data) return <Loading label="Loading the request…" />;
  if (campaign.error || !campaign.data)
    return (
      <>
        <ErrorNotice error={campaign.error} onRetry={campaign.reload} />
        <Link to="campaigns">Back to requests</Link>
      </>
    );
  const c = campaign.data;
  return (
    <>
      <PageHeader
        title={c.subject}
        description={
          <>
            Asked {formatDate(c.created_at)} to open “{c.link_title}”.{" "}
            {c.reminder_after_days ? `One reminder after ${c.reminder_after_days} days.` : "No reminder."}
            {c.mode === "test" && " Test mode: nothing was emailed; the messages are in the Mail outbox."}
          </>
        }
        actions={
          <>
            <Link class="btn btn-secondary" to="campaigns">
              All requests
            </Link>
            {c.counts.queued > 0 && !c.stopped_at && (
              <ConfirmButton
                small={false}
                label="Stop sending"
                question={`Stop this request? The ${c.counts.queued} emails not yet sent are not sent, and nobody is reminded. Those already asked keep their link.`}
                confirmLabel="Stop sending"
                busyLabel="Stopping…"
                onConfirm={async () => {
                  await api.post(`/v1/campaigns/${encodeURIComponent(c.id)}/stop`, {});
                  toast("Request stopped: no more emails will leave");
                  campaign.reload();
                  people.reload();
                }}
              />
            )}
            <ConfirmButton
              small={false}
              label="Delete"
              question="Delete this request and its list of people? Emails not yet sent are not sent."
              confirmLabel="Delete"
              busyLabel="Deleting…"
              onConfirm={async () => {
                await api.del(`/v1/campaigns/${encodeURIComponent(c.id)}`);
                toast("Request deleted");
                navigate("campaigns");
              }}
            />
          </>
        }
      />
      <Counts c={c.counts} />
      {c.stopped_at && (
        <p class="muted" role="status">
          Stopped {formatDateTime(c.stopped_at)}
          {c.stopped_by === "operator" ? " by whoever runs this server" : ""}: emails not yet sent were not sent, and
          nobody is reminded.
        </p>
      )}
      {c.mode === "live" && c.sending_until && c.counts.queued > 0 && (
        <p class="muted" role="status">
          Sending a few emails a minute, so that mail providers do not take a burst for spam: the last of the{" "}
          {c.counts.queued} still waiting leaves around {formatDateTime(c.sending_until)}.
        </p>
      )}
      <section class="stack" aria-labelledby="campaign-people-title">
        <div class="row campaign-people-head">
          <h2 id="campaign-people-title">People</h2>
          <label class="row small">
            Show
            <select value={filter} onChange={(e) => setFilter(e.currentTarget.value as RecipientStatus | "")}>
              {FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <ErrorNotice error={people.error} onRetry={people.reload} />
        {people.loading ? (
          <Loading label="Loading people…" />
        ) : people.items.length === 0 ? (
          <p class="empty">Nobody here.</p>
        ) : (
          <div class="table-wrap">
            <table class="campaign-people">
              <caption class="sr-only">People asked, with where each stands</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Status</th>
                  <th scope="col">Latest</th>
                </tr>
              </thead>
              <tbody>
                {people.items.map((r) => (
                  <tr key={r.id}>
                    <td class="mono">{r.position}</td>
                    <td>{r.name || <span class="muted">{r.email === null ? "(erased)" : "—"}</span>}</td>
                    <td class="mono">{r.email ?? <span class="muted">(erased)</span>}</td>
                    <td>
                      <Badge tone={STATUS[r.status].tone}>{STATUS[r.status].label}</Badge>
                    </td>
                    <td class="small">
                      {lastEvent(r)}
                      {r.status === "answered" && r.submission_id && (
                        <>
                          {" · "}
                          <Link to={`inbox/${encodeURIComponent(r.submission_id)}`}>View testimonial</Link>
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
          <Button onClick={people.loadMore} busy={people.loadingMore} busyLabel="Loading…">
            Show more people
          </Button>
        )}
      </section>
    </>
  );
}
