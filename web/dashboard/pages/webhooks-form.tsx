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
import { t } from "../i18n";
import { useSession } from "../session";
import { useAction } from "../use-action";
import { EVENT_TYPES, type EndpointWithSecret } from "./webhooks-shared";

/** Checkboxes for the event types. */
export function EventPicker({ chosen, onChange }: { chosen: string[]; onChange: (next: string[]) => void }) {
  return (
    <fieldset>
      <legend>{t("webhooks-form.events")}</legend>
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
        {rotated
          ? t("webhooks-form.secret_title_new", { url: endpoint.url })
          : t("webhooks-form.secret_title", { url: endpoint.url })}
      </h2>
      <Notice tone="warning" title={t("webhooks-form.copy_now")}>
        <p>{t("webhooks-form.secret_use")}</p>
        {rotated && endpoint.previous_secret_expires_at && (
          <p>
            {t("webhooks-form.previous_secret", {
              until: new Date(endpoint.previous_secret_expires_at).toLocaleString(),
            })}
          </p>
        )}
      </Notice>
      <div class="url-box">
        <input
          class="url-input mono secret-value"
          readOnly
          value={endpoint.secret}
          aria-label={t("webhooks-form.secret_aria")}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={endpoint.secret} label={t("webhooks-form.copy_secret")} variant="primary" />
      </div>
      <Button onClick={onDone}>{t("webhooks-form.saved_it")}</Button>
    </section>
  );
}

/** The formats an endpoint can receive, as people know them. */
const FORMATS: { value: EndpointWithSecret["format"]; label: string; hint: string }[] = [
  { value: "envelope", label: t("webhooks-form.format_envelope"), hint: t("webhooks-form.format_envelope_hint") },
  { value: "slack", label: "Slack", hint: t("webhooks-form.format_slack_hint") },
  { value: "discord", label: "Discord", hint: t("webhooks-form.format_discord_hint") },
  { value: "teams", label: "Microsoft Teams", hint: t("webhooks-form.format_teams_hint") },
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
      <legend>{t("webhooks-form.send_to")}</legend>
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
    if (events.length === 0) return fail(t("webhooks-form.no_event"));
    void run();
  };

  return (
    <form class="card form-card" onSubmit={submit} aria-labelledby="new-webhook-title">
      <h2 id="new-webhook-title">
        {t("webhooks-form.title")}{" "}
        <Badge tone={mode === "test" ? "test" : "good"}>
          {mode === "test" ? t("webhooks-form.mode_test") : t("webhooks-form.mode_live")}
        </Badge>
      </h2>
      <ErrorNotice error={error} />
      <Field label={t("webhooks-form.address")} hint={t("webhooks-form.address_hint")}>
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
        <Button type="submit" variant="primary" busy={busy} busyLabel={t("webhooks-form.adding")}>
          {t("webhooks-form.submit")}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t("webhooks-form.cancel")}
        </Button>
      </div>
    </form>
  );
}
