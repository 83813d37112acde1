/**
 * Whether a collect link takes testimonials now, and if not why: paused or closed by its team, past its expiry, or
 * full (its response cap reached). One rule, used by the link's API answer, the capture page and the capture API.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { LinkRow } from "./present";

/** Why a link takes nothing: set by its team (`paused`, `closed`), or reached (`expired`, `full`). */
export type ClosedReason = "paused" | "closed" | "expired" | "full";

/** A link's state: open, or closed with a reason. */
export interface LinkState {
  open: boolean;
  reason: ClosedReason | null;
  /** Testimonials sent through the link (deleted ones not counted). */
  responses: number;
}

/**
 * Testimonials sent through a link, deleted ones not counted. The submissions table is named by its SQL name so
 * the brands domain needs nothing of the submissions domain (which builds on brands); a recording still uploading
 * holds its place, and an abandoned upload's row is removed by the capture expiry job.
 */
export function responseCount(db: Db, linkId: string): number {
  const row = db.$client
    .query<{ n: number }, [string]>("SELECT count(*) AS n FROM submissions WHERE link_id = ? AND deleted_at IS NULL")
    .get(linkId);
  return row?.n ?? 0;
}

/**
 * The same count as a column to select beside rows of `links` (one statement for a page of links). The outer
 * column is written out: drizzle names a lone table's columns without the table, which inside the subquery would
 * mean the submission's own id.
 */
export const responseCountColumn = sql<number>`(SELECT count(*) FROM submissions s WHERE s.link_id = "links"."id" AND s.deleted_at IS NULL)`;

/** The state of `row` at `now` (`responses` is counted when not given). */
export function linkState(db: Db, row: LinkRow, now: number, responses = responseCount(db, row.id)): LinkState {
  if (!row.isActive) return { open: false, reason: (row.closedReason as ClosedReason | null) ?? "paused", responses };
  if (row.expiresAt !== null && row.expiresAt <= now) return { open: false, reason: "expired", responses };
  if (row.maxResponses !== null && responses >= row.maxResponses) return { open: false, reason: "full", responses };
  return { open: true, reason: null, responses };
}
