/**
 * Reading the people of a request campaign in the browser: pasted lines (`Name <email>`, `email`, `Name, email`,
 * `email, Name` or tab separated, as copied from a spreadsheet) or a CSV file with an Email column (and Name, or
 * First name and Last name), parsed by the import wizard's CSV reader. Every row is checked as the server checks it,
 * so the preview shows each problem on its own line; a repeated address is kept once, at its first row.
 */
import { parseCsv, type ParsedCsv } from "../import/csv";
import { t } from "../i18n";

/** One person read from the list, with where they were and what is wrong, if anything. */
export interface PersonRow {
  /** The line (pasted) or spreadsheet row (CSV, header = row 1) the person came from. */
  line: number;
  name: string;
  email: string;
  error: string | null;
  /** True for a repeated address: shown, but asked only once. */
  duplicate: boolean;
}

/** The most people one campaign asks (the server's limit). */
export const MAX_PEOPLE = 1000;

const LABEL = "(?:[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?)";
const EMAIL = new RegExp(`^[^\\s@<>()\\[\\],;:"\\\\]+@${LABEL}(?:\\.${LABEL})+$`, "u");

/** True for one plain email address, by the server's rule. */
export const isEmail = (s: string) => s.length <= 254 && EMAIL.test(s);

const unquote = (s: string) =>
  s
    .trim()
    .replace(/^["'](.*)["']$/, "$1")
    .trim();

/** One pasted line as name and email (the email may be invalid; checking comes after). */
export function splitLine(line: string): { name: string; email: string } {
  const angle = /^(.*?)<([^<>]*)>\s*[,;]?\s*$/.exec(line.trim());
  if (angle) return { name: unquote(angle[1]!), email: angle[2]!.trim() };
  const parts = line.split(/\t|;|,/).map((p) => p.trim());
  if (parts.length >= 2) {
    const at = parts.findIndex((p) => p.includes("@"));
    const email = at >= 0 ? parts[at]! : parts[parts.length - 1]!;
    const name = parts.filter((_, i) => i !== (at >= 0 ? at : parts.length - 1)).join(" ");
    return { name: unquote(name), email: unquote(email) };
  }
  const words = line.trim().split(/\s+/);
  const at = words.findIndex((w) => w.includes("@"));
  if (at < 0) return { name: "", email: line.trim() };
  return { name: unquote(words.filter((_, i) => i !== at).join(" ")), email: words[at]! };
}

/** Checks every row: a valid address, a one-line name of at most 120 characters, repeats marked. */
export function checkPeople(rows: { line: number; name: string; email: string }[]): PersonRow[] {
  const first = new Map<string, number>();
  return rows.map((r) => {
    const email = r.email.trim();
    const key = email.toLowerCase();
    let error: string | null = null;
    if (!email) error = t("campaigns-parse.no_email");
    else if (!isEmail(key)) error = t("campaigns-parse.bad_email", { email });
    else if (r.name.length > 120) error = t("campaigns-parse.name_too_long");
    const seen = first.get(key);
    const duplicate = !error && seen !== undefined;
    if (!error && seen === undefined) first.set(key, r.line);
    return { line: r.line, name: r.name.trim(), email, error, duplicate };
  });
}

/** Pasted text, one person per line; blank lines are skipped, and a first line naming columns is a header. */
export function readPasted(text: string): PersonRow[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const rows: { line: number; name: string; email: string }[] = [];
  lines.forEach((raw, i) => {
    if (!raw.trim()) return;
    if (rows.length === 0 && !raw.includes("@") && /e-?mail/i.test(raw)) return;
    rows.push({ line: i + 1, ...splitLine(raw) });
  });
  return checkPeople(rows);
}

const norm = (h: string) => h.toLowerCase().replace(/[\s_-]+/g, "");
const EMAIL_HEADERS = ["email", "emailaddress", "e-mail", "mail", "customeremail", "contactemail"].map(norm);
const NAME_HEADERS = ["name", "fullname", "customer", "customername", "contact", "contactname", "client"].map(norm);

/** The columns of a parsed CSV that hold the email and the name, or why it has none. */
export function columnsOf(
  csv: Pick<ParsedCsv, "header">,
): { ok: true; email: number; name: number[] } | { ok: false; message: string } {
  const h = csv.header.map(norm);
  const email = h.findIndex((x) => EMAIL_HEADERS.includes(x));
  if (email < 0)
    return {
      ok: false,
      message: t("campaigns-parse.no_email_column", { columns: csv.header.join(", ") }),
    };
  const full = h.findIndex((x) => NAME_HEADERS.includes(x));
  if (full >= 0) return { ok: true, email, name: [full] };
  const firstName = h.findIndex((x) => x === "firstname" || x === "givenname");
  const lastName = h.findIndex((x) => x === "lastname" || x === "surname" || x === "familyname");
  return { ok: true, email, name: [firstName, lastName].filter((i) => i >= 0) };
}

/** A CSV's text as people, or why it cannot be read. */
export function readCsvPeople(text: string): { ok: true; rows: PersonRow[] } | { ok: false; message: string } {
  const csv = parseCsv(text);
  // The reader's words speak of reviews (the import wizard's rows); here a row is a person.
  if (!csv.ok)
    return {
      ok: false,
      message: csv.message.replace(/\breviews?\b/g, (w) =>
        w === "review" ? t("campaigns-parse.person") : t("campaigns-parse.people"),
      ),
    };
  const cols = columnsOf(csv);
  if (!cols.ok) return cols;
  const rows = csv.records.map((rec, i) => ({
    line: i + 2,
    email: rec[cols.email] ?? "",
    name: cols.name
      .map((c) => rec[c] ?? "")
      .join(" ")
      .trim(),
  }));
  return { ok: true, rows: checkPeople(rows) };
}

/** The people the campaign will ask: valid, first of their address. */
export const toSend = (rows: PersonRow[]) => rows.filter((r) => !r.error && !r.duplicate);
