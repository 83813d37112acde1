/**
 * The import rules the schema cannot express (contract section 4, rules and limits): attestation, lengths after
 * trimming (in characters, not UTF-16 units), whole ratings 1 to 5, dates not in the future, http/https addresses;
 * and the display-text rule every route keeps (issue 30, src/platform/text.ts): no control characters, no
 * direction overrides, and in names, titles, companies and sources no zero-width characters either. Nothing else
 * is refused. Every problem names its field as a path (`rows[3].rating`, the array index as in schema errors) and
 * the row's 1-based position; all problems of a request are reported together and the request creates nothing
 * (400 `validation_failed`).
 */
import { invalid } from "../../platform/errors";
import type { ImportBody, ImportRowInput } from "./model";
import { parseReviewedAt } from "./reviewed-at";
import { dedupeHash, foldText } from "./dedupe";
import { charCount, describeTextProblem, normaliseLineBreaks, textProblem, type TextKind } from "../../platform/text";

/** The contract's limits. */
export const LIMITS = { rows: 500, text: 5000, person: 120, source: 60 } as const;

/** One refused field. */
export interface Problem {
  field: string;
  reason: string;
  message: string;
  /** 1-based position of the row, for row fields. */
  row?: number;
}

/** A row that passed, ready to store. */
export interface CleanRow {
  position: number;
  text: string;
  name: string;
  email: string | null;
  title: string | null;
  company: string | null;
  rating: number | null;
  reviewedAt: string | null;
  reviewUrl: string | null;
  source: string;
  sourceUrl: string | null;
  hash: string;
}

/** A request that passed. */
export interface CleanImport {
  brandId: string;
  sourceName: string;
  sourceUrl: string | null;
  rows: CleanRow[];
}

/** A trimmed optional string; empty, white space only or null mean absent. */
const present = (v: string | null | undefined): string | null => {
  const s = v?.trim();
  return s ? s : null;
};

/** True for an absolute http or https address with a host. */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const u = new URL(value);
  return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
}

type Report = (field: string, reason: string, message: string) => void;

function checkLength(report: Report, field: string, value: string | null, max: number, what: string) {
  if (value !== null && charCount(value) > max)
    report(field, "too_long", `${what} is ${charCount(value)} characters; the most is ${max}.`);
}

/** A refused character, reported per row like the other rules (the whole import is refused, as with them). */
function checkText(report: Report, field: string, value: string | null, kind: TextKind, what: string) {
  const problem = value === null ? null : textProblem(value, kind);
  if (problem) report(field, problem.reason, `${what} ${describeTextProblem(problem)}. Remove it.`);
}

function checkUrl(report: Report, field: string, value: string | null) {
  if (value !== null && !isHttpUrl(value)) report(field, "invalid_url", "Give a full http:// or https:// address.");
}

