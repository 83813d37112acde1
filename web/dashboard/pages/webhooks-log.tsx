/**
 * An endpoint's delivery log, newest first: each delivery with its status and the exact body sent, and each
 * attempt with the request headers (signature included) and the response (status and first kilobyte) or the
 * error; replay sends the identical bytes again as a new delivery.
 */
import type { Page } from "../../shared/api";
import { formatDateTime } from "../../shared/format";
import { usePaged } from "../../shared/hooks";
import { Button } from "../../shared/ui/button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { useAction } from "../use-action";
import { DeliveryBadge, endpointPath, type WebhookAttempt, type WebhookDelivery } from "./webhooks-shared";

function Attempt({ a }: { a: WebhookAttempt }) {
  const headers = Object.entries(a.request_headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
  return (
    <section aria-label={`Attempt ${a.number}`}>
      <h4>
        Attempt {a.number} · {formatDateTime(a.attempted_at)} · {a.duration_ms} ms
      </h4>
      <p class="small muted">Request headers</p>
      <pre class="mail-text mono small">{headers}</pre>
      <p class="small muted">Response</p>
      {a.error ? (
        <p class="field-error">{a.error}</p>
      ) : (
        <pre class="mail-text mono small">{`HTTP ${a.response_status}\n\n${a.response_body ?? ""}`}</pre>
      )}
    </section>
  );
}

function summaryLine(d: WebhookDelivery): string {
  const n = d.attempts.length;
  const tries = n === 0 ? "not tried yet" : `${n} attempt${n === 1 ? "" : "s"}`;
  if (d.status === "delivered") return `${tries} · delivered ${formatDateTime(d.delivered_at)}`;
  if (d.status === "retrying")
    return `${tries} · next ${formatDateTime(d.next_attempt_at)} · ${d.failure_reason ?? ""}`;
  if (d.status === "failed") return `${tries} · ${d.failure_reason ?? "failed"}`;
  return tries;
}

function Delivery({ d, onReplayed }: { d: WebhookDelivery; onReplayed: (d: WebhookDelivery) => void }) {
  const { busy, error, run } = useAction(
    async () =>
      onReplayed(await api.post<WebhookDelivery>(`/v1/webhooks/deliveries/${encodeURIComponent(d.id)}/replay`)),
    { success: "Replay queued" },
  );
  return (
    <details class="card mail">
      <summary>
        <span class="mail-subject mono">{d.event_type}</span>
        <DeliveryBadge status={d.status} />
        {d.is_test && <span class="small muted">test</span>}
        {d.replay_of && <span class="small muted">replay</span>}
        <span class="mail-meta small muted">
          {formatDateTime(d.created_at)} · {summaryLine(d)}
        </span>
      </summary>
      <p class="small muted mono">
        Delivery {d.id} · event {d.event_id}
        {d.replay_of ? ` · replay of ${d.replay_of}` : ""}
      </p>
      <ErrorNotice error={error} />
      <Button small busy={busy} busyLabel="Queueing…" onClick={() => void run()}>
        Replay
      </Button>
      <p class="small muted">Body (sent byte for byte on every attempt)</p>
      <pre class="mail-text mono small">{d.body}</pre>
      {d.attempts.map((a) => (
        <Attempt key={a.number} a={a} />
      ))}
    </details>
  );
}

/** The delivery log of one endpoint; `refreshKey` reloads it (e.g. after a test event). */
export function DeliveryLog({ endpointId, refreshKey }: { endpointId: string; refreshKey: number }) {
  const list = usePaged<WebhookDelivery>(
    (cursor) =>
      api.get<Page<WebhookDelivery>>(`${endpointPath(endpointId)}/deliveries`, { query: { limit: 25, cursor } }),
    [endpointId, refreshKey],
  );
  return (
    <section aria-labelledby="wh-log">
      <div class="row">
        <h2 id="wh-log">Delivery log</h2>
        <Button small onClick={list.reload}>
          Refresh
        </Button>
      </div>
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading ? (
        <Loading label="Loading deliveries…" />
      ) : (
        <div class="stack">
          {list.items.length === 0 && !list.error && (
            <p class="empty">No deliveries yet. Send a test event to see one here.</p>
          )}
          {list.items.map((d) => (
            <Delivery key={d.id} d={d} onReplayed={list.prepend} />
          ))}
          {list.hasMore && (
            <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel="Loading…">
              Show older deliveries
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
