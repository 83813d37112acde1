/**
 * The mail outbox: every email the appliance wrote for this organisation. When no mail server is configured,
 * messages stay here instead of being sent, so invitations and notices can still be read and passed on.
 */
import type { Page } from "../../shared/api";
import { formatDateTime } from "../../shared/format";
import { usePaged } from "../../shared/hooks";
import { Badge, type BadgeTone } from "../../shared/ui/badge";
import { Button } from "../../shared/ui/button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { t } from "../i18n";
import { PageHeader } from "../page";
import type { OutboxMessage } from "../types";

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  outbox: { label: t("outbox.status_outbox"), tone: "info" },
  queued: { label: t("outbox.status_queued"), tone: "warn" },
  sent: { label: t("outbox.status_sent"), tone: "good" },
  failed: { label: t("outbox.status_failed"), tone: "bad" },
};

function Message({ m }: { m: OutboxMessage }) {
  const status = STATUS[m.status] ?? { label: m.status, tone: "neutral" as const };
  return (
    <details class="card mail">
      <summary>
        <span class="mail-subject">{m.subject}</span>
        <span class="mail-meta small muted">{t("outbox.to", { to: m.to, date: formatDateTime(m.created_at) })}</span>
        <Badge tone={status.tone}>{status.label}</Badge>
      </summary>
      {(m.from_name || m.reply_to) && (
        <p class="small muted">
          {m.from_name && t("outbox.from", { name: m.from_name })}
          {m.from_name && m.reply_to && " · "}
          {m.reply_to && t("outbox.reply_to", { address: m.reply_to })}
        </p>
      )}
      {m.error && <p class="field-error">{t("outbox.error", { error: m.error })}</p>}
      <pre class="mail-text">{m.text}</pre>
    </details>
  );
}

/** The Mail outbox page. */
export function OutboxPage() {
  const list = usePaged<OutboxMessage>(
    (cursor) => api.get<Page<OutboxMessage>>("/v1/outbox", { query: { limit: 25, cursor } }),
    [],
  );
  return (
    <>
      <PageHeader title={t("outbox.title")} description={t("outbox.description")} />
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading ? (
        <Loading label={t("outbox.loading")} />
      ) : (
        <div class="stack">
          {list.items.length === 0 && !list.error && <p class="empty">{t("outbox.empty")}</p>}
          {list.items.map((m) => (
            <Message key={m.id} m={m} />
          ))}
          {list.hasMore && (
            <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel={t("outbox.loading_more")}>
              {t("outbox.show_more")}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
