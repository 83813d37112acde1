/** What other parts of the appliance may use from removals. */
import "./erase";
export { removals } from "./tables";
export { removalRoutes } from "./routes";
export { removalPagePlugin } from "./page";
export { lookupRemoval, confirmRemoval, type RemovalView, type RemovalResult } from "./service";
export { removalUrl, removalMail, wireRemovalMail } from "./mail";
export { eraseRemovalMail } from "./erase";
export { registerRemovalJobs, redactSentMail, REDACT_JOB } from "./redact";
export { removalToken, sendRemovalMail, REMOVAL_MAIL_JOB, LINK_PLACEHOLDER } from "./send";
