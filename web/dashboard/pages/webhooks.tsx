/**
 * Webhooks: the endpoints of this organisation and mode with their status, adding one (secret shown once),
 * and, at `webhooks/{id}`, one endpoint with its delivery log.
 */
import { useState } from "preact/hooks";
import type { Page } from "../../shared/api";
import { formatDate, formatDateTime } from "../../shared/format";
import { usePaged } from "../../shared/hooks";
import { Button } from "../../shared/ui/button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import type { PageProps } from "../nav";
import { PageHeader } from "../page";
import { Link } from "../router";
import { useSession } from "../session";
import { WebhookEndpointPage } from "./webhooks-endpoint";
import { WebhookForm, WebhookSecret } from "./webhooks-form";
import { EndpointBadge, type EndpointWithSecret, type WebhookEndpoint } from "./webhooks-shared";

function statusNote(e: WebhookEndpoint) {
  if (e.status === "failing") return `Failing since ${formatDateTime(e.failing_since)}`;
  if (e.status === "disabled") return `Disabled ${formatDateTime(e.disabled_at)}`;
  return null;
}

function EndpointRow({ e }: { e: WebhookEndpoint }) {
  return (
    <tr>
      <td>
        <Link to={`webhooks/${e.id}`} class="mono">
          {e.url}
        </Link>
      </td>
      <td class="small">
        {e.events.map((ev) => (
          <code class="scope" key={ev}>
            {ev}
          </code>
        ))}
      </td>
      <td>
        <EndpointBadge status={e.status} />
        {statusNote(e) && <div class="small muted">{statusNote(e)}</div>}
      </td>
      <td class="small">{formatDate(e.created_at)}</td>
    </tr>
  );
}

function EndpointList() {
  const { mode, canManage } = useSession();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<EndpointWithSecret | null>(null);
  const list = usePaged<WebhookEndpoint>(
    (cursor) => api.get<Page<WebhookEndpoint>>("/v1/webhooks", { query: { limit: 25, cursor } }),
    [mode],
  );

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Plaudit tells your other systems about new, approved and rejected testimonials, finished reels and ready exports with signed HTTPS requests."
        actions={
          canManage &&
          !adding &&
          !created && (
            <Button variant="primary" onClick={() => setAdding(true)}>
              Add endpoint
            </Button>
          )
        }
      />
      {!canManage && (
        <Notice tone="info" title="Only owners and admins manage webhooks.">
          <p>Ask an owner or admin of this organisation to add or change endpoints.</p>
        </Notice>
      )}
      {created && <WebhookSecret endpoint={created} onDone={() => setCreated(null)} />}
      {adding && (
        <WebhookForm
          onCancel={() => setAdding(false)}
          onCreated={(e) => {
            setAdding(false);
            setCreated(e);
            const { secret: _secret, ...shown } = e;
            list.prepend(shown);
          }}
        />
      )}
      <ErrorNotice error={canManage ? list.error : null} onRetry={list.reload} />
      {canManage &&
        (list.loading ? (
          <Loading label="Loading endpoints…" />
        ) : list.items.length === 0 && !list.error ? (
          <p class="empty">
            No endpoints yet. Add one to start receiving events{mode === "test" ? " from the sandbox" : ""}.
          </p>
        ) : (
          <div class="table-wrap">
            <table>
              <caption class="sr-only">Webhook endpoints</caption>
              <thead>
                <tr>
                  <th scope="col">Address</th>
                  <th scope="col">Events</th>
                  <th scope="col">Status</th>
                  <th scope="col">Added</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((e) => (
                  <EndpointRow key={e.id} e={e} />
                ))}
              </tbody>
            </table>
          </div>
        ))}
      {list.hasMore && (
        <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel="Loading…">
          Show more endpoints
        </Button>
      )}
    </>
  );
}

/** The Webhooks page: the list, or one endpoint when the address names it. */
export function WebhooksPage({ rest }: PageProps) {
  const id = rest.split("/")[0];
  return id ? <WebhookEndpointPage id={id} /> : <EndpointList />;
}
