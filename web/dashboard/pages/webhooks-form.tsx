/**
 * Adding a webhook endpoint: its https address, where the events go (a receiver of the API's JSON, or a Slack,
 * Discord or Teams incoming webhook) and the events it receives. The secret comes back once and is
 * shown with a copy button until the person says they saved it. The event picker is reused to change events.
 */
import { useState } from "preact/hooks";
import { Badge } from "../../shared/ui/badge";
import { Button } from "../../shared/ui/button";
import { CopyButton } from "../../shared/ui/copy-button";
import { Field } from "../../shared/ui/field";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import { useSession } from "../session";
import { useAction } from "../use-action";
import { EVENT_TYPES, type EndpointWithSecret } from "./webhooks-shared";

/** Checkboxes for the event types. */
export function EventPicker({ chosen, onChange }: { chosen: string[]; onChange: (next: string[]) => void }) {
  return (
    <fieldset>
      <legend>Events to send</legend>
      {EVENT_TYPES.map((e) => (
        <label class="check" key={e.type}>
          <input
            type="checkbox"
            name="event"
            value={e.type}
            checked={chosen.includes(e.type)}
            onChange={(ev) =>
              onChange(ev.currentTarget.checked ? [...chosen, e.type] : chosen.filter((c) => c !== e.type))
            }
          />
          <span>
            <code>{e.type}</code>
            <span class="hint"> {e.label}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** Shows a signing secret once (after creating an endpoint or rotating its secret). */
export function WebhookSecret({
  endpoint,
  rotated,
  onDone,
}: {
  endpoint: EndpointWithSecret;
  rotated?: boolean;
  onDone: () => void;
}) {
  return (
    <section class="card secret-card" aria-labelledby="wh-secret-title">
      <h2 id="wh-secret-title">
        {rotated ? "New signing secret" : "Signing secret"} for {endpoint.url}
      </h2>
      <Notice tone="warning" title="Copy this secret now. It is shown only once.">
        <p>
          Your receiver uses it to check the X-Signature header of every request. Keep it in your server's secret
          settings.
        </p>
        {rotated && endpoint.previous_secret_expires_at && (
          <p>
            The previous secret keeps signing too (a second v1 value) until{" "}
            {new Date(endpoint.previous_secret_expires_at).toLocaleString()}, so you can switch over.
          </p>
        )}
      </Notice>
      <div class="url-box">
        <input
          class="url-input mono secret-value"
          readOnly
          value={endpoint.secret}
          aria-label="Signing secret"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={endpoint.secret} label="Copy secret" variant="primary" />
      </div>
      <Button onClick={onDone}>I have saved it</Button>
    </section>
  );
}

/** The formats an endpoint can receive, as people know them. */
const FORMATS: { value: EndpointWithSecret["format"]; label: string; hint: string }[] = [
  { value: "envelope", label: "Your own receiver", hint: "The signed JSON of each event (see the API reference)." },
  { value: "slack", label: "Slack", hint: "A Slack incoming-webhook address: each event as a Slack message." },
  { value: "discord", label: "Discord", hint: "A Discord channel's webhook address: each event as a message." },
  { value: "teams", label: "Microsoft Teams", hint: "A Teams workflow's webhook address: each event as a card." },
];

/** Where the events go: a receiver of the API's JSON, or a chat app. */
export function FormatPicker({
  value,
  onChange,
}: {
  value: EndpointWithSecret["format"];
  onChange: (next: EndpointWithSecret["format"]) => void;
}) {
  return (
    <fieldset>
      <legend>Send to</legend>
      {FORMATS.map((f) => (
        <label class="check" key={f.value}>
          <input
            type="radio"
            name="format"
            value={f.value}
            checked={value === f.value}
            onChange={() => onChange(f.value)}
          />
          <span>
            <strong>{f.label}</strong>
            <span class="hint"> {f.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The add-endpoint form. */
export function WebhookForm({
  onCreated,
  onCancel,
}: {
  onCreated: (e: EndpointWithSecret) => void;
  onCancel: () => void;
}) {
  const { mode } = useSession();
  const [url, setUrl] = useState("https://");
  const [events, setEvents] = useState<string[]>(["submission.created", "submission.approved"]);
  const [format, setFormat] = useState<EndpointWithSecret["format"]>("envelope");
  const { busy, error, run, fail } = useAction(
    async () => onCreated(await api.post<EndpointWithSecret>("/v1/webhooks", { url: url.trim(), events, format })),
    { leaves: true },
  );

  const submit = (e: Event) => {
    e.preventDefault();
    if (events.length === 0) return fail("Choose at least one event.");
    void run();
  };

  return (
    <form class="card form-card" onSubmit={submit} aria-labelledby="new-webhook-title">
      <h2 id="new-webhook-title">
        New endpoint <Badge tone={mode === "test" ? "test" : "good"}>{mode === "test" ? "Test" : "Live"}</Badge>
      </h2>
      <ErrorNotice error={error} />
      <Field label="Address" hint="An https address on the public internet that answers 2xx within 10 seconds.">
        {(p) => (
          <input
            {...p}
            type="url"
            name="url"
            required
            maxLength={2048}
            value={url}
            onInput={(e) => setUrl(e.currentTarget.value)}
          />
        )}
      </Field>
      <FormatPicker value={format} onChange={setFormat} />
      <EventPicker chosen={events} onChange={setEvents} />
      <div class="row">
        <Button type="submit" variant="primary" busy={busy} busyLabel="Adding…">
          Add endpoint
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
