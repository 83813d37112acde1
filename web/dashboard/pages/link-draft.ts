/**
 * A collect link as the link editor holds it while it is being written: made from a stored link (or a new one's
 * defaults), checked in plain words before anything is sent (the same rules the API applies, so most mistakes are
 * caught by the field), and turned into the create or change body. Problems are keyed by the API's field names
 * (`custom_fields[1].options`), so a refusal from the server lands on the same field.
 */
import type { Language } from "../../../src/platform/i18n/languages";
import { todayLabel } from "../../shared/format";
import { t } from "../i18n";
import type { AnswerKind, CollectLink, LinkCustomField } from "../types";

/** One question being written. */
export interface DraftPrompt {
  key: number;
  id?: string;
  text: string;
  max_seconds: number;
}

/** One of the link's own questions being written; choices one per line. */
export interface DraftField {
  key: number;
  id?: string;
  label: string;
  type: LinkCustomField["type"];
  required: boolean;
  options: string;
  showPublicly: boolean;
}

/** What happens after sending: nothing more, a button, or straight on to another page. */
export type AfterSending = "none" | "button" | "redirect";

/** Everything the editor holds. */
export interface LinkDraft {
  title: string;
  prompts: DraftPrompt[];
  consentText: string;
  consentVersion: string;
  slug: string;
  accepts: Record<AnswerKind, boolean>;
  askRating: boolean;
  welcome: string;
  thankYou: string;
  after: AfterSending;
  ctaLabel: string;
  ctaUrl: string;
  redirectUrl: string;
  fields: DraftField[];
  collectPhoto: boolean;
  /** A `datetime-local` value in the browser's time zone, or empty for never. */
  expiresAt: string;
  /** Digits, or empty for no cap. */
  maxResponses: string;
  /** The page's own language, or empty: the visitor's choice among the brand's languages. */
  language: string;
  /** The link's texts in other languages (empty texts are shown as the link has them). */
  translations: Partial<Record<Language, DraftTranslation>>;
}

/** One language's texts in the editor. */
export interface DraftTranslation {
  title: string;
  /** By prompt position. */
  prompts: string[];
  welcome: string;
  thankYou: string;
  consentText: string;
  ctaLabel: string;
}

/** Field name → problem, in page order. */
export type DraftErrors = Record<string, string>;

/** Ways to answer, in the order the page offers them. */
export const KINDS: { id: AnswerKind; label: string }[] = [
  { id: "video", label: t("link-draft.kind_video") },
  { id: "audio", label: t("link-draft.kind_audio") },
  { id: "text", label: t("link-draft.kind_text") },
];

const defaultConsent = (brand: string) => t("link-draft.default_consent", { brand });

let nextKey = 1;
/** A key for a new row of a list in the editor. */
export const newKey = () => nextKey++;

/** A new link's draft for `brand`. */
export function emptyDraft(brand: string): LinkDraft {
  return {
    title: "",
    prompts: [{ key: newKey(), text: "", max_seconds: 60 }],
    consentText: defaultConsent(brand),
    consentVersion: todayLabel(),
    slug: "",
    accepts: { video: true, audio: true, text: true },
    askRating: true,
    welcome: "",
    thankYou: "",
    after: "none",
    ctaLabel: "",
    ctaUrl: "",
    redirectUrl: "",
    fields: [],
    collectPhoto: false,
    expiresAt: "",
    maxResponses: "",
    language: "",
    translations: {},
  };
}

