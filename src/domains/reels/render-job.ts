/**
 * The render job. It runs the media pipeline on the render's snapshot, writing progress as it goes, and at each
 * checkpoint: stops if the render was cancelled (reel deleted, testimonial erased), steps aside when a new
 * testimonial waits for the media slot (the render is queued again behind it and resumes from its finished
 * steps), and fails once the render has been running 30 minutes in total. A worker killed mid-render leaves its
 * lease to expire; the job runs again and resumes from the files already made. Finished files are linked into
 * `media/` and become the reel's output in one transaction, so nothing half-written is ever served.
 */
import { and, eq } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { systemCtx, type Mode } from "../../platform/context";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import type { Job } from "../../platform/jobs/queue";
import type { JobKind, JobRunContext } from "../../platform/jobs/worker";
import { isMediaError } from "../../media/errors";
import { OUT_OF_TIME } from "../../media/reel/pipeline";
import { aspectSlug, type RenderedReel, type RenderHooks, type RenderStage } from "../../media/reel/types";
import { REEL_LIMITS, type RenderFiles } from "./model";
import { buildPlan, PlanError } from "./plan";
import { isPaused, mediaRunning, overallProgress, testimonialWaiting } from "./progress";
import { completeRender, failRender } from "./render-finish";
import { enqueueRender, renderJobKey } from "./render-service";
import { getRender, isActive, type RenderRow } from "./render-state";
import { reelRenders, reels } from "./tables";
import { removeWorkDir, renderKey } from "./storage-keys";

interface Payload {
  renderId: string;
}

/**
 * Stores a finished work file under `key` in `media/` as a whole file. The work file itself stays until the render
 * is recorded (a crash before that resumes from it), so the store gets a copy: `write` from the file.
 */
async function keep(deps: Deps, file: string, key: string): Promise<string> {
  await deps.storage.write("media", key, Bun.file(file));
  return key;
}

/** Stores the finished files in the render's folder under `media/` and describes them. */
async function storeFiles(deps: Deps, reelId: string, renderId: string, reel: RenderedReel): Promise<RenderFiles> {
  const dir = renderKey(reelId, renderId);
  const variants = [];
  for (const v of reel.variants) {
    const key = await keep(deps, v.file, `${dir}/${aspectSlug(v.aspect)}.mp4`);
    variants.push({
      aspect_ratio: v.aspect,
      key,
      width: v.width,
      height: v.height,
      bytes: (await deps.storage.size("media", key)) ?? 0,
    });
  }
  const posters: Record<string, string> = {};
  for (const p of reel.posters)
    posters[aspectSlug(p.aspect)] = await keep(deps, p.file, `${dir}/poster-${aspectSlug(p.aspect)}.jpg`);
  return {
    dir,
    variants,
    poster: posters[aspectSlug(reel.posters[0]!.aspect)]!,
    posters,
    captions: await keep(deps, reel.captionsFile, `${dir}/captions.vtt`),
    duration_ms: reel.durationMs,
    segments: reel.segments,
  };
}

/** Runs `fn` as one unit of work acting for the render's organisation and mode (the system). */
function renderUnit<T>(deps: Deps, render: Pick<RenderRow, "orgId" | "mode">, fn: (tx: Tx) => T): T {
  return unitOfWork(deps, systemCtx(render.orgId, render.mode as Mode, deps.clock), fn);
}

