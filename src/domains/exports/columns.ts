/**
 * The columns of an export, in file order, and one testimonial as an export record. The same record is a CSV
 * line and a JSON item, so both formats always hold the same data. The respondent's email is included: exports are
 * the team's own copy (the detail route shows it to the same people); it is never in anything public.
 *
 * Answers to a link's own questions: a JSON item lists them as the API does (`custom_fields`, each with the
 * question as it was asked); a CSV file has one column per question label after the fixed columns (see
 * `answerColumn`), empty where a testimonial's link did not ask that question.
 */
import { iso } from "../../platform/clock";
import type { ExportRow } from "./rows";

/** Column names, in the order CSV files list them. */
export const COLUMNS = [
  "id",
  "created_at",
  "brand_id",
  "brand_name",
  "origin",
  "kind",
  "status",
  "respondent_name",
  "respondent_email",
  "respondent_title",
  "respondent_company",
  "rating",
  "text",
  "text_source",
  "language",
  "sentiment",
  "duration_ms",
  "is_approved",
  "approved_at",
  "is_public",
  "rejected_at",
  "rejection_reason",
  "tags",
  "link_id",
  "source_name",
  "source_url",
  "review_url",
  "reviewed_at",
  "consent_version",
  "consent_agreed_at",
] as const;

/** One column's name. */
export type Column = (typeof COLUMNS)[number];

/** A value in a record: JSON keeps its type; CSV writes it as text. */
export type Cell = string | number | boolean | null | string[];

/** One answer to a link's own question, as the API shows it. */
export interface AnswerCell {
  id: string;
  label: string;
  value: string | boolean;
}

/** One testimonial as an export record: the fixed columns, then its answers to the link's own questions. */
export type ExportRecord = Record<Column, Cell> & { custom_fields: AnswerCell[] };

/**
 * The CSV column of a question: `answer: ` and its label as asked, trimmed with inner blanks collapsed. The prefix
 * keeps a question called "rating" or "tags" from clashing with a fixed column; the same label on two links (or
 * asked again after a rename back) is one column.
 */
export const answerColumn = (label: string): string => `answer: ${label.trim().replace(/\s+/g, " ")}`;

/** A record's answers by CSV column (two answers under one label in one testimonial are joined with "; "). */
export function answersByColumn(record: Pick<ExportRecord, "custom_fields">): Map<string, Cell> {
  const out = new Map<string, Cell>();
  for (const a of record.custom_fields) {
    const column = answerColumn(a.label);
    const before = out.get(column);
    out.set(column, before === undefined ? a.value : `${before}; ${a.value}`);
  }
  return out;
}

/** Builds the record of one testimonial. */
export function exportRecord({ row, brandName, tags }: ExportRow): ExportRecord {
  return {
    id: row.id,
    created_at: iso(row.createdAt),
    brand_id: row.brandId,
    brand_name: brandName,
    origin: row.origin,
    kind: row.kind,
    status: row.status,
    respondent_name: row.respondentName || null,
    respondent_email: row.respondentEmail,
    respondent_title: row.respondentTitle,
    respondent_company: row.respondentCompany,
    rating: row.rating,
    text: row.textInput,
    text_source: row.textSource,
    language: row.language,
    sentiment: row.sentimentLabel,
    duration_ms: row.kind === "text" ? null : row.durationMs,
    is_approved: row.isApproved,
    approved_at: iso(row.approvedAt),
    is_public: row.isPublic,
    rejected_at: iso(row.rejectedAt),
    rejection_reason: row.rejectionReason,
    tags,
    link_id: row.origin === "collected" ? row.linkId : null,
    source_name: row.sourceName,
    source_url: row.sourceUrl,
    review_url: row.reviewUrl,
    reviewed_at: row.reviewedAt?.slice(0, 10) ?? null,
    consent_version: row.consent?.version ?? null,
    consent_agreed_at: row.consent?.agreed_at ?? null,
    custom_fields: (row.customAnswers ?? []).map((a) => ({ id: a.id, label: a.label, value: a.value })),
  };
}
