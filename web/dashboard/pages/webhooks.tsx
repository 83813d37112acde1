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
import { t } from "../i18n";
import type { PageProps } from "../nav";
import { PageHeader } from "../page";
import { Link } from "../router";
import { useSession } from "../session";
import { WebhookEndpointPage } from "./webhooks-endpoint";
import { WebhookForm, WebhookSecret } from "./webhooks-form";
import { EndpointBadge, type EndpointWithSecret, type WebhookEndpoint } from "./webhooks-shared";

function statusNote(e: WebhookEndpoint) {
  if (e.status === "failing") return t("webhooks.failing_since", { date: formatDateTime(e.failing_since) });
  if (e.status === "disabled") return t("webhooks.disabled_at", { date: formatDateTime(e.disabled_at) });
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
        title={t("webhooks.title")}
        description={t("webhooks.description")}
        actions={
          canManage &&
          !adding &&
          !created && (
            <Button variant="primary" onClick={() => setAdding(true)}>
              {t("webhooks.add_endpoint")}
            </Button>
          )
        }
      />
      {!canManage && (
        <Notice tone="info" title={t("webhooks.managers_only")}>
          <p>{t("webhooks.managers_only_explain")}</p>
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
          <Loading label={t("webhooks.loading")} />
        ) : list.items.length === 0 && !list.error ? (
          <p class="empty">{t("webhooks.empty", { mode })}</p>
        ) : (
          <div class="table-wrap">
            <table>
              <caption class="sr-only">{t("webhooks.caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("webhooks.col_address")}</th>
                  <th scope="col">{t("webhooks.col_events")}</th>
                  <th scope="col">{t("webhooks.col_status")}</th>
                  <th scope="col">{t("webhooks.col_added")}</th>
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
        <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel={t("webhooks.loading_more")}>
          {t("webhooks.show_more")}
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