function checkRow(
  row: ImportRowInput,
  at: string,
  report: Report,
  nowMs: number,
): Omit<CleanRow, "position" | "hash" | "source" | "sourceUrl"> & { ownSource: string | null } {
  // Line breaks as \n whoever calls (the HTTP body parser already reads them so).
  const text = normaliseLineBreaks(row.text).trim();
  if (text === "") report(`${at}.text`, "required", "The review's text is empty.");
  checkLength(report, `${at}.text`, text, LIMITS.text, "The text (after trimming)");
  const name = present(row.name);
  const title = present(row.title);
  const company = present(row.company);
  const ownSource = present(row.source);
  checkLength(report, `${at}.name`, name, LIMITS.person, "The name");
  checkLength(report, `${at}.title`, title, LIMITS.person, "The title");
  checkLength(report, `${at}.company`, company, LIMITS.person, "The company");
  checkText(report, `${at}.text`, text, "text", "The text");
  checkText(report, `${at}.name`, name, "line", "The name");
  checkText(report, `${at}.title`, title, "line", "The title");
  checkText(report, `${at}.company`, company, "line", "The company");
  checkText(report, `${at}.source`, ownSource, "line", "The source");
  // The contract sets no length for a row's own `source` (60 is `source.name`'s) and no form for `email` (private
  // contact data, never mailed by imports): only the schema's raw caps bound them.
  const email = present(row.email);
  checkText(report, `${at}.email`, email, "line", "The email");
  const reviewUrl = present(row.source_url);
  checkUrl(report, `${at}.source_url`, reviewUrl);
  const rating = row.rating ?? null;
  if (rating !== null) {
    if (!Number.isInteger(rating))
      report(
        `${at}.rating`,
        "not_whole_number",
        `${rating} is not a whole number; ratings are 1 to 5 and are never rounded.`,
      );
    else if (rating < 1 || rating > 5) report(`${at}.rating`, "out_of_range", `${rating} is outside 1 to 5.`);
  }
  let reviewedAt: string | null = null;
  const rawDate = present(row.reviewed_at);
  if (rawDate !== null) {
    const parsed = parseReviewedAt(rawDate, nowMs);
    if (parsed.ok) reviewedAt = parsed.value;
    else report(`${at}.reviewed_at`, parsed.reason, parsed.message);
  }
  return { text, name: name ?? "", email, title, company, rating, reviewedAt, reviewUrl, ownSource };
}

/** Errors listed in one answer; the count says how many there were in all. */
const MAX_LISTED = 100;

/** Checks a whole request against the rules; throws 400 `validation_failed` listing every problem. */
export function validateImport(body: ImportBody, nowMs: number): CleanImport {
  if (body.attested !== true) {
    throw invalid(
      "Imports need attested: true: the sender confirms the reviews are genuine, written by real customers, copied unchanged, and that they may use them.",
      "attested",
      { reason: "attestation_required" },
    );
  }
  const problems: Problem[] = [];
  const sourceName = body.source.name.trim();
  if (sourceName === "")
    problems.push({ field: "source.name", reason: "required", message: "Name the source, e.g. Google or Trustpilot." });
  else if (charCount(sourceName) > LIMITS.source)
    problems.push({
      field: "source.name",
      reason: "too_long",
      message: `The source name is ${charCount(sourceName)} characters; the most is ${LIMITS.source}.`,
    });
  else {
    const problem = textProblem(sourceName, "line");
    if (problem)
      problems.push({
        field: "source.name",
        reason: problem.reason,
        message: `The source name ${describeTextProblem(problem)}. Remove it.`,
      });
  }
  const sourceUrl = present(body.source.url);
  if (sourceUrl !== null && !isHttpUrl(sourceUrl))
    problems.push({ field: "source.url", reason: "invalid_url", message: "Give a full http:// or https:// address." });

  const rows: CleanRow[] = body.rows.map((input, i) => {
    const report: Report = (field, reason, message) => problems.push({ field, reason, message, row: i + 1 });
    const { ownSource, ...row } = checkRow(input, `rows[${i}]`, report, nowMs);
    const source = ownSource ?? sourceName;
    // The source's address belongs to source.name; a row naming another source keeps only its own review URL.
    const sameSource = ownSource === null || foldText(ownSource) === foldText(sourceName);
    return {
      ...row,
      position: i + 1,
      source,
      sourceUrl: sameSource ? sourceUrl : null,
      hash: dedupeHash(source, row.name, row.text),
    };
  });

  if (problems.length > 0) {
    const first = problems[0]!;
    const more =
      problems.length > 1
        ? ` (${problems.length - 1} more problem${problems.length > 2 ? "s" : ""} listed in details.errors)`
        : "";
    throw invalid(`${first.field}: ${first.message}${more} Nothing was imported.`, first.field, {
      reason: first.reason,
      errors: problems.slice(0, MAX_LISTED),
      error_count: problems.length,
    });
  }
  return { brandId: body.brand_id, sourceName, sourceUrl, rows };
}
