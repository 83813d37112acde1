/**
 * Checks the form before anything is sent, in plain words. Keys are the ids of the fields to focus, in the
 * order they appear on the page.
 */
import { countChars } from "./written-answer";
import type { LinkView, MediaAnswer, Method, Respondent } from "./types";

/** What the form holds when Send is pressed. */
export interface Draft {
  method: Method | null;
  answer: MediaAnswer | null;
  text: string;
  respondent: Respondent;
  agreed: boolean;
}

/** Field id → message; empty when the form can be sent. */
export type Errors = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The problems of a draft, in page order. */
export function validate(d: Draft, limits: LinkView["limits"]): Errors {
  const e: Errors = {};
  if (!d.method) e.method = "Please choose how you would like to answer.";
  else if (d.method === "text") {
    if (countChars(d.text) < limits.min_text_chars)
      e["answer-text"] = `Please write at least ${limits.min_text_chars} characters.`;
  } else if (!d.answer) e.method = "Please record your answer, or upload a file, before sending.";
  if (!d.respondent.name.trim()) e.name = "Please enter your name.";
  if (d.respondent.email.trim() && !EMAIL.test(d.respondent.email.trim()))
    e.email = "Please check your email address, or leave it empty.";
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
  };
  return (serverField && map[serverField]) || null;
}
