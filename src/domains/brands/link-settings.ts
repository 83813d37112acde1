/**
 * Checking a collect link's own settings (beyond the contract's title, prompts and consent): the friendly address,
 * which kinds of answer it takes, the rating, the welcome and thank-you words, a call to action or a redirect, the
 * link's own questions, the photo, the expiry and the response cap. Each rule answers a 400 naming the field in
 * words an agency owner understands; a taken slug (or another organisation's former one) is a 409.
 */
import { isLanguage, LANGUAGES } from "../../platform/i18n/languages";
import { checkTranslations, type LinkTranslation } from "./link-translations";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Ctx } from "../../platform/context";
import { conflict, invalid } from "../../platform/errors";
import { randomToken } from "../../platform/crypto";
import { charCount } from "../../platform/text";
import { checkSlug, slugScopeOf } from "./brand-service";
import { heldByAnother } from "./former-slugs";
import { links, type AnswerKind, type CallToAction, type CustomField } from "./tables";
import type { LinkRow } from "./present";

/** Every kind of answer, in the order the page offers them. */
export const ANSWER_KINDS: readonly AnswerKind[] = ["video", "audio", "text"];
/** Most characters of the welcome and thank-you messages. */
export const MAX_MESSAGE_CHARS = 1000;
/** Most questions of a link's own. */
export const MAX_CUSTOM_FIELDS = 10;
/** Most characters of a short-text answer. */
export const MAX_SHORT_TEXT_CHARS = 500;

/** A custom question as a client sends it. */
export interface CustomFieldInput {
  id?: string;
  label: string;
  type: CustomField["type"];
  required?: boolean;
  options?: string[] | null;
  show_publicly?: boolean;
}

/** The settings a create or change request may carry (null clears an optional one). */
export interface LinkSettingsInput {
  slug?: string | null;
  accepts?: AnswerKind[];
  ask_rating?: boolean;
  welcome_message?: string | null;
  thank_you_message?: string | null;
  call_to_action?: CallToAction | null;
  redirect_url?: string | null;
  custom_fields?: CustomFieldInput[];
  collect_photo?: boolean;
  expires_at?: string | null;
  max_responses?: number | null;
  language?: string | null;
  translations?: Record<string, LinkTranslation> | null;
}

/** The link columns these settings fill. */
export type LinkSettingsColumns = Pick<
  LinkRow,
  | "slug"
  | "slugScope"
  | "accepts"
  | "askRating"
  | "welcomeMessage"
  | "thankYouMessage"
  | "callToAction"
  | "redirectUrl"
  | "customFields"
  | "collectPhoto"
  | "expiresAt"
  | "maxResponses"
  | "language"
  | "translations"
>;

/** Settings of a new link before any request changes them. */
export const DEFAULT_SETTINGS: LinkSettingsColumns = {
  slug: null,
  slugScope: null,
  accepts: [...ANSWER_KINDS],
  askRating: true,
  welcomeMessage: null,
  thankYouMessage: null,
  callToAction: null,
  redirectUrl: null,
  customFields: [],
  collectPhoto: false,
  expiresAt: null,
  maxResponses: null,
  language: null,
  translations: null,
};

/** The settings columns of a stored link. */
export const settingsOf = (row: LinkRow): LinkSettingsColumns => ({
  slug: row.slug,
  slugScope: row.slugScope,
  accepts: row.accepts,
  askRating: row.askRating,
  welcomeMessage: row.welcomeMessage,
  thankYouMessage: row.thankYouMessage,
  callToAction: row.callToAction,
  redirectUrl: row.redirectUrl,
  customFields: row.customFields,
  collectPhoto: row.collectPhoto,
  expiresAt: row.expiresAt,
  maxResponses: row.maxResponses,
  language: row.language,
  translations: row.translations,
});

function checkMessage(value: string | null, field: string): string | null {
  const v = value?.trim() ?? "";
  if (!v) return null;
  if (charCount(v) > MAX_MESSAGE_CHARS) throw invalid(`Keep the message under ${MAX_MESSAGE_CHARS} characters.`, field);
  // Plain text: control characters other than line breaks and tabs have no place on the page.
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v))
    throw invalid("The message has control characters; use plain text.", field);
  return v.replace(/\r\n?/g, "\n");
}

/** Checks an address a respondent is sent to: absolute, http or https, no credentials. */
export function checkWebAddress(value: string, field: string): string {
  const v = value.trim();
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw invalid("Enter a full web address starting with https:// (or http://).", field);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw invalid("The address must start with https:// or http://.", field);
  if (url.username || url.password) throw invalid("The address must not contain a user name or password.", field);
  if (v.length > 2000) throw invalid("The address is longer than 2,000 characters.", field);
  return url.href;
}

function checkCustomFields(input: CustomFieldInput[], existing: CustomField[]): CustomField[] {
  if (input.length > MAX_CUSTOM_FIELDS)
    throw invalid(`A link has at most ${MAX_CUSTOM_FIELDS} questions of its own.`, "custom_fields");
  const known = new Set(existing.map((f) => f.id));
  const used = new Set<string>();
  return input.map((f, i) => {
    const at = `custom_fields[${i}]`;
    const label = f.label.trim();
    if (!label || charCount(label) > 200)
      throw invalid("Each question needs a label of 1 to 200 characters.", `${at}.label`);
    let options: string[] | null = null;
    if (f.type === "choice") {
      const list = (f.options ?? []).map((o) => o.trim());
      if (list.length < 2 || list.length > 20)
        throw invalid("A choice question needs 2 to 20 choices.", `${at}.options`);
      if (list.some((o) => !o || charCount(o) > 100))
        throw invalid("Each choice needs 1 to 100 characters.", `${at}.options`);
      if (new Set(list.map((o) => o.toLowerCase())).size !== list.length)
        throw invalid("Each choice must be different.", `${at}.options`);
      options = list;
    } else if (f.options && f.options.length) {
      throw invalid("Only a choice question has choices.", `${at}.options`);
    }
    const id = f.id && known.has(f.id) && !used.has(f.id) ? f.id : `fld_${randomToken(9)}`;
    used.add(id);
    return { id, label, type: f.type, required: f.required ?? false, options, show_publicly: f.show_publicly ?? false };
  });
}

