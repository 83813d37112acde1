/**
 * Answers to a link's own questions, checked against the questions as the link asks them now: every answer names
 * one of them (once), a required one is answered, a choice is one of its options, yes/no is true or false, short
 * text is bounded. Stored with the question's label and type, so the testimonial keeps what was asked.
 */
import { invalid } from "../../platform/errors";
import { charCount } from "../../platform/text";
import type { CustomField } from "../brands";
import type { CustomAnswer } from "../submissions";
import { CAPTURE_LIMITS } from "./model";

/** One answer as the capture page sends it. */
export interface CustomAnswerInput {
  id: string;
  value: string | boolean;
}

/** The checked answers, in the link's order (null when the link asks nothing of its own). */
export function checkCustomAnswers(fields: CustomField[], input: CustomAnswerInput[] = []): CustomAnswer[] | null {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const given = new Map<string, string | boolean>();
  input.forEach((a, i) => {
    if (!byId.has(a.id))
      throw invalid("This question is not on the page any more. Please reload it.", `custom_fields[${i}].id`);
    if (given.has(a.id)) throw invalid("Each question is answered once.", `custom_fields[${i}].id`);
    given.set(a.id, a.value);
  });
  if (!fields.length) return null;
  const out: CustomAnswer[] = [];
  for (const f of fields) {
    const field = `custom_fields.${f.id}`;
    const raw = given.get(f.id);
    const empty = raw === undefined || (typeof raw === "string" && raw.trim() === "");
    if (empty) {
      if (f.required) throw invalid(`Please answer "${f.label}".`, field);
      continue;
    }
    let value: string | boolean;
    if (f.type === "yes_no") {
      if (typeof raw !== "boolean") throw invalid(`Please answer "${f.label}" with yes or no.`, field);
      value = raw;
    } else {
      if (typeof raw !== "string") throw invalid(`Please answer "${f.label}" in words.`, field);
      value = raw.trim();
      if (f.type === "choice" && !f.options?.includes(value))
        throw invalid(`Please choose one of: ${f.options?.join(", ")}.`, field);
      if (charCount(value) > CAPTURE_LIMITS.maxShortTextChars)
        throw invalid(`Please keep "${f.label}" under ${CAPTURE_LIMITS.maxShortTextChars} characters.`, field);
    }
    out.push({ id: f.id, label: f.label, type: f.type, value, show_publicly: f.show_publicly });
  }
  return out;
}
