/** What other domains may use from accounts, and the accounts module (its routes). */
import type { DomainModule } from "../../platform/module";
import { accountRoutes } from "./routes";
import { INVITATION_LINK, invitationMailLink } from "./invitations";
export { authPlugin, authenticate } from "./auth";
export { can, requirePlanAllowance } from "./guard";
export { command, type CommandCtx, type CommandInput, type CommandSpec } from "./command";
export { authorize, SCOPES, PERMISSIONS, type Permission, type Scope } from "./permissions";
export {
  PLANS,
  PLAN_IDS,
  TEST_MODE_ALLOWANCES,
  ALLOWANCE_NAMES,
  assertCountersRegistered,
  requireAllowance,
  requireFeature,
  allowanceFor,
  allowanceOf,
  isOperatorOrg,
  mayRemoveAttribution,
  monthStart,
  type PlanId,
  type AllowanceName,
} from "./plans";
export { createOrganisation, getOrg, listOrgs, setOperator, setPlan, type Org } from "./orgs";
export { createApiKey } from "./api-keys";
export { orgSender, orgLogoUrl } from "./org-settings";
export { createUser, findUserByEmail, normaliseEmail } from "./users";
export { users, members, orgs } from "./tables";
export { accountRoutes } from "./routes";

/**
 * The accounts module: sign-in, organisations, members, keys and plans (the routes; plan allowances are counted by
 * the modules that own them), and the invitation link its emails carry, made when they are sent.
 */
export const accountsModule: DomainModule = {
  name: "accounts",
  routes: (deps) => accountRoutes(deps),
  mailLinks: { [INVITATION_LINK]: invitationMailLink },
};
