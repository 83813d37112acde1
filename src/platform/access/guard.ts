/** The two checks every route makes: is the caller allowed, and does the plan allow it. */
import type { Ctx } from "../context";
import type { Deps } from "../deps";
import { reader } from "../db/unit-of-work";
import { authorize, type Permission } from "./permissions";
import { requireAllowance, type AllowanceName, type PlanId } from "./plans";

/** Authorises the context for a permission and returns it, so routes read `const ctx = can(auth(), "brand:read")`. */
export function can<C extends Ctx>(ctx: C, permission: Permission): C {
  authorize(ctx, permission);
  return ctx;
}

/** 402 when adding `adding` would pass the org's allowance in the context's mode. */
export function requirePlanAllowance(deps: Deps, ctx: Ctx & { plan: PlanId }, name: AllowanceName, adding = 1) {
  requireAllowance(reader(deps, ctx), ctx.plan, name, adding);
}
