/**
 * The link editor: creates a collect link, or changes one. A title and a friendly address (with its former
 * addresses, a Release button each); the questions (answered in turn, each with a time limit); which ways to answer
 * the page takes and whether it asks for a rating; welcome and thank-you words; what happens after sending
 * (nothing, a button, or straight on to another page); the link's own questions; a photo; when it stops taking
 * testimonials (a date, a number); the consent wording with its version. Everything is checked in plain words before
 * sending, and a refusal from the server lands on its field. Creating carries a fresh `Idempotency-Key`. Leaving with
 * unsaved changes asks first. Beside it, a live preview of the capture page (phone and desktop) follows the draft as
 * it is typed (link-preview.tsx).
 */
import { LANGUAGES } from "../../../src/platform/i18n/languages";
import { LANGUAGE_NAMES } from "./brand-languages";
import { useState } from "preact/hooks";
import { ApiError, idempotencyKey } from "../../shared/api";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { api } from "../api";
import { t } from "../i18n";
import { useUnsavedChanges } from "../router";
import { useAction } from "../use-action";
import type { Brand, CollectLink } from "../types";
import { CustomFieldsEditor } from "./link-custom-fields";
import { FormerSlugs } from "./former-slugs";
import { LinkPreview } from "./link-preview";
import { LinkTranslations } from "./link-translations";
import { previewViewOf } from "./link-preview-view";
import { bodyOf, checkDraft, draftOf, emptyDraft, KINDS, newKey, type DraftErrors, type LinkDraft } from "./link-draft";
import "./link-form.css";

/** Props of `LinkForm`: `link` to change one, none to create. */
export interface LinkFormProps {
  brand: Brand;
  link?: CollectLink;
  onSaved: (link: CollectLink) => void;
  onCancel: () => void;
  /** Gets the link after one of its former addresses was released (the editor stays open). */
  onReleased?: (link: CollectLink) => void;
}

/** The address part before a slug: the live site's `/c/`, or the sandbox path in test mode. */
function slugPrefix(brand: Brand): string {
  const wall = brand.public_wall_url;
  return `${wall.slice(0, wall.lastIndexOf("/b/"))}/c/`;
}

