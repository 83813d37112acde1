/**
 * One webhook endpoint: its status (with enable for a disabled one), the events it receives, a test event,
 * secret rotation, deletion, verification snippets for receivers, and its delivery log.
 */
import { useState } from "preact/hooks";
import { formatDateTime } from "../../shared/format";
import { useAsync } from "../../shared/hooks";
import { Button } from "../../shared/ui/button";
import { ConfirmButton } from "../../shared/ui/confirm-button";
import { Field } from "../../shared/ui/field";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import { t } from "../i18n";
import { PageHeader } from "../page";
import { Link, navigate } from "../router";
import { useToast } from "../toasts";
import { useAction } from "../use-action";
import { EventPicker, WebhookSecret } from "./webhooks-form";
import { DeliveryLog } from "./webhooks-log";
import {
  EndpointBadge,
  EVENT_TYPES,
  endpointPath,
  type EndpointWithSecret,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "./webhooks-shared";
import { VerificationSnippets } from "./webhooks-snippets";

function StatusCard({ e, onChanged }: { e: WebhookEndpoint; onChanged: (e: WebhookEndpoint) => void }) {
  const { busy, error, run } = useAction(
    async () => onChanged(await api.post<WebhookEndpoint>(`${endpointPath(e.id)}/enable`)),
    { success: t("webhooks-endpoint.enabled") },
  );
  return (
    <section class="card" aria-labelledby="wh-status">
      <h2 id="wh-status">
        {t("webhooks-endpoint.status")} <EndpointBadge status={e.status} />
      </h2>
      <ErrorNotice error={error} />
      {e.status === "active" && <p class="muted">{t("webhooks-endpoint.active")}</p>}
      {e.status === "failing" && (
        <Notice tone="warning" title={t("webhooks-endpoint.failing", { date: formatDateTime(e.failing_since) })}>
          <p>{t("webhooks-endpoint.failing_explain")}</p>
        </Notice>
      )}
      {e.status === "disabled" && (
        <Notice tone="error" title={t("webhooks-endpoint.disabled", { date: formatDateTime(e.disabled_at) })}>
          <p>{t("webhooks-endpoint.disabled_explain")}</p>
          <Button variant="primary" busy={busy} busyLabel={t("webhooks-endpoint.enabling")} onClick={() => void run()}>
            {t("webhooks-endpoint.enable")}
          </Button>
        </Notice>
      )}
    </section>
  );
}

function EventsCard({ e, onChanged }: { e: WebhookEndpoint; onChanged: (e: WebhookEndpoint) => void }) {
  const [events, setEvents] = useState<string[]>(e.events);
  const { busy, error, run, fail } = useAction(
    async () => onChanged(await api.patch<WebhookEndpoint>(endpointPath(e.id), { events })),
    { success: t("webhooks-endpoint.events_saved") },
  );
  const changed = events.length !== e.events.length || events.some((x) => !(e.events as readonly string[]).includes(x));
  const save = () => (events.length === 0 ? fail(t("webhooks-endpoint.no_event")) : void run());
  return (
    <section class="card" aria-label={t("webhooks-endpoint.events")}>
      <ErrorNotice error={error} />
      <EventPicker chosen={events} onChange={setEvents} />
      <Button
        variant="primary"
        disabled={!changed}
        busy={busy}
        busyLabel={t("webhooks-endpoint.saving")}
        onClick={save}
      >
        {t("webhooks-endpoint.save_events")}
      </Button>
    </section>
  );
}

function TestCard({ e, onQueued }: { e: WebhookEndpoint; onQueued: (d: WebhookDelivery) => void }) {
  const [type, setType] = useState<string>(e.events[0] ?? "submission.created");
  const { busy, error, run } = useAction(
    async (type: string) => onQueued(await api.post<WebhookDelivery>(`${endpointPath(e.id)}/test`, { type })),
    { success: (_, type) => t("webhooks-endpoint.test_queued", { type }) },
  );
  return (
    <section class="card" aria-labelledby="wh-test">
      <h2 id="wh-test">{t("webhooks-endpoint.test_title")}</h2>
      <p class="muted small">{t("webhooks-endpoint.test_explain")}</p>
      <ErrorNotice error={error} />
      <Field label={t("webhooks-endpoint.event_type")}>
        {(p) => (
          <select {...p} value={type} onChange={(ev) => setType(ev.currentTarget.value)}>
            {EVENT_TYPES.map((ev) => (
              <option key={ev.type} value={ev.type}>
                {ev.type}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button
        busy={busy}
        busyLabel={t("webhooks-endpoint.queueing")}
        disabled={e.status === "disabled"}
        onClick={() => void run(type)}
      >
        {t("webhooks-endpoint.send_test")}
      </Button>
    </section>
  );
}

/** The endpoint page. */
export function WebhookEndpointPage({ id }: { id: string }) {
  const toast = useToast();
  const endpoint = useAsync(() => api.get<WebhookEndpoint>(endpointPath(id)), [id]);
  const [secret, setSecret] = useState<EndpointWithSecret | null>(null);
  const [logKey, setLogKey] = useState(0);
  const e = endpoint.data;
  const set = (next: WebhookEndpoint) => endpoint.setData(next);

  return (
    <>
      <PageHeader
        title={t("webhooks-endpoint.title")}
        description={<span class="mono">{e?.url ?? ""}</span>}
        actions={<Link to="webhooks">{t("webhooks-endpoint.all_endpoints")}</Link>}
      />
      <ErrorNotice error={endpoint.error} onRetry={endpoint.reload} />
      {endpoint.loading && !e && <Loading label={t("webhooks-endpoint.loading")} />}
      {e && (
        <div class="stack">
          {secret && <WebhookSecret endpoint={secret} rotated onDone={() => setSecret(null)} />}
          <StatusCard e={e} onChanged={set} />
          <EventsCard key={e.events.join()} e={e} onChanged={set} />
          <TestCard e={e} onQueued={() => setLogKey((k) => k + 1)} />
          <VerificationSnippets />
          <DeliveryLog endpointId={e.id} refreshKey={logKey} />
          <section class="card" aria-labelledby="wh-danger">
            <h2 id="wh-danger">{t("webhooks-endpoint.danger")}</h2>
            <div class="row">
              <ConfirmButton
                variant="primary"
                label={t("webhooks-endpoint.rotate")}
                question={t("webhooks-endpoint.rotate_question")}
                confirmLabel={t("webhooks-endpoint.rotate_confirm")}
                busyLabel={t("webhooks-endpoint.rotating")}
                onConfirm={async () => {
                  const rotated = await api.post<EndpointWithSecret>(`${endpointPath(e.id)}/rotate-secret`);
                  const { secret: _secret, ...shown } = rotated;
                  setSecret(rotated);
                  set(shown);
                }}
              />
              <ConfirmButton
                label={t("webhooks-endpoint.delete")}
                question={t("webhooks-endpoint.delete_question")}
                confirmLabel={t("webhooks-endpoint.delete_confirm")}
                busyLabel={t("webhooks-endpoint.deleting")}
                onConfirm={async () => {
                  await api.del(endpointPath(e.id));
                  toast(t("webhooks-endpoint.deleted"));
                  navigate("webhooks");
                }}
              />
            </div>
          </section>
        </div>
      )}
    </>
  );
}
