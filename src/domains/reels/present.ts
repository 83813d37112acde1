/** How a reel looks in the API: clips, settings, render state, estimate, output (signed, one hour) and share. */
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { iso } from "../../platform/clock";
import type { PlanId } from "../../platform/access";
import { presentConfig } from "./config";
import { estimate } from "./estimate";
import { presentOutput } from "./files";
import { renderLabel } from "./progress";
import type { ReelRow } from "./reel-service";
import { renderPaused } from "./render-job";
import { getRender, isActive, type RenderRow } from "./render-state";
import { shareUrls } from "./share";
import type { Static } from "elysia";
import type { ReelView, renderSchema } from "./model";

/** The render object: the latest render's state (or a blank one before any). */
export function presentRender(deps: Deps, r: RenderRow | null): Static<typeof renderSchema> {
  if (!r)
    return {
      id: null,
      status: null,
      stage: null,
      label: "Not rendered yet",
      paused: false,
      progress: 0,
      step: null,
      error_message: null,
      created_at: null,
      started_at: null,
      finished_at: null,
    };
  const paused = isActive(r) && renderPaused(deps, r.id);
  return {
    id: r.id,
    status: r.status,
    stage: r.stage,
    label: renderLabel(r, paused),
    paused,
    progress: r.status === "succeeded" ? 1 : r.progress,
    step: isActive(r) && r.stepTotal > 0 ? { done: r.stepDone, total: r.stepTotal } : null,
    error_message: r.errorMessage,
    cost_seconds: r.costSeconds,
    created_at: iso(r.createdAt),
    started_at: iso(r.startedAt),
    finished_at: iso(r.finishedAt),
  };
}

/** The reel as the API shows it; `plan` (from the caller's context) fills the estimate's allowance. */
export function presentReel(deps: Deps, ctx: Ctx & { plan?: PlanId }, row: ReelRow): ReelView {
  const last = getRender(deps.db, row.lastRenderId);
  const output = row.outputRenderId === last?.id ? last : getRender(deps.db, row.outputRenderId);
  return {
    id: row.id,
    brand_id: row.brandId,
    title: row.title,
    status: row.status,
    arrangement: row.arrangement,
    mode: row.mode,
    clips: row.clips.map((c) => ({
      submission_id: c.submission_id,
      start_ms: c.start_ms,
      end_ms: c.end_ms,
      text: c.text,
      source: c.source,
      reason: c.source === "model" ? c.reason : null,
    })),
    config: presentConfig(row.config),
    render: presentRender(deps, last),
    estimate: estimate(deps.db, ctx, ctx.plan ?? null, row, isActive(last)),
    output: output?.files && output.status === "succeeded" ? presentOutput(deps, output) : null,
    changed_since_render: output?.status === "succeeded" ? row.version !== output.version : false,
    share: {
      enabled: row.shareEnabled,
      status: row.shareEnabled ? (row.sharedRenderId ? "live" : "publishing") : null,
      urls: shareUrls(deps.config.cdnUrl, row),
    },
    error_message: row.errorMessage,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
