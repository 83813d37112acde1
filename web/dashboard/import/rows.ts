/**
 * Turning CSV records into API rows with the mapping, and finding each row's problems before anything is sent:
 * the same limits as the API (text 1 to 5,000 characters after trimming, name/title/company up to 120, http/https
 * addresses; a row's own source and email have no rule) plus the ratings and dates of values.ts. A row with a
 * problem is not sent.
 */
import type { FieldKey, Mapping } from "./headers";
import { parseRating, parseReviewDate } from "./values";
import { t } from "../i18n";

/** One row as `POST /v1/imports` takes it. */
export interface ImportRowPayload {
  text: string;
  name?: string;
  email?: string;
  title?: string;
  company?: string;
  rating?: number;
  reviewed_at?: string;
  source_url?: string;
  source?: string;
}

/** A problem in one cell (or the whole row, `field` null). */
export interface RowProblem {
  field: FieldKey | null;
  message: string;
}

/** One CSV review: its 1-based number under the header, its cells, what would be sent, and its problems. */
export interface CheckedRow {
  number: number;
  cells: string[];
  payload: ImportRowPayload | null;
  problems: RowProblem[];
}

/** Characters as a person counts them (code points). */
const chars = (s: string) => [...s].length;

const LIMITS: Partial<Record<FieldKey, number>> = { text: 5000, name: 120, title: 120, company: 120 };

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

function checkRecord(
  cells: string[],
  header: string[],
  mapping: Mapping,
  now: Date,
): { payload: ImportRowPayload; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const payload: Record<string, string | number> = {};
  const extra = cells.slice(header.length).filter((c) => c.trim() !== "");
  if (extra.length > 0)
    problems.push({
      field: null,
      message: t("import.rows.extra_fields", { fields: cells.length, header: header.length }),
    });
  mapping.forEach((field, column) => {
    if (!field) return;
    const value = (cells[column] ?? "").trim();
    if (value === "") return;
    const max = LIMITS[field];
    if (max !== undefined && chars(value) > max)
      problems.push({
        field,
        message: t("import.rows.too_long", { count: chars(value), max: max.toLocaleString("en") }),
      });
    if (field === "rating") {
      const r = parseRating(value);
      if (r.ok && r.value !== null) payload.rating = r.value;
      else if (!r.ok) problems.push({ field, message: r.message });
    } else if (field === "reviewed_at") {
      const d = parseReviewDate(value, now);
      if (d.ok && d.value !== null) payload.reviewed_at = d.value;
      else if (!d.ok) problems.push({ field, message: d.message });
    } else {
      if (field === "source_url" && !isHttpUrl(value)) problems.push({ field, message: t("import.rows.not_http") });
      payload[field] = value;
    }
  });
  if (!payload.text) problems.push({ field: "text", message: t("import.rows.no_text") });
  return { payload: payload as unknown as ImportRowPayload, problems };
}

/** Checks every record with the mapping; `now` decides what counts as a future date (UTC). */
export function checkRows(records: string[][], header: string[], mapping: Mapping, now: Date): CheckedRow[] {
  return records.map((cells, i) => {
    const { payload, problems } = checkRecord(cells, header, mapping, now);
    return { number: i + 1, cells, payload: problems.length === 0 ? payload : null, problems };
  });
}

/** Rows ready to send and rows refused here. */
export function splitChecked(rows: CheckedRow[]): { ready: CheckedRow[]; refused: CheckedRow[] } {
  return { ready: rows.filter((r) => r.payload !== null), refused: rows.filter((r) => r.payload === null) };
}
