/** What other parts of the appliance may use from alerts, and the alerts module. */
import type { DomainModule } from "../../platform/module";
import type { JobRegistry } from "../../platform/jobs/worker";
import { alertRoutes } from "./routes";
import { alertPagePlugin } from "./page-routes";
import { alertOnFailed, alertOnReady } from "./arrivals";
import { registerAlertMailJob } from "./send";
import { DIGEST_JOB, DIGEST_PATTERN, registerDigestJob, scheduleDigests } from "./digest";
import { eraseAlertsOf } from "./erase";
export { alertSettings, alertArrivals, alertMails, alertNotices, alertButtons, type Frequency } from "./tables";
export { DEFAULT_FREQUENCY } from "./settings";
export { ALERT_MAIL_JOB } from "./queue";
export { sendAlertMail } from "./send";
export { DIGEST_JOB, runDigests } from "./digest";
export { buttonToken, stopToken } from "./tokens";

/**
 * The alerts module (issue 25): each member's new-testimonial emails (each one, a daily digest, or off; for some
 * brands), queued when a collected testimonial is ready (`submission.ready`) or its processing fails for good; the
 * hourly digest and roll-up schedule; the email's single-use Approve and Approve & publish buttons and its one-click
 * stop, as pages on the site; `GET/PATCH /v1/me/notifications`; and erasure of alert copies with the testimonial.
 */
export const alertsModule: DomainModule = {
  name: "alerts",
  routes: (deps) => alertRoutes(deps),
  pages: (deps) => alertPagePlugin(deps),
  jobs: (registry: JobRegistry) => registerDigestJob(registerAlertMailJob(registry)),
  schedules: [{ name: "alert digests", pattern: DIGEST_PATTERN, enqueues: [DIGEST_JOB], run: scheduleDigests }],
  events: { "submission.ready": alertOnReady },
  processingFailed: alertOnFailed,
  erase: eraseAlertsOf,
};