/** Runs (or resumes) one render. */
export async function runRender(deps: Deps, renderId: string, run: Pick<JobRunContext, "signal">): Promise<void> {
  const { db, clock } = deps;
  const render = getRender(db, renderId);
  if (!render || !isActive(render)) return;
  const reel = db.select().from(reels).where(eq(reels.id, render.reelId)).get();
  if (!reel) return;
  const started = clock.now();
  const mine = and(eq(reelRenders.id, renderId), eq(reelRenders.status, "running"));
  db.update(reelRenders)
    .set({ status: "running", startedAt: render.startedAt ?? started, updatedAt: started })
    .where(and(eq(reelRenders.id, renderId), eq(reelRenders.status, render.status)))
    .run();
  const active = () => render.activeMs + (clock.now() - started);
  const timeLeft = () => REEL_LIMITS.renderMs - active();
  const cleanup = () => removeWorkDir(deps.storage, renderId);
  const fail = (message: string) => renderUnit(deps, render, (tx) => failRender(tx, renderId, message));
  if (timeLeft() <= 0) return void (fail(OUT_OF_TIME), cleanup());

  let plan;
  try {
    plan = await buildPlan(deps, render, reel.brandId);
  } catch (e) {
    if (e instanceof PlanError) return void (fail(e.message), cleanup());
    throw e;
  }
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  run.signal.addEventListener("abort", onAbort, { once: true });
  let state: { stage: RenderStage; done: number; total: number; fraction: number } = {
    stage: render.stage as RenderStage,
    done: render.stepDone,
    total: render.stepTotal,
    fraction: 0,
  };
  let lastWrite = 0;
  const write = (force: boolean) => {
    if (!force && performance.now() - lastWrite < 500) return;
    lastWrite = performance.now();
    const still = db
      .update(reelRenders)
      .set({
        stage: state.stage,
        stepDone: state.done,
        stepTotal: state.total,
        progress: overallProgress(state.stage, state.done, state.total, state.fraction),
        activeMs: active(),
        updatedAt: clock.now(),
      })
      .where(mine)
      .returning({ id: reelRenders.id })
      .get();
    // Cancelled or deleted meanwhile: stop the tool now rather than at the next checkpoint.
    if (!still) controller.abort();
  };
  const hooks: RenderHooks = {
    signal: controller.signal,
    stage: (stage, done, total) => ((state = { stage, done, total, fraction: 0 }), write(true)),
    progress: (fraction) => ((state.fraction = fraction), write(false)),
    checkpoint: () => {
      write(true);
      if (controller.signal.aborted) return "cancel";
      const slotsBusy = mediaRunning(db).total >= deps.config.mediaConcurrency;
      return testimonialWaiting(db, clock.now()) && slotsBusy ? "yield" : "continue";
    },
    timeLeftMs: timeLeft,
  };
  const stillRunning = () => getRender(db, renderId)?.status === "running";
  let outcome;
  try {
    outcome = await deps.reelRenderer.render(plan, hooks);
  } catch (e) {
    if (!stillRunning()) return cleanup();
    if (timeLeft() <= 0) return void (fail(OUT_OF_TIME), cleanup());
    if (isMediaError(e) && e.permanent) return void (fail(`A recording could not be cut: ${e.message}`), cleanup());
    db.update(reelRenders).set({ activeMs: active(), updatedAt: clock.now() }).where(mine).run();
    throw e;
  } finally {
    run.signal.removeEventListener("abort", onAbort);
  }
  if (outcome.kind === "cancelled") return cleanup();
  if (outcome.kind === "yielded") {
    renderUnit(deps, render, (tx) => {
      const r = tx.db
        .update(reelRenders)
        .set({ status: "queued", activeMs: active(), updatedAt: clock.now() })
        .where(mine)
        .returning({ id: reelRenders.id })
        .get();
      if (r) enqueueRender(tx, renderId);
    });
    return;
  }
  hooks.stage("uploading", 0, 1);
  const files = await storeFiles(deps, reel.id, renderId, outcome.reel);
  hooks.stage("finishing", 0, 1);
  if (!renderUnit(deps, render, (tx) => completeRender(tx, renderId, files)))
    await deps.storage.remove("media", files.dir);
  cleanup();
}

/** The render job kind: one attempt is bounded by the 30-minute allowance; a crashed worker's job is resumed. */
export const renderJobKind: JobKind<Payload> = {
  handle: (job: Job<Payload>, deps, run) => runRender(deps, job.payload.renderId, run),
  maxAttempts: 3,
  timeoutMs: REEL_LIMITS.renderMs + 60_000,
  backoffMs: (attempt) => 15_000 * attempt,
  onDead(job, deps, error) {
    deps.log.error("reel render gave up", { render_id: job.payload.renderId, job_id: job.id, error });
    const render = getRender(deps.db, job.payload.renderId);
    if (render)
      renderUnit(deps, render, (tx) =>
        failRender(
          tx,
          job.payload.renderId,
          `The render stopped unexpectedly several times (${error.slice(0, 200)}). Try again; if it keeps failing, run plaudit doctor.`,
        ),
      );
    removeWorkDir(deps.storage, job.payload.renderId);
  },
};

/** Whether a render is held back for new testimonials (for the API). */
export const renderPaused = (deps: Deps, renderId: string) =>
  isPaused(deps.db, deps.clock.now(), renderJobKey(renderId));
