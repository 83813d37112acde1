/**
 * Checks the form before anything is sent, in plain words. Keys are the ids of the fields to focus, in the
 * order they appear on the page.
 */
import { countChars } from "./written-answer";
import { customFieldId } from "./custom-fields";
import type { CustomValue, LinkView, MediaAnswer, Method, Respondent } from "./types";

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

/** The problems of a draft, in page order. */
export function validate(d: Draft, link: Pick<LinkView, "limits" | "custom_fields">): Errors {
  const { limits } = link;
  const e: Errors = {};
  if (!d.method) e.method = "Please choose how you would like to answer.";
  else if (d.method === "text") {
    if (countChars(d.text) < limits.min_text_chars)
      e["answer-text"] = `Please write at least ${limits.min_text_chars} characters.`;
  } else if (!d.answer) e.method = "Please record your answer, or upload a file, before sending.";
  if (!d.respondent.name.trim()) e.name = "Please enter your name.";
  if (d.respondent.email.trim() && !EMAIL.test(d.respondent.email.trim()))
    e.email = "Please check your email address, or leave it empty.";
  for (const f of link.custom_fields) {
    const v = d.custom[f.id];
    const empty = v === undefined || (typeof v === "string" && !v.trim());
    if (f.required && empty)
      e[customFieldId(f.id)] =
        f.type === "short_text" ? `Please answer “${f.label}”.` : `Please choose an answer to “${f.label}”.`;
    else if (typeof v === "string" && countChars(v.trim()) > limits.max_short_text_chars)
      e[customFieldId(f.id)] = `Please keep this under ${limits.max_short_text_chars} characters.`;
  }
  if (d.photo && d.photo.size > limits.max_photo_bytes)
    e.photo = "This photo is too large. Please choose a smaller one.";
  else if (d.photo && !/^image\//.test(d.photo.type)) e.photo = "Please choose a photo (JPEG, PNG or WebP).";
  if (!d.agreed) e.consent = "Please tick the box to agree before sending.";
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
