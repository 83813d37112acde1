/** What other domains may use from accounts. */
export { authPlugin, authenticate } from "./auth";
export { can, requirePlanAllowance } from "./guard";
export { authorize, SCOPES, PERMISSIONS, type Permission, type Scope } from "./permissions";
export { PLANS, PLAN_IDS, TEST_MODE_ALLOWANCES, registerUsage, requireAllowance, requireFeature, allowanceFor, type PlanId, type AllowanceName } from "./plans";
export { createOrganisation, getOrg, listOrgs, setPlan, type Org } from "./orgs";
export { createApiKey } from "./api-keys";
export { createUser, findUserByEmail } from "./users";
export { accountRoutes } from "./routes";
