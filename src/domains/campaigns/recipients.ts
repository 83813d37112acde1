/**
 * The list of people a campaign asks, checked as a whole before anything is stored: every address must be one
 * plain email address (a refusal names the row, 1-based, as the person counted them), names are one line of display
 * text (src/platform/text.ts: no control, direction or zero-width characters), and a repeated address (case aside)
 * is asked once, at its first row.
 */
import { AppError } from "../../platform/errors";
import { describeTextProblem, isCleanText, textProblem } from "../../platform/text";
import { CAMPAIGN_LIMITS } from "./model";

/** One person as sent. */
export interface RecipientInput {
  name?: string;
  email: string;
}

/** One person to ask: where they were in the list, their name (may be empty) and lower-cased address. */
export interface CleanRecipient {
  row: number;
  name: string;
  email: string;
}

/** A checked list. */
export interface CheckedList {
  recipients: CleanRecipient[];
  duplicates: number;
}

/** A row the list cannot take, and why. */
export interface RowProblem {
  row: number;
  field: string;
  message: string;
}

const LABEL = "(?:[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?)";
/** One address: a local part without spaces or separators, and a domain of two or more labels. */
const EMAIL = new RegExp(`^[^\\s@<>()\\[\\],;:"\\\\]+@${LABEL}(?:\\.${LABEL})+$`, "u");

/** True for one plain email address (no display name, no list, no line break). */
export const isEmail = (s: string) =>
  s.length <= CAMPAIGN_LIMITS.maxEmailChars && EMAIL.test(s) && isCleanText(s, "line");

/** Problems shown at most, beside the first one's message. */
const MAX_PROBLEMS = 20;

const quoteOf = (s: string) => (s.length > 60 ? `${s.slice(0, 60)}…` : s);

/** Checks and dedupes the list; throws 400 naming the first bad row (and up to 20 in `details.rows`). */
export function checkRecipients(input: RecipientInput[]): CheckedList {
  const problems: RowProblem[] = [];
  const seen = new Set<string>();
  const recipients: CleanRecipient[] = [];
  let duplicates = 0;
  input.forEach((r, i) => {
    const row = i + 1;
    const email = r.email.trim().toLowerCase();
    const name = (r.name ?? "").trim().replace(/\s+/g, " ");
    if (!email) problems.push({ row, field: `recipients[${i}].email`, message: `Row ${row} has no email address.` });
    else if (!isEmail(email))
      problems.push({
        row,
        field: `recipients[${i}].email`,
        message: `Row ${row}: “${quoteOf(r.email.trim())}” is not a valid email address (like name@example.com).`,
      });
    const nameProblem = textProblem((r.name ?? "").trim(), "line");
    if (nameProblem)
      problems.push({
        row,
        field: `recipients[${i}].name`,
        message: `Row ${row}: the name ${describeTextProblem(nameProblem)}.`,
      });
    if (problems.length && problems[problems.length - 1]!.row === row) return;
    if (seen.has(email)) {
      duplicates++;
      return;
    }
    seen.add(email);
    recipients.push({ row, name, email });
  });
  if (problems.length) {
    const first = problems[0]!;
    const rows = new Set(problems.map((p) => p.row)).size;
    const more = rows > 1 ? ` (${rows} rows have problems; fix them and send again.)` : "";
    throw new AppError("validation_failed", 400, first.message + more, {
      field: first.field,
      row: first.row,
      rows: problems.slice(0, MAX_PROBLEMS),
    });
  }
  return { recipients, duplicates };
}