/** `datetime-local` value of an ISO time, in the browser's zone. */
function localInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The draft of a stored link. */
export function draftOf(link: CollectLink): LinkDraft {
  return {
    title: link.title,
    prompts: link.prompts.map((p) => ({ key: newKey(), id: p.id, text: p.text, max_seconds: p.max_seconds })),
    consentText: link.consent_text,
    consentVersion: link.consent_version,
    slug: link.slug ?? "",
    accepts: {
      video: link.accepts.includes("video"),
      audio: link.accepts.includes("audio"),
      text: link.accepts.includes("text"),
    },
    askRating: link.ask_rating,
    welcome: link.welcome_message ?? "",
    thankYou: link.thank_you_message ?? "",
    after: link.call_to_action ? "button" : link.redirect_url ? "redirect" : "none",
    ctaLabel: link.call_to_action?.label ?? "",
    ctaUrl: link.call_to_action?.url ?? "",
    redirectUrl: link.redirect_url ?? "",
    fields: link.custom_fields.map((f) => ({
      key: newKey(),
      id: f.id,
      label: f.label,
      type: f.type,
      required: f.required,
      options: (f.options ?? []).join("\n"),
      showPublicly: f.show_publicly,
    })),
    collectPhoto: link.collect_photo,
    expiresAt: localInput(link.expires_at),
    maxResponses: link.max_responses === null ? "" : String(link.max_responses),
    language: link.language ?? "",
    translations: translationsOf(link),
  };
}

/** The stored link's translations as the editor holds them. */
function translationsOf(link: CollectLink): Partial<Record<Language, DraftTranslation>> {
  const out: Partial<Record<Language, DraftTranslation>> = {};
  for (const [lang, tr] of Object.entries(link.translations ?? {})) {
    if (!tr) continue;
    out[lang as Language] = {
      title: tr.title ?? "",
      prompts: tr.prompts ?? [],
      welcome: tr.welcome_message ?? "",
      thankYou: tr.thank_you_message ?? "",
      consentText: tr.consent_text ?? "",
      ctaLabel: tr.call_to_action_label ?? "",
    };
  }
  return out;
}

/** The translations a request carries: empty texts left out, a language without any text dropped; null for none. */
function translationsBody(d: LinkDraft) {
  const out: Record<string, Record<string, string | string[]>> = {};
  for (const [lang, tr] of Object.entries(d.translations)) {
    if (!tr) continue;
    const texts: Record<string, string | string[]> = {};
    const put = (key: string, value: string) => value.trim() && (texts[key] = value.trim());
    put("title", tr.title);
    put("welcome_message", tr.welcome);
    put("thank_you_message", tr.thankYou);
    put("consent_text", tr.consentText);
    if (d.after === "button") put("call_to_action_label", tr.ctaLabel);
    const prompts = d.prompts.map((_, i) => (tr.prompts[i] ?? "").trim());
    if (prompts.some(Boolean)) texts.prompts = prompts.map((p, i) => p || d.prompts[i]!.text.trim());
    if (Object.keys(texts).length) out[lang] = texts;
  }
  return Object.keys(out).length ? out : null;
}

const SLUG = /^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/;
const chars = (s: string) => [...s].length;
const optionsOf = (f: DraftField) =>
  f.options
    .split("\n")
    .map((o) => o.trim())
    .filter(Boolean);

function webAddress(value: string): string | null {
  const v = value.trim();
  if (!v) return t("link-draft.address_empty");
  try {
    const u = new URL(v);
    if (u.protocol !== "https:" && u.protocol !== "http:") return t("link-draft.address_scheme");
    if (u.username || u.password) return t("link-draft.address_credentials");
  } catch {
    return t("link-draft.address_invalid");
  }
  return null;
}

