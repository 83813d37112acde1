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
    { success: "Endpoint enabled: new events will be sent again" },
  );
  return (
    <section class="card" aria-labelledby="wh-status">
      <h2 id="wh-status">
        Status <EndpointBadge status={e.status} />
      </h2>
      <ErrorNotice error={error} />
      {e.status === "active" && <p class="muted">Every recent delivery succeeded or is still on its way.</p>}
      {e.status === "failing" && (
        <Notice tone="warning" title={`Deliveries have been failing since ${formatDateTime(e.failing_since)}.`}>
          <p>
            Failed deliveries are retried for about 21 hours. After 24 hours without a success the endpoint is disabled
            and owners and admins are emailed.
          </p>
        </Notice>
      )}
      {e.status === "disabled" && (
        <Notice tone="error" title={`Disabled ${formatDateTime(e.disabled_at)} after 24 hours of failures.`}>
          <p>
            Nothing is sent to it. Fix the receiver, enable the endpoint, then replay the deliveries you need from the
            log below.
          </p>
          <Button variant="primary" busy={busy} busyLabel="Enabling…" onClick={() => void run()}>
            Enable endpoint
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
    { success: "Events saved" },
  );
  const changed = events.length !== e.events.length || events.some((x) => !(e.events as readonly string[]).includes(x));
  const save = () => (events.length === 0 ? fail("Choose at least one event.") : void run());
  return (
    <section class="card" aria-label="Events">
      <ErrorNotice error={error} />
      <EventPicker chosen={events} onChange={setEvents} />
      <Button variant="primary" disabled={!changed} busy={busy} busyLabel="Saving…" onClick={save}>
        Save events
      </Button>
    </section>
  );
}

function TestCard({ e, onQueued }: { e: WebhookEndpoint; onQueued: (d: WebhookDelivery) => void }) {
  const [type, setType] = useState<string>(e.events[0] ?? "submission.created");
  const { busy, error, run } = useAction(
    async (type: string) => onQueued(await api.post<WebhookDelivery>(`${endpointPath(e.id)}/test`, { type })),
    { success: (_, type) => `Sample ${type} event queued` },
  );
  return (
    <section class="card" aria-labelledby="wh-test">
      <h2 id="wh-test">Send a test event</h2>
      <p class="muted small">A sample event, signed and retried like a real one. Its ids refer to nothing.</p>
      <ErrorNotice error={error} />
      <Field label="Event type">
        {(p) => (
          <select {...p} value={type} onChange={(ev) => setType(ev.currentTarget.value)}>
            {EVENT_TYPES.map((t) => (
              <option key={t.type} value={t.type}>
                {t.type}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button busy={busy} busyLabel="Queueing…" disabled={e.status === "disabled"} onClick={() => void run(type)}>
        Send test event
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
        title="Webhook endpoint"
        description={<span class="mono">{e?.url ?? ""}</span>}
        actions={<Link to="webhooks">All endpoints</Link>}
      />
      <ErrorNotice error={endpoint.error} onRetry={endpoint.reload} />
      {endpoint.loading && !e && <Loading label="Loading endpoint…" />}
      {e && (
        <div class="stack">
          {secret && <WebhookSecret endpoint={secret} rotated onDone={() => setSecret(null)} />}
          <StatusCard e={e} onChanged={set} />
          <EventsCard key={e.events.join()} e={e} onChanged={set} />
          <TestCard e={e} onQueued={() => setLogKey((k) => k + 1)} />
          <VerificationSnippets />
          <DeliveryLog endpointId={e.id} refreshKey={logKey} />
          <section class="card" aria-labelledby="wh-danger">
            <h2 id="wh-danger">Secret and removal</h2>
            <div class="row">
              <ConfirmButton
                variant="primary"
                label="Rotate secret"
                question="Make a new signing secret? The current one keeps signing beside it for 24 hours."
                confirmLabel="Yes, rotate"
                busyLabel="Rotating…"
                onConfirm={async () => {
                  const rotated = await api.post<EndpointWithSecret>(`${endpointPath(e.id)}/rotate-secret`);
                  const { secret: _secret, ...shown } = rotated;
                  setSecret(rotated);
                  set(shown);
                }}
              />
              <ConfirmButton
                label="Delete endpoint"
                question="Delete this endpoint? Nothing more is sent to it and its delivery log is deleted."
                confirmLabel="Yes, delete"
                busyLabel="Deleting…"
                onConfirm={async () => {
                  await api.del(endpointPath(e.id));
                  toast("Endpoint deleted");
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
