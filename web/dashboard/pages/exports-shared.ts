/**
 * What the Exports page shares: the export as the API returns it, the request body built from the form, and a
 * sentence describing an export's filters.
 */

import type { ExportFilters } from "../types";
import { t } from "../i18n";
export type { ExportFilters, ExportItem, ExportPreview } from "../types";

/** The form's values: empty strings mean "any". */
export interface ExportForm {
  format: "csv" | "json";
  brand: "current" | "all";
  status: string;
  origin: string;
  is_approved: "" | "true" | "false";
  is_public: "" | "true" | "false";
  tag_id: string;
  q: string;
}

/** The filters the API takes for a form and the chosen brand. */
export function filtersOf(form: ExportForm, brandId: string | null): ExportFilters {
  const f: ExportFilters = {};
  if (form.brand === "current" && brandId) f.brand_id = brandId;
  if (form.status) f.status = form.status as ExportFilters["status"];
  if (form.origin) f.origin = form.origin as ExportFilters["origin"];
  if (form.is_approved) f.is_approved = form.is_approved === "true";
  if (form.is_public) f.is_public = form.is_public === "true";
  if (form.tag_id) f.tag_id = form.tag_id;
  if (form.q.trim()) f.q = form.q.replace(/\s+/g, " ").trim();
  return f;
}

/** "Approved, public, tagged Homepage, matching “invoice”" (or "Every testimonial"). */
export function describeFilters(
  f: ExportFilters,
  brandName: (id: string) => string,
  tagName: (id: string) => string,
): string {
  const parts: string[] = [];
  if (f.brand_id) parts.push(brandName(f.brand_id));
  if (f.status) parts.push(f.status);
  if (f.origin) parts.push(f.origin);
  if (f.is_approved !== undefined)
    parts.push(f.is_approved ? t("exports-shared.approved") : t("exports-shared.not_approved"));
  if (f.is_public !== undefined) parts.push(f.is_public ? t("exports-shared.public") : t("exports-shared.private"));
  if (f.tag_id) parts.push(t("exports-shared.tagged", { tag: tagName(f.tag_id) }));
  if (f.q) parts.push(t("exports-shared.matching", { q: f.q }));
  return parts.length ? parts.join(", ") : t("exports-shared.everything");
}

/** Why an export has no file, in words. */
export const reasons = (): Record<string, string> => ({
  time_up: t("exports-shared.reason_time_up"),
  erased: t("exports-shared.reason_erased"),
});
