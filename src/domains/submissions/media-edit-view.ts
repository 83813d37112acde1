/** How a recording's trim and cover look in the detail answer, with the job's progress while it runs. */
import { iso } from "../../platform/clock";
import type { SubmissionRow } from "./present";
import type { MediaEditView } from "./model";
import { editProgress } from "./media-edit-progress";

/** The trim and cover as the API shows them, with the job's progress (0–100) from `progressOf`. */
export function presentMediaEdit(row: SubmissionRow, progressOf = editProgress): MediaEditView | null {
  const e = row.mediaEdit;
  if (!e) return null;
  const running = e.state === "processing" ? progressOf(row.id) : null;
  return {
    trim: e.trim,
    cover_ms: e.cover_ms,
    state: e.state,
    progress: e.state === "ready" ? 100 : e.state === "failed" ? 0 : Math.round((running ?? 0) * 100),
    error: e.error,
    requested_at: iso(e.requested_at)!,
    duration_ms: e.applied?.duration_ms ?? null,
    applied_trim: e.applied?.trim ?? null,
    applied_cover_ms: e.applied?.cover_ms ?? null,
  };
}
