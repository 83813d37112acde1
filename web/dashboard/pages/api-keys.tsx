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
        <Badge tone={k.mode === "test" ? "test" : "good"}>{k.mode === "test" ? "Test" : "Live"}</Badge>
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
        <div class="muted">{k.last_used_at ? `Last used ${formatDateTime(k.last_used_at)}` : "Never used"}</div>
      </td>
      <td>
        {k.revoked_at ? (
          <Badge tone="bad">Revoked {formatDate(k.revoked_at)}</Badge>
        ) : (
          <ConfirmButton
            label="Revoke"
            question={`Revoke “${k.name}”? Software using it stops working at once.`}
            confirmLabel="Yes, revoke key"
            busyLabel="Revoking…"
            onConfirm={async () => {
              await api.del(`/v1/api-keys/${encodeURIComponent(k.id)}`);
              onRevoked({ ...k, revoked_at: new Date().toISOString() });
              toast(`Key “${k.name}” revoked`);
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
    <Notice tone="warning" title={`The ${plan.name} plan does not include API access.`}>
      <p>
        You can create keys now, but requests made with them are refused until the organisation moves to a plan with API
        access. <Link to="billing">See plans</Link>
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
        title="API keys"
        description="Keys let your own software use the Plaudit API on behalf of this organisation."
        actions={
          !creating &&
          !created && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              New API key
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
        <Loading label="Loading keys…" />
      ) : list.items.length === 0 && !list.error ? (
        <p class="empty">No keys yet.</p>
      ) : (
        <div class="table-wrap">
          <table>
            <caption class="sr-only">API keys</caption>
            <thead>
              <tr>
                <th scope="col">Name and key</th>
                <th scope="col">Mode</th>
                <th scope="col">Permissions</th>
                <th scope="col">Created</th>
                <th scope="col">Status</th>
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
        <Button onClick={list.loadMore} busy={list.loadingMore} busyLabel="Loading…">
          Show more keys
        </Button>
      )}
    </>
  );
}
