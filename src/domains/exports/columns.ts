/**
 * The columns of an export, in file order, and one testimonial as an export record. The same record is a CSV
 * line and a JSON item, so both formats always hold the same data. The respondent's email is included: exports are
 * the team's own copy (the detail route shows it to the same people); it is never in anything public.
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

/** One testimonial as an export record. */
export type ExportRecord = Record<Column, Cell>;

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
  };
}
