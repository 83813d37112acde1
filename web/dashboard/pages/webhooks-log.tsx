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
import { t } from "../i18n";
import { useAction } from "../use-action";
import { DeliveryBadge, endpointPath, type WebhookAttempt, type WebhookDelivery } from "./webhooks-shared";

function Attempt({ a }: { a: WebhookAttempt }) {
  const headers = Object.entries(a.request_headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
  return (
    <section aria-label={t("webhooks-log.attempt_aria", { number: a.number })}>
      <h4>
        {t("webhooks-log.attempt", {
          number: a.number,
          date: formatDateTime(a.attempted_at),
          ms: a.duration_ms,
        })}
      </h4>
      <p class="small muted">{t("webhooks-log.request_headers")}</p>
      <pre class="mail-text mono small">{headers}</pre>
      <p class="small muted">{t("webhooks-log.response")}</p>
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
  const tries = t("webhooks-log.tries", { count: n });
  if (d.status === "delivered")
    return t("webhooks-log.summary_delivered", { tries, date: formatDateTime(d.delivered_at) });
  if (d.status === "retrying")
    return t("webhooks-log.summary_retrying", {
      tries,
      date: formatDateTime(d.next_attempt_at),
      reason: d.failure_reason ?? "",
    });
  if (d.status === "failed")
    return t("webhooks-log.summary_failed", { tries, reason: d.failure_reason ?? t("webhooks-log.failed") });
  return tries;
}

function Delivery({ d, onReplayed }: { d: WebhookDelivery; onReplayed: (d: WebhookDelivery) => void }) {
  const { busy, error, run } = useAction(
    async () =>
      onReplayed(await api.post<WebhookDelivery>(`/v1/webhooks/deliveries/${encodeURIComponent(d.id)}/replay`)),
    { success: t("webhooks-log.replay_queued") },
  );
  return (
    <details class="card mail">
      <summary>
        <span class="mail-subject mono">{d.event_type}</span>
        <DeliveryBadge status={d.status} />
        {d.is_test && <span class="small muted">{t("webhooks-log.test")}</span>}
        {d.replay_of && <span class="small muted">{t("webhooks-log.replay_tag")}</span>}
        <span class="mail-meta small muted">
          {formatDateTime(d.created_at)} · {summaryLine(d)}
        </span>
      </summary>
      <p class="small muted mono">
        {t("webhooks-log.delivery_ids", { id: d.id, event: d.event_id })}
        {d.replay_of ? ` · ${t("webhooks-log.replay_of", { id: d.replay_of })}` : ""}
      </p>
      <ErrorNotice error={error} />
      <Button small busy={busy} busyLabel={t("webhooks-log.queueing")} onClick={() => void run()}>
        {t("webhooks-log.replay")}
      </Button>
      <p class="small muted">{t("webhooks-log.body")}</p>
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
        <h2 id="wh-log">{t("webhooks-log.title")}</h2>
        <Button small onClick={list.reload}>
          {t("webhooks-log.refresh")}
        </Button>
      </div>
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading ? (
        <Loading label={t("webhooks-log.loading")} />
      ) : (
        <div class="stack">
          {list.items.length === 0 && !list.error && <p class="empty">{t("webhooks-log.empty")}</p>}
          {list.items.map((d) => (
            <Delivery key={d.id} d={d} onReplayed={list.prepend} />
          ))}
          {list.hasMore && (
            <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel={t("webhooks-log.loading_more")}>
              {t("webhooks-log.show_more")}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