function checkExpiry(value: string, now: number): number {
  // An ISO 8601 time with a date, a time and an offset (Z or ±hh:mm), as the API writes its own times.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value))
    throw invalid("expires_at is an ISO 8601 time such as 2026-12-31T23:59:00Z.", "expires_at");
  const ms = Date.parse(value);
  const [y, m, d] = value.slice(0, 10).split("-").map(Number) as [number, number, number];
  // Date.parse rolls 31 February over into March; a day past the month's end is refused instead.
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (!Number.isFinite(ms) || m < 1 || m > 12 || d < 1 || d > daysInMonth)
    throw invalid("expires_at is not a real date and time.", "expires_at");
  if (ms <= now) throw invalid("The expiry must be in the future; pause the link to close it now.", "expires_at");
  return ms;
}

function slugTaken(db: Db, scope: string, slug: string, exceptId: string | null): boolean {
  return !!db
    .select({ id: links.id })
    .from(links)
    .where(and(eq(links.slugScope, scope), eq(links.slug, slug), exceptId ? ne(links.id, exceptId) : undefined))
    .get();
}

/**
 * Applies `input` to `current` (a new link's defaults or a stored link's settings) and checks the result: each
 * given field by its own rule, then the rules across fields (a call to action or a redirect, not both). `linkId` is
 * the link being changed (null on create), so its own slug is not "taken"; `promptCount` how many prompts the link
 * has (translations give at most as many).
 */
export function applySettings(
  db: Db,
  ctx: Ctx,
  current: LinkSettingsColumns,
  input: LinkSettingsInput,
  linkId: string | null,
  promptCount = 10,
): LinkSettingsColumns {
  const next = { ...current };
  if (input.slug !== undefined) {
    if (input.slug === null || input.slug.trim() === "") {
      next.slug = null;
      next.slugScope = null;
    } else {
      const slug = checkSlug(input.slug.trim());
      const scope = slugScopeOf(ctx.orgId, ctx.mode);
      // Another organisation's former slug is refused in the very words of a slug in use (former-slugs.ts).
      if (slug !== current.slug && (slugTaken(db, scope, slug, linkId) || heldByAnother(db, "link", ctx, scope, slug)))
        throw conflict("slug_taken", `The address "${slug}" is taken by another link; choose another.`, {
          field: "slug",
        });
      next.slug = slug;
      next.slugScope = scope;
    }
  }
  if (input.accepts !== undefined) {
    const kinds = ANSWER_KINDS.filter((k) => input.accepts!.includes(k));
    if (!kinds.length) throw invalid("Accept at least one kind of answer: video, audio or text.", "accepts");
    next.accepts = kinds;
  }
  if (input.ask_rating !== undefined) next.askRating = input.ask_rating;
  if (input.welcome_message !== undefined) next.welcomeMessage = checkMessage(input.welcome_message, "welcome_message");
  if (input.thank_you_message !== undefined)
    next.thankYouMessage = checkMessage(input.thank_you_message, "thank_you_message");
  if (input.call_to_action !== undefined) {
    const cta = input.call_to_action;
    if (cta === null) next.callToAction = null;
    else {
      const label = cta.label.trim();
      if (!label || charCount(label) > 60)
        throw invalid("The button needs a label of 1 to 60 characters.", "call_to_action.label");
      next.callToAction = { label, url: checkWebAddress(cta.url, "call_to_action.url") };
    }
  }
  if (input.redirect_url !== undefined)
    next.redirectUrl =
      input.redirect_url === null || input.redirect_url.trim() === ""
        ? null
        : checkWebAddress(input.redirect_url, "redirect_url");
  if (next.callToAction && next.redirectUrl) {
    const field = input.redirect_url ? "redirect_url" : "call_to_action";
    throw invalid(
      "Choose a button on the thank-you screen (call_to_action) or sending people straight to another page (redirect_url), not both.",
      field,
    );
  }
  if (input.custom_fields !== undefined)
    next.customFields = checkCustomFields(input.custom_fields, current.customFields);
  if (input.collect_photo !== undefined) next.collectPhoto = input.collect_photo;
  if (input.expires_at !== undefined)
    next.expiresAt = input.expires_at === null ? null : checkExpiry(input.expires_at.trim(), ctx.clock.now());
  if (input.max_responses !== undefined) {
    const max = input.max_responses;
    if (max !== null && (!Number.isInteger(max) || max < 1 || max > 1_000_000))
      throw invalid("max_responses is a whole number from 1 to 1,000,000, or null for no cap.", "max_responses");
    next.maxResponses = max;
  }
  if (input.language !== undefined) {
    const lang = input.language;
    if (lang !== null && !isLanguage(lang))
      throw invalid(`language is one of ${LANGUAGES.join(", ")}, or null to follow the visitor.`, "language");
    next.language = lang;
  }
  if (input.translations !== undefined) next.translations = checkTranslations(input.translations, promptCount);
  return next;
}
