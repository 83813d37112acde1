/**
 * What a render of the reel as it stands would cost and whether it can start: its length (clips plus cards) times
 * the sizes asked for, in whole render seconds, against the plan's remaining monthly render seconds. A client login
 * gets the cost and the verdict without the organisation's usage and allowance.
 */
import type { Ctx } from "../../platform/context";
import type { Db } from "../../platform/db/client";
import { allowanceOf, monthStart, type PlanId } from "../../platform/access";
import { cardsMs } from "./config";
import type { ReelClip, ReelConfig } from "./model";
import { renderSecondsUsed } from "./usage";

/** Length in ms of a reel with these clips and settings (the padding of each cut adds at most 240 ms a clip). */
export const reelLengthMs = (clips: ReelClip[], config: ReelConfig) =>
  clips.reduce((n, c) => n + (c.end_ms - c.start_ms), 0) + cardsMs(config);

/** Render seconds a render costs: each size is a full encode of the reel. */
export const renderCost = (clips: ReelClip[], config: ReelConfig) =>
  Math.ceil(reelLengthMs(clips, config) / 1000) * config.aspect_ratios.length;

/** Why a render cannot start now. */
export type Blocked = "no_clips" | "rendering" | "plan_limit" | null;

/** The estimate object of the API. */
export function estimate(
  db: Db,
  ctx: Ctx,
  plan: PlanId | null,
  reel: { clips: ReelClip[]; config: ReelConfig },
  rendering: boolean,
) {
  const cost = renderCost(reel.clips, reel.config);
  const allowance = plan ? allowanceOf(db, ctx, plan, "render_seconds_per_month") : null;
  const used = renderSecondsUsed(db, ctx, monthStart(ctx.clock.now()));
  const remaining = allowance === null ? null : Math.max(0, allowance - used);
  // A client login is told whether the render fits, not the organisation's figures: the usage counts every brand's
  // reels, so it would tell one client about the agency's other clients.
  const shown = ctx.brandIds == null;
  const blocked: Blocked =
    reel.clips.length === 0
      ? "no_clips"
      : rendering
        ? "rendering"
        : remaining !== null && cost > remaining
          ? "plan_limit"
          : null;
  return {
    duration_ms: reelLengthMs(reel.clips, reel.config),
    aspect_ratios: reel.config.aspect_ratios.length,
    render_seconds: cost,
    used_seconds_this_month: shown ? used : null,
    allowance_seconds: shown ? allowance : null,
    remaining_seconds: shown ? remaining : null,
    can_start: blocked === null,
    blocked_reason: blocked,
  };
}
