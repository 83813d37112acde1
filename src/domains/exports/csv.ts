/**
 * CSV writing (RFC 4180, CRLF line ends, UTF-8 with a byte order mark so spreadsheets read accents right), with
 * cells escaped against formula injection: text whose first non-blank character is `=`, `+`, `-`, `@`, a tab or
 * a carriage return gets a leading apostrophe, so a spreadsheet shows it as text instead of running it. Numbers and
 * booleans we produce ourselves are written plainly (a negative number is not a formula).
 */
import { answersByColumn, COLUMNS, type Cell, type ExportRecord } from "./columns";

/** Starts a UTF-8 file so Excel and Numbers detect the encoding. */
export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[\s]*[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One cell as CSV text: neutralised when it could start a formula, quoted when it holds separators. */
export function csvCell(value: Cell | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  let text = Array.isArray(value) ? value.join("; ") : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (with its CRLF). */
export const csvLine = (cells: (Cell | undefined)[]): string => cells.map(csvCell).join(",") + "\r\n";

/** The header line: the fixed columns, then the answer columns of the file (`answerColumn` names). */
export const csvHeader = (answerColumns: readonly string[] = []): string => csvLine([...COLUMNS, ...answerColumns]);

/** A record as a CSV line in column order; a question its link did not ask is an empty cell. */
export function csvRecord(record: ExportRecord, answerColumns: readonly string[] = []): string {
  const answers = answersByColumn(record);
  return csvLine([...COLUMNS.map((c) => record[c]), ...answerColumns.map((c) => answers.get(c))]);
}
