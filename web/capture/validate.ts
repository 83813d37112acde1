/**
 * Checks the form before anything is sent, in plain words. Keys are the ids of the fields to focus, in the
 * order they appear on the page. Hidden characters are checked by the server's own rule (src/platform/text.ts), so
 * the page refuses exactly what the server would, before sending.
 */
import { textProblem, type TextKind, type TextProblem, type TextReason } from "../../src/platform/text";
import { countChars } from "./written-answer";
import { customFieldId } from "./custom-fields";
import type { CustomValue, LinkView, MediaAnswer, Method, Respondent } from "./types";
import { t } from "./i18n";

/** What the form holds when Send is pressed. */
export interface Draft {
  method: Method | null;
  answer: MediaAnswer | null;
  text: string;
  respondent: Respondent;
  agreed: boolean;
  /** Answers to the link's own questions, by question id. */
  custom: Record<string, CustomValue>;
  photo: Blob | null;
}

/** Field id → message; empty when the form can be sent. */
export type Errors = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** How the page names a field in a sentence, by its id. */
const LABELS: Record<string, () => string> = {
  name: () => t("validate.labelName"),
  email: () => t("validate.labelEmail"),
  title: () => t("validate.labelTitle"),
  company: () => t("validate.labelCompany"),
  "answer-text": () => t("validate.labelAnswer"),
};

/** A refused character in plain words, for the field with id `id`. */
export function hiddenCharacterMessage(id: string, p: Pick<TextProblem, "reason" | "character">): string {
  const label = (LABELS[id] ?? LABELS["answer-text"]!)();
  if (p.reason === "line_break") return t("validate.oneLine", { label });
  const what = p.reason === "bidi_control" ? "bidi" : p.reason === "invisible_character" ? "invisible" : "control";
  return t("validate.hidden", { label, what, character: p.character });
}

/** The message for a field holding a character the server refuses, or null. */
function hidden(id: string, value: string, kind: TextKind): string | null {
  const p = textProblem(value.trim(), kind);
  return p ? hiddenCharacterMessage(id, p) : null;
}

/** The problems of a draft, in page order. */
export function validate(d: Draft, link: Pick<LinkView, "limits" | "custom_fields">): Errors {
  const { limits } = link;
  const e: Errors = {};
  if (!d.method) e.method = t("validate.method");
  else if (d.method === "text") {
    const text = hidden("answer-text", d.text, "text");
    if (text) e["answer-text"] = text;
    else if (countChars(d.text) < limits.min_text_chars)
      e["answer-text"] = t("validate.minChars", { min: limits.min_text_chars });
  } else if (!d.answer) e.method = t("validate.record");
  if (!d.respondent.name.trim()) e.name = t("validate.name");
  for (const k of ["name", "email", "title", "company"] as const) {
    const problem = hidden(k, d.respondent[k], "line");
    if (problem) e[k] = problem;
  }
  if (!e.email && d.respondent.email.trim() && !EMAIL.test(d.respondent.email.trim())) e.email = t("validate.email");
  for (const f of link.custom_fields) {
    const id = customFieldId(f.id);
    const v = d.custom[f.id];
    const empty = v === undefined || (typeof v === "string" && !v.trim());
    const problem = typeof v === "string" ? hidden(id, v, "line") : null;
    if (f.required && empty)
      e[id] =
        f.type === "short_text"
          ? t("validate.answerText", { label: f.label })
          : t("validate.answerChoice", { label: f.label });
    else if (typeof v === "string" && countChars(v.trim()) > limits.max_short_text_chars)
      e[id] = t("validate.maxChars", { max: limits.max_short_text_chars });
    else if (problem) e[id] = problem;
  }
  if (d.photo && d.photo.size > limits.max_photo_bytes) e.photo = t("validate.photoSize");
  else if (d.photo && !/^image\//.test(d.photo.type)) e.photo = t("validate.photoType");
  if (!d.agreed) e.consent = t("validate.consent");
  return e;
}

/** Maps a server field (`respondent.email`) to the id of the field on the page. */
export function fieldId(serverField: string | undefined): string | null {
  const map: Record<string, string> = {
    "respondent.name": "name",
    "respondent.email": "email",
    "respondent.title": "title",
    "respondent.company": "company",
    "consent.agreed": "consent",
    "consent.text": "consent",
    text: "answer-text",
    upload: "method",
    "upload.size": "method",
    "upload.type": "method",
    kind: "method",
  };
  const custom = /^custom_fields\.(.+)$/.exec(serverField ?? "")?.[1];
  if (custom) return customFieldId(custom);
  return (serverField && map[serverField]) || null;
}

/** Reasons the server gives (`details.reason`) for a refused character; its words are then the page's own. */
const CHARACTER_REASONS = new Set(["control_character", "line_break", "bidi_control", "invisible_character"]);

/** The page's words for a server refusal of field `id`: plain words for a refused character, else the server's. */
export function serverProblemWords(id: string, message: string, details?: Record<string, unknown>): string {
  const reason = details?.reason;
  const character = details?.character;
  if (typeof reason === "string" && CHARACTER_REASONS.has(reason) && typeof character === "string")
    return hiddenCharacterMessage(id, { reason: reason as TextReason, character });
  return message;
}
