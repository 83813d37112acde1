/**
 * "Notifications": the signed-in person's own new-testimonial emails in this organisation and mode (every role, a
 * client's too): an email for each new testimonial, a daily summary at a chosen hour in their time zone, or none;
 * for every brand they see or only some. Saved with one button (`PATCH /v1/me/notifications`).
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { useAsync } from "../../shared/hooks";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import { rich, t } from "../i18n";
import { PageHeader } from "../page";
import { useUnsavedChanges } from "../router";
import { useSession } from "../session";
import { useAction } from "../use-action";
import type { Notifications, NotificationsChange } from "../types";

type Frequency = Notifications["new_testimonials"];

const CHOICES: { value: Frequency; label: string; hint: string }[] = [
  {
    value: "each",
    label: t("notifications.each"),
    hint: t("notifications.each_hint"),
  },
  {
    value: "daily",
    label: t("notifications.daily"),
    hint: t("notifications.daily_hint"),
  },
  { value: "off", label: t("notifications.off"), hint: t("notifications.off_hint") },
];

/** "08:00" for an hour. */
const hourLabel = (h: number) => `${String(h).padStart(2, "0")}:00`;

/** The time zones this browser knows, the person's own first. */
function timeZones(own: string): string[] {
  const all = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  return [...new Set([own, "UTC", ...all])];
}

/** The form, once the settings are loaded. */
function NotificationsForm({ initial }: { initial: Notifications }) {
  const { brands, mode } = useSession();
  const browserZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC", []);
  const [saved, setSaved] = useState(initial);
  const [frequency, setFrequency] = useState<Frequency>(initial.new_testimonials);
  const [limited, setLimited] = useState(initial.brand_ids !== null);
  const [chosen, setChosen] = useState<string[]>(initial.brand_ids ?? []);
  const [hour, setHour] = useState(initial.digest_hour);
  // Someone choosing a daily summary for the first time gets their own time zone, not UTC.
  const [zone, setZone] = useState(initial.is_default ? browserZone : initial.time_zone);

  const change: NotificationsChange = {
    new_testimonials: frequency,
    brand_ids: limited ? chosen : null,
    digest_hour: hour,
    time_zone: zone,
  };
  const dirty =
    saved.is_default ||
    frequency !== saved.new_testimonials ||
    JSON.stringify(change.brand_ids) !== JSON.stringify(saved.brand_ids) ||
    hour !== saved.digest_hour ||
    zone !== saved.time_zone;
  useUnsavedChanges(dirty && !saved.is_default);
  const zones = useMemo(() => timeZones(browserZone), [browserZone]);
  const noBrand = limited && chosen.length === 0 && frequency !== "off";

  const { busy, error, run } = useAction(
    async (body: NotificationsChange) => setSaved(await api.patch<Notifications>("/v1/me/notifications", body)),
    { success: t("notifications.saved") },
  );
  const submit = (e: Event) => {
    e.preventDefault();
    void run(change);
  };

  return (
    <form class="card form-card" onSubmit={submit} aria-labelledby="notify-new">
      <h2 id="notify-new">{t("notifications.new_testimonials")}</h2>
      <p class="muted">
        {rich("notifications.explain", { email: saved.email, strong: (parts) => <strong>{parts}</strong> })}
      </p>
      {mode === "test" && (
        <Notice tone="info" title={t("notifications.test_mode")}>
          {t("notifications.test_mode_explain")}
        </Notice>
      )}
      {mode === "live" && !saved.delivered && (
        <Notice tone="warning" title={t("notifications.no_mail")}>
          {t("notifications.no_mail_explain")}
        </Notice>
      )}
      {saved.is_default && <p class="hint">{t("notifications.default", { frequency: saved.new_testimonials })}</p>}
      <ErrorNotice error={error} />
      <fieldset>
        <legend>{t("notifications.how_often")}</legend>
        {CHOICES.map((c) => (
          <label class="check" key={c.value}>
            <input
              type="radio"
              name="frequency"
              value={c.value}
              checked={frequency === c.value}
              onChange={() => setFrequency(c.value)}
            />
            <span>
              {c.label}
              <span class="hint check-hint">{c.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {frequency === "daily" && (
        <div class="form-grid">
          <Field label={t("notifications.send_at")} hint={t("notifications.send_at_hint")}>
            {(p) => (
              <select {...p} name="digest-hour" value={hour} onChange={(e) => setHour(Number(e.currentTarget.value))}>
                {Array.from({ length: 24 }, (_, h) => (
                  <option key={h} value={h}>
                    {hourLabel(h)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t("notifications.time_zone")}>
            {(p) => (
              <select {...p} name="time-zone" value={zone} onChange={(e) => setZone(e.currentTarget.value)}>
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z.replace(/_/g, " ")}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      )}
      {frequency !== "off" && (
        <fieldset>
          <legend>{t("notifications.which_brands")}</legend>
          <label class="check">
            <input type="radio" name="brand-scope" checked={!limited} onChange={() => setLimited(false)} />
            <span>{t("notifications.every_brand", { count: brands.length })}</span>
          </label>
          <label class="check">
            <input type="radio" name="brand-scope" checked={limited} onChange={() => setLimited(true)} />
            <span>{t("notifications.only_these")}</span>
          </label>
          {limited && (
            <div class="notify-brands">
              {brands.map((b) => (
                <label class="check" key={b.id}>
                  <input
                    type="checkbox"
                    name="notify-brand"
                    value={b.id}
                    checked={chosen.includes(b.id)}
                    onChange={(e) =>
                      setChosen(e.currentTarget.checked ? [...chosen, b.id] : chosen.filter((x) => x !== b.id))
                    }
                  />
                  <span>{b.name}</span>
                </label>
              ))}
              {noBrand && <p class="field-error">{t("notifications.no_brand")}</p>}
            </div>
          )}
        </fieldset>
      )}
      <p class="hint notify-footnote">{t("notifications.footnote")}</p>
      <Button
        type="submit"
        variant="primary"
        busy={busy}
        busyLabel={t("notifications.saving")}
        disabled={!dirty || noBrand}
      >
        {t("notifications.save")}
      </Button>
    </form>
  );
}

/** The Notifications page. */
export function NotificationsPage() {
  const { org, mode } = useSession();
  const settings = useAsync(() => api.get<Notifications>("/v1/me/notifications"), [org.org_id, mode]);
  const [key, setKey] = useState(0);
  useEffect(() => setKey((k) => k + 1), [settings.data]);
  return (
    <>
      <PageHeader
        title={t("notifications.title")}
        description={t("notifications.description", { org: org.org_name })}
      />
      {settings.loading && <Loading label={t("notifications.loading")} />}
      <ErrorNotice error={settings.error} onRetry={settings.reload} />
      {settings.data && <NotificationsForm key={key} initial={settings.data} />}
    </>
  );
}
