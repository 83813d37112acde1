/** What other parts of the appliance may use from removals, and the removals module. */
import type { DomainModule } from "../../platform/module";
import { removalRoutes } from "./routes";
import { removalPagePlugin } from "./page";
import { queueRemovalMailOnCreated } from "./mail";
import { eraseRemovalMailOf, forgetBrandThankYous } from "./erase";
import { registerRemovalJobs } from "./redact";
export { removals } from "./tables";
export { removalRoutes } from "./routes";
export { removalPagePlugin } from "./page";
export { lookupRemoval, confirmRemoval, type RemovalView, type RemovalResult } from "./service";
export { removalUrl, removalMail, greetingName, queueRemovalMailOnCreated } from "./mail";
export { eraseRemovalMail } from "./erase";
export { registerRemovalJobs, redactSentMail, REDACT_JOB } from "./redact";
export { removalToken, sendRemovalMail, REMOVAL_MAIL_JOB, LINK_PLACEHOLDER } from "./send";

/**
 * The removals module: the removal routes and page, the removal email queued when a collected testimonial with an
 * email address is created, its redaction job, erasure of that email with the testimonial, and a deleted brand's
 * thank-you marks.
 */
export const removalsModule: DomainModule = {
  name: "removals",
  routes: (deps) => removalRoutes(deps),
  pages: (deps, assets) => removalPagePlugin(assets, deps),
  jobs: registerRemovalJobs,
  events: { "submission.created": queueRemovalMailOnCreated },
  erase: eraseRemovalMailOf,
  brandDeletion: forgetBrandThankYous,
};
