/**
 * API keys: the list (name, masked key, mode, permissions, last use), creating one (secret shown once) and
 * revoking one after a confirmation.
 */
import { useState } from "preact/hooks";
import type { Page } from "../../shared/api";
import { formatDate, formatDateTime } from "../../shared/format";
import { useAsync, usePaged } from "../../shared/hooks";
import { Badge } from "../../shared/ui/badge";
import { Button } from "../../shared/ui/button";
import { ConfirmButton } from "../../shared/ui/confirm-button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import { PageHeader } from "../page";
import { Link } from "../router";
import { useToast } from "../toasts";
import type { ApiKey, Billing, CreatedApiKey } from "../types";
import { ApiKeyForm, SecretReveal } from "./api-key-form";
import { t } from "../i18n";

function KeyRow({ k, onRevoked }: { k: ApiKey; onRevoked: (k: ApiKey) => void }) {
  const toast = useToast();
  return (
    <tr>
      <td>
        <strong>{k.name}</strong>
        <div class="mono small muted">
          {k.prefix}…{k.last4}
        </div>
      </td>
      <td>
        <Badge tone={k.mode === "test" ? "test" : "good"}>
          {k.mode === "test" ? t("api-keys.mode_test") : t("api-keys.mode_live")}
        </Badge>
      </td>
      <td class="small">
        {k.scopes.map((s) => (
          <code class="scope" key={s}>
            {s}
          </code>
        ))}
      </td>
      <td class="small">
        {formatDate(k.created_at)}
        <div class="muted">
          {k.last_used_at
            ? t("api-keys.last_used", { when: formatDateTime(k.last_used_at) })
            : t("api-keys.never_used")}
        </div>
      </td>
      <td>
        {k.revoked_at ? (
          <Badge tone="bad">{t("api-keys.revoked", { date: formatDate(k.revoked_at) })}</Badge>
        ) : (
          <ConfirmButton
            label={t("api-keys.revoke")}
            question={t("api-keys.revoke_question", { name: k.name })}
            confirmLabel={t("api-keys.revoke_confirm")}
            busyLabel={t("api-keys.revoking")}
            onConfirm={async () => {
              await api.del(`/v1/api-keys/${encodeURIComponent(k.id)}`);
              onRevoked({ ...k, revoked_at: new Date().toISOString() });
              toast(t("api-keys.revoked_toast", { name: k.name }));
            }}
          />
        )}
      </td>
    </tr>
  );
}

/** Warns when the plan does not include API access (keys can be made, but are refused until it does). */
function PlanWarning() {
  const billing = useAsync(() => api.get<Billing>("/v1/billing"), []);
  const plan = billing.data?.plans.find((p) => p.id === billing.data?.plan);
  if (!plan || plan.features?.api_access !== false) return null;
  return (
    <Notice tone="warning" title={t("api-keys.plan_warning", { plan: plan.name })}>
      <p>
        {t("api-keys.plan_warning_body")} <Link to="billing">{t("api-keys.see_plans")}</Link>
      </p>
    </Notice>
  );
}

/** The API keys page. */
export function ApiKeysPage() {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const list = usePaged<ApiKey>(
    (cursor) => api.get<Page<ApiKey>>("/v1/api-keys", { query: { limit: 25, cursor } }),
    [],
  );

  return (
    <>
      <PageHeader
        title={t("api-keys.title")}
        description={t("api-keys.description")}
        actions={
          !creating &&
          !created && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              {t("api-keys.new")}
            </Button>
          )
        }
      />
      <PlanWarning />
      {created && <SecretReveal created={created} onDone={() => setCreated(null)} />}
      {creating && (
        <ApiKeyForm
          onCancel={() => setCreating(false)}
          onCreated={(k) => {
            setCreating(false);
            setCreated(k);
            const { secret: _secret, ...shown } = k;
            list.prepend(shown);
          }}
        />
      )}
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.loading ? (
        <Loading label={t("api-keys.loading")} />
      ) : list.items.length === 0 && !list.error ? (
        <p class="empty">{t("api-keys.empty")}</p>
      ) : (
        <div class="table-wrap">
          <table>
            <caption class="sr-only">{t("api-keys.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("api-keys.col_name")}</th>
                <th scope="col">{t("api-keys.col_mode")}</th>
                <th scope="col">{t("api-keys.col_permissions")}</th>
                <th scope="col">{t("api-keys.col_created")}</th>
                <th scope="col">{t("api-keys.col_status")}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((k) => (
                <KeyRow key={k.id} k={k} onRevoked={list.replace} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.hasMore && (
        <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel={t("api-keys.loading_more")}>
          {t("api-keys.show_more")}
        </Button>
      )}
    </>
  );
}