/** The draft's problems in plain words; empty when it can be sent. */
export function checkDraft(d: LinkDraft, now = Date.now()): DraftErrors {
  const e: DraftErrors = {};
  if (!d.title.trim()) e.title = t("link-draft.title_empty");
  else if (chars(d.title.trim()) > 200) e.title = t("link-draft.title_long");
  const slug = d.slug.trim();
  if (slug && (!SLUG.test(slug) || slug.includes("--"))) e.slug = t("link-draft.slug_invalid");
  d.prompts.forEach((p, i) => {
    if (!p.text.trim()) e[`prompts[${i}].text`] = t("link-draft.question_empty");
    if (!Number.isInteger(p.max_seconds) || p.max_seconds < 10 || p.max_seconds > 600)
      e[`prompts[${i}].max_seconds`] = t("link-draft.seconds_invalid");
  });
  if (!Object.values(d.accepts).some(Boolean)) e.accepts = t("link-draft.accepts_none");
  if (chars(d.welcome.trim()) > 1000) e.welcome_message = t("link-draft.welcome_long");
  if (chars(d.thankYou.trim()) > 1000) e.thank_you_message = t("link-draft.thank_you_long");
  if (d.after === "button") {
    if (!d.ctaLabel.trim()) e["call_to_action.label"] = t("link-draft.cta_label_empty");
    else if (chars(d.ctaLabel.trim()) > 60) e["call_to_action.label"] = t("link-draft.cta_label_long");
    const bad = webAddress(d.ctaUrl);
    if (bad) e["call_to_action.url"] = bad;
  }
  if (d.after === "redirect") {
    const bad = webAddress(d.redirectUrl);
    if (bad) e.redirect_url = bad;
  }
  d.fields.forEach((f, i) => {
    if (!f.label.trim()) e[`custom_fields[${i}].label`] = t("link-draft.question_empty");
    else if (chars(f.label.trim()) > 200) e[`custom_fields[${i}].label`] = t("link-draft.question_long");
    if (f.type === "choice") {
      const opts = optionsOf(f);
      if (opts.length < 2 || opts.length > 20) e[`custom_fields[${i}].options`] = t("link-draft.choices_count");
      else if (new Set(opts.map((o) => o.toLowerCase())).size !== opts.length)
        e[`custom_fields[${i}].options`] = t("link-draft.choices_duplicate");
      else if (opts.some((o) => chars(o) > 100)) e[`custom_fields[${i}].options`] = t("link-draft.choice_long");
    }
  });
  if (d.expiresAt) {
    const at = new Date(d.expiresAt).getTime();
    if (!Number.isFinite(at)) e.expires_at = t("link-draft.expires_invalid");
    else if (at <= now) e.expires_at = t("link-draft.expires_past");
  }
  if (d.maxResponses.trim()) {
    const n = Number(d.maxResponses);
    if (!/^\d+$/.test(d.maxResponses.trim()) || n < 1 || n > 1_000_000)
      e.max_responses = t("link-draft.max_responses_invalid");
  }
  if (!d.consentText.trim()) e.consent_text = t("link-draft.consent_empty");
  else if (chars(d.consentText) > 5000) e.consent_text = t("link-draft.consent_long");
  if (!/^[\w.:-]{1,40}$/.test(d.consentVersion.trim())) e.consent_version = t("link-draft.consent_version_invalid");
  return e;
}

/** The body that creates the link, or changes it to match the draft (every setting is sent). */
export function bodyOf(d: LinkDraft) {
  return {
    title: d.title.trim(),
    prompts: d.prompts.map((p) => ({ ...(p.id ? { id: p.id } : {}), text: p.text.trim(), max_seconds: p.max_seconds })),
    consent_text: d.consentText.trim(),
    consent_version: d.consentVersion.trim(),
    slug: d.slug.trim() || null,
    accepts: KINDS.filter((k) => d.accepts[k.id]).map((k) => k.id),
    ask_rating: d.askRating,
    welcome_message: d.welcome.trim() || null,
    thank_you_message: d.thankYou.trim() || null,
    call_to_action: d.after === "button" ? { label: d.ctaLabel.trim(), url: d.ctaUrl.trim() } : null,
    redirect_url: d.after === "redirect" ? d.redirectUrl.trim() : null,
    custom_fields: d.fields.map((f) => ({
      ...(f.id ? { id: f.id } : {}),
      label: f.label.trim(),
      type: f.type,
      required: f.required,
      options: f.type === "choice" ? optionsOf(f) : null,
      show_publicly: f.showPublicly,
    })),
    collect_photo: d.collectPhoto,
    expires_at: d.expiresAt ? new Date(d.expiresAt).toISOString() : null,
    max_responses: d.maxResponses.trim() ? Number(d.maxResponses) : null,
    language: (d.language || null) as Language | null,
    translations: translationsBody(d),
  };
}
