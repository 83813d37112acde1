/**
 * Render progress as people see it: the stage, a sentence (`Cutting clip 3 of 8`), a 0..1 fraction over the whole
 * render (each stage weighted by its usual share of the time), and `paused` while new testimonials go first.
 */
import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import { inOrg } from "../../platform/db/tenancy";
import type { Db } from "../../platform/db/client";
import type { Mode } from "../../platform/context";
import { jobs } from "../../platform/jobs/tables";
import { PROCESS_JOB } from "../submissions";
import type { RenderStage } from "../../media/reel/types";
import type { RenderRow } from "./render-state";
import { REEL_RENDER_JOB } from "./render-service";

/** Share of a render's time each stage usually takes (they add up to 1). */
const WEIGHTS: [RenderStage, number][] = [
  ["queued", 0],
  ["cutting", 0.3],
  ["cards", 0.05],
  ["music", 0.05],
  ["captions", 0.02],
  ["rendering", 0.53],
  ["uploading", 0.03],
  ["finishing", 0.02],
];

/** Overall progress for a stage, its finished steps and the fraction of the current step. */
export function overallProgress(stage: RenderStage, done: number, total: number, fraction: number): number {
  let base = 0;
  for (const [s, w] of WEIGHTS) {
    if (s === stage)
      return Math.min(
        1,
        Math.round(
          (base + w * (total > 0 ? Math.min(1, (done + Math.max(0, Math.min(1, fraction))) / total) : 0)) * 1000,
        ) / 1000,
      );
    base += w;
  }
  return base;
}

/** The sentence for a person. */
export function renderLabel(
  r: Pick<RenderRow, "status" | "stage" | "stepDone" | "stepTotal" | "snapshot" | "errorMessage">,
  paused: boolean,
): string {
  if (r.status === "succeeded") return "Rendered";
  if (r.status === "failed") return "Render failed";
  if (r.status === "cancelled") return "Render cancelled";
  if (paused) return "Paused while a new testimonial is processed";
  // Queued: never started, or stepped aside and waiting to carry on.
  if (r.status === "queued") return "Waiting for a render slot";
  const n = `${Math.min(r.stepDone + 1, Math.max(1, r.stepTotal))} of ${Math.max(1, r.stepTotal)}`;
  switch (r.stage as RenderStage) {
    case "cutting":
      return `Cutting clip ${n}`;
    case "cards":
      return "Making the intro and outro cards";
    case "music":
      return r.snapshot.config.music ? "Mixing the music" : "Mixing the sound";
    case "captions":
      return "Writing the captions";
    case "rendering":
      return `Rendering ${r.snapshot.config.aspect_ratios[r.stepDone] ?? ""} (${n})`.replace("  ", " ");
    case "uploading":
      return "Saving the files";
    case "finishing":
      return "Finishing";
  }
  return "Rendering";
}

/** Media kinds that share the media slots (processing a testimonial, rendering a reel). */
const MEDIA = [PROCESS_JOB, REEL_RENDER_JOB];

/** One organisation and mode: what a person may learn about the queue is limited to their own jobs. */
export interface JobScope {
  orgId: string | null;
  mode: Mode | null;
}

const inScope = (scope?: JobScope) =>
  scope
    ? and(
        scope.orgId === null ? isNull(jobs.orgId) : inOrg(jobs, scope.orgId),
        scope.mode === null ? isNull(jobs.mode) : eq(jobs.mode, scope.mode),
      )
    : undefined;

/**
 * A new testimonial waits for a media slot (its processing job is due but not running). Without a scope, any
 * organisation's (the scheduler's view); with one, only that organisation and mode's (what a person is shown).
 */
export function testimonialWaiting(db: Db, now: number, scope?: JobScope): boolean {
  return !!db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, PROCESS_JOB), eq(jobs.status, "queued"), lte(jobs.runAt, now), inScope(scope)))
    .limit(1)
    .get();
}

/** Media jobs running now (all of them, or one organisation and mode's). */
export function mediaRunning(db: Db, scope?: JobScope): { processing: number; total: number } {
  const rows = db
    .select({ kind: jobs.kind })
    .from(jobs)
    .where(and(eq(jobs.status, "running"), inArray(jobs.kind, MEDIA), inScope(scope)))
    .all();
  return { processing: rows.filter((r) => r.kind === PROCESS_JOB).length, total: rows.length };
}

/**
 * Whether a render is shown as held back for new testimonials of its own organisation and mode: its job waits
 * while their testimonials are processed or wait for a slot, or it runs while one waits (it steps aside at its next
 * checkpoint). Other organisations' testimonials never show here: they leave no trace in another tenant's view.
 */
export function isPaused(db: Db, now: number, renderJobKey: string): boolean {
  const job = db
    .select({ status: jobs.status, orgId: jobs.orgId, mode: jobs.mode })
    .from(jobs)
    .where(and(eq(jobs.dedupeKey, renderJobKey), inArray(jobs.status, ["queued", "running"])))
    .get();
  if (!job) return false;
  const scope: JobScope = { orgId: job.orgId, mode: job.mode };
  const waiting = testimonialWaiting(db, now, scope);
  return job.status === "queued" ? waiting || mediaRunning(db, scope).processing > 0 : waiting;
}