/** Creates a link for `brand`, or changes `link`. */
export function LinkForm({ brand, link, onSaved, onCancel, onReleased }: LinkFormProps) {
  const [start] = useState(() => (link ? draftOf(link) : emptyDraft(brand.name)));
  const [d, setDraft] = useState<LinkDraft>(start);
  const [errors, setErrors] = useState<DraftErrors>({});
  const { busy, error, run, fail } = useAction(
    async () => {
      try {
        const saved = link
          ? await api.patch<CollectLink>(`/v1/links/${encodeURIComponent(link.id)}`, bodyOf(d))
          : await api.post<CollectLink>(`/v1/brands/${encodeURIComponent(brand.id)}/links`, bodyOf(d), {
              headers: { "idempotency-key": idempotencyKey() },
            });
        onSaved(saved);
      } catch (err) {
        // The field the server named is marked too.
        if (err instanceof ApiError && err.field) setErrors({ [err.field]: err.message });
        throw err;
      }
    },
    { leaves: true },
  );
  const set = (change: Partial<LinkDraft>) => setDraft((x) => ({ ...x, ...change }));
  const editing = !!link;

  useUnsavedChanges(
    JSON.stringify(bodyOf(d)) !== JSON.stringify(bodyOf(start)),
    editing ? t("link-form.unsaved_changes") : t("link-form.unsaved_new"),
  );

  const editPrompt = (key: number, change: Partial<LinkDraft["prompts"][number]>) =>
    set({ prompts: d.prompts.map((p) => (p.key === key ? { ...p, ...change } : p)) });

  const submit = (e: Event) => {
    e.preventDefault();
    const found = checkDraft(d);
    setErrors(found);
    if (Object.keys(found).length) {
      fail(t("link-form.fix_fields", { count: Object.keys(found).length }));
      requestAnimationFrame(() => document.querySelector<HTMLElement>(".link-form [aria-invalid='true']")?.focus());
      return;
    }
    void run();
  };

  const prefix = slugPrefix(brand);
  const headingId = link ? `edit-link-${link.id}` : "new-link-title";
  return (
    <div class="link-editor">
      <form class="card form-card link-form" onSubmit={submit} aria-labelledby={headingId} noValidate>
        <h2 id={headingId}>
          {link ? t("link-form.edit_title", { title: link.title }) : t("link-form.new_title", { brand: brand.name })}
        </h2>
        <ErrorNotice error={error} />

        <Field label={t("link-form.title")} hint={t("link-form.title_hint")} error={errors.title}>
          {(p) => (
            <input
              {...p}
              name="title"
              maxLength={200}
              value={d.title}
              onInput={(e) => set({ title: e.currentTarget.value })}
            />
          )}
        </Field>
        <Field
          label={t("link-form.slug")}
          optional
          hint={
            /^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/.test(d.slug.trim())
              ? t("link-form.slug_hint_set", { address: `${prefix}${d.slug.trim()}` })
              : t("link-form.slug_hint")
          }
          error={errors.slug}
        >
          {(p) => (
            <div class="slug-input">
              <span class="muted mono slug-prefix" aria-hidden="true">
                {prefix}
              </span>
              <input
                {...p}
                name="slug"
                class="mono"
                maxLength={60}
                autoCapitalize="off"
                spellcheck={false}
                value={d.slug}
                onInput={(e) => set({ slug: e.currentTarget.value.toLowerCase() })}
              />
            </div>
          )}
        </Field>
        {link && onReleased && (
          <FormerSlugs<CollectLink>
            path={`/v1/links/${encodeURIComponent(link.id)}`}
            former={link.former_slugs}
            addressOf={(s) => `${prefix}${s}`}
            onReleased={onReleased}
            what={t("link-form.former_what")}
          />
        )}

        <fieldset class="link-section">
          <legend>{t("link-form.questions")}</legend>
          <p class="hint">{t("link-form.questions_hint")}</p>
          {d.prompts.map((p, i) => (
            <div class="prompt-row" key={p.key}>
              <Field label={t("link-form.question", { number: i + 1 })} error={errors[`prompts[${i}].text`]}>
                {(c) => (
                  <textarea
                    {...c}
                    name={`prompt-${i + 1}`}
                    rows={2}
                    maxLength={500}
                    value={p.text}
                    onInput={(e) => editPrompt(p.key, { text: e.currentTarget.value })}
                  />
                )}
              </Field>
              <Field label={t("link-form.time_limit")} error={errors[`prompts[${i}].max_seconds`]}>
                {(c) => (
                  <input
                    {...c}
                    name={`prompt-${i + 1}-seconds`}
                    type="number"
                    min={10}
                    max={600}
                    step={1}
                    value={p.max_seconds}
                    onInput={(e) => editPrompt(p.key, { max_seconds: Math.round(Number(e.currentTarget.value)) || 0 })}
                  />
                )}
              </Field>
              {d.prompts.length > 1 && (
                <Button
                  small
                  variant="ghost"
                  onClick={() => set({ prompts: d.prompts.filter((x) => x.key !== p.key) })}
                  aria-label={t("link-form.remove_question", { number: i + 1 })}
                >
                  {t("link-form.remove")}
                </Button>
              )}
            </div>
          ))}
          {d.prompts.length < 10 && (
            <Button
              small
              onClick={() => set({ prompts: [...d.prompts, { key: newKey(), text: "", max_seconds: 60 }] })}
            >
              {t("link-form.add_question")}
            </Button>
          )}
        </fieldset>

        <fieldset class="link-section" aria-describedby={errors.accepts ? "accepts-error" : undefined}>
          <legend>{t("link-form.how_answer")}</legend>
          <div class="row">
            {KINDS.map((k) => (
              <label class="check" key={k.id}>
                <input
                  type="checkbox"
                  name={`accepts-${k.id}`}
                  checked={d.accepts[k.id]}
                  aria-invalid={errors.accepts ? true : undefined}
                  onChange={(e) => set({ accepts: { ...d.accepts, [k.id]: e.currentTarget.checked } })}
                />
                {k.label}
              </label>
            ))}
          </div>
          {errors.accepts && (
            <p class="field-error" id="accepts-error">
              {errors.accepts}
            </p>
          )}
          <label class="check">
            <input
              type="checkbox"
              checked={d.askRating}
              onChange={(e) => set({ askRating: e.currentTarget.checked })}
            />
            {t("link-form.ask_rating")}
          </label>
          <label class="check">
            <input
              type="checkbox"
              checked={d.collectPhoto}
              onChange={(e) => set({ collectPhoto: e.currentTarget.checked })}
            />
            {t("link-form.ask_photo")}
          </label>
          <Field label={t("link-form.language")} hint={t("link-form.language_hint")}>
            {(f) => (
              <select {...f} value={d.language} onChange={(e) => set({ language: e.currentTarget.value })}>
                <option value="">{t("link-form.language_visitor")}</option>
                {LANGUAGES.map((lang) => (
                  <option key={lang} value={lang} lang={lang}>
                    {LANGUAGE_NAMES[lang]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </fieldset>

        <fieldset class="link-section">
          <legend>{t("link-form.messages")}</legend>
          <Field
            label={t("link-form.welcome")}
            optional
            hint={t("link-form.welcome_hint")}
            error={errors.welcome_message}
          >
            {(p) => (
              <textarea
                {...p}
                name="welcome_message"
                rows={2}
                value={d.welcome}
                onInput={(e) => set({ welcome: e.currentTarget.value })}
              />
            )}
          </Field>
          <Field
            label={t("link-form.thank_you")}
            optional
            hint={t("link-form.thank_you_hint")}
            error={errors.thank_you_message}
          >
            {(p) => (
              <textarea
                {...p}
                name="thank_you_message"
                rows={2}
                value={d.thankYou}
                onInput={(e) => set({ thankYou: e.currentTarget.value })}
              />
            )}
          </Field>
        </fieldset>

        <fieldset class="link-section">
          <legend>{t("link-form.after_sending")}</legend>
          {(
            [
              ["none", t("link-form.after_none")],
              ["button", t("link-form.after_button")],
              ["redirect", t("link-form.after_redirect")],
            ] as const
          ).map(([value, label]) => (
            <label class="check" key={value}>
              <input type="radio" name="after" checked={d.after === value} onChange={() => set({ after: value })} />
              {label}
            </label>
          ))}
          {d.after === "button" && (
            <div class="form-grid">
              <Field label={t("link-form.cta_label")} error={errors["call_to_action.label"]}>
                {(p) => (
                  <input
                    {...p}
                    name="cta_label"
                    maxLength={60}
                    value={d.ctaLabel}
                    onInput={(e) => set({ ctaLabel: e.currentTarget.value })}
                  />
                )}
              </Field>
              <Field label={t("link-form.cta_url")} error={errors["call_to_action.url"] ?? errors.call_to_action}>
                {(p) => (
                  <input
                    {...p}
                    name="cta_url"
                    type="url"
                    placeholder="https://"
                    value={d.ctaUrl}
                    onInput={(e) => set({ ctaUrl: e.currentTarget.value })}
                  />
                )}
              </Field>
            </div>
          )}
          {d.after === "redirect" && (
            <Field label={t("link-form.redirect")} hint={t("link-form.redirect_hint")} error={errors.redirect_url}>
              {(p) => (
                <input
                  {...p}
                  name="redirect_url"
                  type="url"
                  placeholder="https://"
                  value={d.redirectUrl}
                  onInput={(e) => set({ redirectUrl: e.currentTarget.value })}
                />
              )}
            </Field>
          )}
        </fieldset>

        <CustomFieldsEditor fields={d.fields} onChange={(fields) => set({ fields })} errors={errors} />

        <fieldset class="link-section">
          <legend>{t("link-form.when_stop")}</legend>
          <div class="form-grid">
            <Field
              label={t("link-form.closes_on")}
              optional
              hint={t("link-form.closes_on_hint")}
              error={errors.expires_at}
            >
              {(p) => (
                <input
                  {...p}
                  name="expires_at"
                  type="datetime-local"
                  value={d.expiresAt}
                  onInput={(e) => set({ expiresAt: e.currentTarget.value })}
                />
              )}
            </Field>
            <Field
              label={t("link-form.max_responses")}
              optional
              hint={t("link-form.max_responses_hint")}
              error={errors.max_responses}
            >
              {(p) => (
                <input
                  {...p}
                  name="max_responses"
                  inputMode="numeric"
                  value={d.maxResponses}
                  onInput={(e) => set({ maxResponses: e.currentTarget.value })}
                />
              )}
            </Field>
          </div>
          {link && link.max_responses !== null && (
            <p class="hint">
              {t("link-form.received_so_far", { count: link.response_count, max: link.max_responses })}
            </p>
          )}
        </fieldset>

        <Field label={t("link-form.consent")} hint={t("link-form.consent_hint")} error={errors.consent_text}>
          {(p) => (
            <textarea
              {...p}
              name="consent_text"
              rows={4}
              value={d.consentText}
              onInput={(e) => set({ consentText: e.currentTarget.value })}
            />
          )}
        </Field>
        <Field
          label={t("link-form.consent_version")}
          hint={t("link-form.consent_version_hint")}
          error={errors.consent_version}
        >
          {(p) => (
            <input
              {...p}
              name="consent_version"
              maxLength={40}
              value={d.consentVersion}
              onInput={(e) => set({ consentVersion: e.currentTarget.value })}
            />
          )}
        </Field>
        {editing && d.consentText.trim() !== start.consentText.trim() && d.consentVersion === start.consentVersion && (
          <Notice tone="info" title={t("link-form.consent_notice_title")}>
            <p>{t("link-form.consent_notice")}</p>
          </Notice>
        )}
        <LinkTranslations draft={d} set={set} />
        {errors.translations && <p class="field-error">{errors.translations}</p>}
        <div class="row">
          <Button
            type="submit"
            variant="primary"
            busy={busy}
            busyLabel={editing ? t("link-form.saving") : t("link-form.creating")}
          >
            {editing ? t("link-form.save") : t("link-form.create")}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t("link-form.cancel")}
          </Button>
        </div>
      </form>
      <LinkPreview view={previewViewOf(d, brand, link)} />
    </div>
  );
}
