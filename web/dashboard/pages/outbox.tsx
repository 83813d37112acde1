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
import { PageHeader } from "../page";
import type { OutboxMessage } from "../types";

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  outbox: { label: "Kept here (no mail server)", tone: "info" },
  queued: { label: "Waiting to send", tone: "warn" },
  sent: { label: "Sent", tone: "good" },
  failed: { label: "Failed", tone: "bad" },
};

function Message({ m }: { m: OutboxMessage }) {
  const status = STATUS[m.status] ?? { label: m.status, tone: "neutral" as const };
  return (
    <details class="card mail">
      <summary>
        <span class="mail-subject">{m.subject}</span>
        <span class="mail-meta small muted">
          To {m.to} · {formatDateTime(m.created_at)}
        </span>
        <Badge tone={status.tone}>{status.label}</Badge>
      </summary>
      {(m.from_name || m.reply_to) && (
        <p class="small muted">
          {m.from_name && <>From “{m.from_name}” at the server's address</>}
          {m.from_name && m.reply_to && " · "}
          {m.reply_to && <>Replies to {m.reply_to}</>}
        </p>
      )}
      {m.error && <p class="field-error">Error: {m.error}</p>}
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
      <PageHeader
        title="Mail outbox"
        description="Emails this appliance wrote for your organisation. Without a mail server they are kept here instead of being sent; open one to read it."
      />
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading ? (
        <Loading label="Loading messages…" />
      ) : (
        <div class="stack">
          {list.items.length === 0 && !list.error && <p class="empty">No messages yet.</p>}
          {list.items.map((m) => (
            <Message key={m.id} m={m} />
          ))}
          {list.hasMore && (
            <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel="Loading…">
              Show older messages
            </Button>
          )}
        </div>
      )}
    </>
  );
}
