/**
 * How far a recording's upload got, for testimonials still `uploading`: bytes received of the total, when the last
 * bytes arrived, whether it has stalled (nothing for `UPLOAD_STALL_MS`: the respondent most likely left the page),
 * when the hourly expiry job (src/domains/capture/expiry.ts) removes it if it never finishes, and the time left at
 * the pace so far. Bytes received are the size of the upload's part file and the last arrival its modification
 * time; nothing is written per chunk.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { iso } from "../../platform/clock";
import { uploads } from "./tables";
import type { SubmissionRow } from "./present";

/** An upload that has received nothing for this long is shown as not finished (the page was most likely left). */
export const UPLOAD_STALL_MS = 10 * 60_000;

/** The expiry job runs hourly: an expired upload is removed within this long after `expires_at`. */
const EXPIRY_JOB_EVERY_MS = 3600_000;

/** A testimonial's upload as the API shows it while it is `uploading`. */
export interface UploadProgress {
  received_bytes: number;
  total_bytes: number;
  last_received_at: string;
  stalled: boolean;
  expires_at: string;
  removed_by: string;
  /** Until the last byte arrives at the pace so far; null before any byte, or once stalled. */
  estimated_ms_left: number | null;
}

/** The progress of the `uploading` rows among `rows`, by submission id (one query; other rows are not looked up). */
export function uploadProgress(deps: Pick<Deps, "db" | "storage" | "clock">, rows: SubmissionRow[]) {
  const ids = rows.filter((r) => r.status === "uploading").map((r) => r.id);
  const out = new Map<string, UploadProgress>();
  if (!ids.length) return out;
  const now = deps.clock.now();
  const open = deps.db
    .select()
    .from(uploads)
    .where(and(inArray(uploads.submissionId, ids), eq(uploads.status, "open")))
    .all();
  for (const u of open) {
    const key = `uploads/${u.id}.part`;
    const last = Math.max(u.createdAt, Math.min(now, deps.storage.partModifiedAt(key) ?? u.createdAt));
    const received = deps.storage.partSize(key) ?? 0;
    const stalled = now - last >= UPLOAD_STALL_MS;
    // The pace so far: bytes received over the time since the upload began (to the last arrival).
    const pace = received > 0 && last > u.createdAt ? received / (last - u.createdAt) : 0;
    out.set(u.submissionId, {
      received_bytes: received,
      total_bytes: u.length,
      last_received_at: iso(last),
      stalled,
      expires_at: iso(u.expiresAt),
      removed_by: iso(u.expiresAt + EXPIRY_JOB_EVERY_MS),
      estimated_ms_left: pace && !stalled ? Math.round((u.length - received) / pace) : null,
    });
  }
  return out;
}
