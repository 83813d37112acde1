/** What other domains may use from accounts, and the accounts module (its routes). */
import type { DomainModule } from "../../platform/module";
import { accountRoutes } from "./routes";
import { INVITATION_LINK, invitationMailLink } from "./invitations";
import { PASSWORD_RESET_LINK, passwordResetMailLink } from "./password-resets";
import { EMAIL_CHANGE_LINK, emailChangeMailLink } from "./email-changes";
import { forgetDeletedBrand } from "./brand-access";
import { callerPort } from "./auth";
import { staffEmails } from "./members";
export { authenticate, callerPort } from "./auth";
export { SESSION_COOKIE } from "./sessions";
export { createOrganisation, getOrg, listOrgs, setOperator, setPlan, type Org } from "./orgs";
export { createApiKey } from "./api-keys";
export { staffEmails } from "./members";
export { orgLogoUrl } from "./org-settings";
export { createUser, findUserByEmail, normaliseEmail } from "./users";
export { users, members, orgs } from "./tables";
export { accountRoutes } from "./routes";

/**
 * The accounts module: sign-in, password resets, the profile, organisations, members, keys and plans (the routes;
 * plan allowances are counted by the modules that own them); the personal links its emails carry (invitations,
 * password resets, email confirmations), made when they are sent; and, when a brand is deleted, the client logins
 * and invitations that named it lose it. It also tells the access kernel who calls (`callerPort`).
 */
export const accountsModule: DomainModule = {
  name: "accounts",
  routes: (deps) => accountRoutes(deps),
  caller: callerPort,
  staffEmails,
  mailLinks: {
    [INVITATION_LINK]: invitationMailLink,
    [PASSWORD_RESET_LINK]: passwordResetMailLink,
    [EMAIL_CHANGE_LINK]: emailChangeMailLink,
  },
  brandDeletion: { stop: forgetDeletedBrand },
};
