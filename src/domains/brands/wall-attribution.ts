/**
 * The wall's footer line "Testimonials published with Plaudit" (white label, issue 29). A brand may drop it
 * (`wall_attribution: false`) where the operator allows: the server's own organisation (operator mode) always may,
 * a hosted organisation when its plan has `remove_attribution` (as a widget's `show_attribution`). Switching it off
 * on a plan without it is a 402; a brand that switched it off and whose organisation later moves to such a plan
 * shows it again (a plan change rebuilds every wall: accounts/orgs.ts), without its setting being changed.
 */
import type { Ctx } from "../../platform/context";
import type { Db } from "../../platform/db/client";
import { mayRemoveAttribution, requireFeature, type PlanId, planOf } from "../../platform/access";
import type { BrandRow } from "./present";

/** Applies `wall_attribution` from a brand change to `next`; false needs the organisation to be allowed (else 402). */
export function applyWallAttribution(db: Db, ctx: Ctx, appUrl: string, next: BrandRow, value: boolean | undefined) {
  if (value === undefined) return;
  if (value === false && !mayRemoveAttribution(db, ctx.orgId))
    requireFeature(
      planOf(db, ctx.orgId),
      appUrl,
      "remove_attribution",
      'Removing "Testimonials published with Plaudit" from the wall needs a paid plan.',
    );
  next.wallAttribution = value;
}

/** Whether a brand's wall shows the attribution now: unless it is switched off where the organisation may. */
export function wallShowsAttribution(db: Db, brand: Pick<BrandRow, "orgId" | "wallAttribution">): boolean {
  return brand.wallAttribution !== false || !mayRemoveAttribution(db, brand.orgId);
}
