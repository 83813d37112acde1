/**
 * The access kernel (issue 27): who calls and what they may do, for every domain. Authentication itself is the
 * accounts domain's (it knows keys, sessions and memberships) and reaches the kernel through `CallerPort`; the
 * kernel holds the permission table, plans and allowances, route access declarations and `command`.
 */
export {
  accessPlugin,
  accessOfRoute,
  routeAccess,
  undeclaredRoutes,
  ACCESS_PROPERTY,
  type AccessDecl,
  type BrandRef,
  type CallerPort,
  type RouteAccess,
} from "./route-access";
export { can, requirePlanAllowance } from "./guard";
export { command, type CommandCtx, type CommandInput, type CommandSpec } from "./command";
export { authorize, isScope, SCOPES, PERMISSIONS, type Permission, type Scope } from "./permissions";
export {
  PLANS,
  PLAN_IDS,
  TEST_MODE_ALLOWANCES,
  ALLOWANCE_NAMES,
  ALLOWANCE_LABELS,
  assertCountersRegistered,
  requireAllowance,
  requireFeature,
  allowanceFor,
  allowanceOf,
  isOperatorOrg,
  mayRemoveAttribution,
  monthStart,
  parsePlan,
  planOf,
  upgradeUrl,
  usageOf,
  type PlanId,
  type AllowanceName,
  type FeatureName,
} from "./plans";
export { orgs } from "./tables";
export { orgSender } from "./org-sender";
