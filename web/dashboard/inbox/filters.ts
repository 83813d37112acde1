/**
 * The inbox's filters live in the address bar (`/app/inbox/sub_…?status=ready&q=invoice`), so a filtered view can
 * be bookmarked, shared and survives a reload. The query names are the list route's own.
 */
import type { SubmissionListQuery, SubmissionStatus } from "./types";

/** Filters of the inbox, the list route's own (less the brand, which the page sets, and paging); absent means "any". */
export type InboxFilters = Omit<SubmissionListQuery, "brand_id" | "cursor" | "limit">;

/** Statuses a person can filter on, in the order they happen. */
export const STATUSES: SubmissionStatus[] = ["uploading", "processing", "ready", "failed"];

/** The list route refuses longer searches. */
export const MAX_SEARCH = 200;

const KEYS = ["status", "origin", "is_approved", "is_public", "tag_id", "q"] as const;
const oneOf = <T extends string>(v: string | null, allowed: readonly T[]): T | undefined =>
  v !== null && (allowed as readonly string[]).includes(v) ? (v as T) : undefined;

/** Reads filters from a query string; values the route would refuse are dropped rather than shown as an error. */
export function readFilters(query: URLSearchParams): InboxFilters {
  const q = query.get("q")?.replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH);
  const tag = query.get("tag_id")?.trim();
  const f: InboxFilters = {
    status: oneOf(query.get("status"), STATUSES),
    origin: oneOf(query.get("origin"), ["collected", "imported", "manual"] as const),
    is_approved: oneOf(query.get("is_approved"), ["true", "false"] as const),
    is_public: oneOf(query.get("is_public"), ["true", "false"] as const),
    tag_id: tag && tag.length <= 64 ? tag : undefined,
    q: q || undefined,
  };
  for (const k of KEYS) if (f[k] === undefined) delete f[k];
  return f;
}

/** The query string of filters (no `?`), in a fixed order so equal filters give equal addresses. */
export function filtersToQuery(f: InboxFilters): string {
  const params = new URLSearchParams();
  for (const k of KEYS) if (f[k]) params.set(k, f[k]!);
  return params.toString();
}

/** The inbox address for an open testimonial (or none) and filters, relative to the dashboard. */
export function inboxPath(id: string | null, f: InboxFilters): string {
  const qs = filtersToQuery(f);
  return `inbox${id ? `/${encodeURIComponent(id)}` : ""}${qs ? `?${qs}` : ""}`;
}

/** The list route's query for a brand and filters. */
export function listQuery(brandId: string, f: InboxFilters): Record<string, string> {
  return { brand_id: brandId, ...Object.fromEntries(KEYS.filter((k) => f[k]).map((k) => [k, f[k]!])) };
}

/** Whether any filter or search is set. */
export const hasFilters = (f: InboxFilters): boolean => KEYS.some((k) => f[k] !== undefined);

/** A stable key of the filters, for effects that reload when they change. */
export const filtersKey = (f: InboxFilters): string => filtersToQuery(f);
