/** What other parts of the appliance may use from campaigns, and the campaigns module. */
import type { DomainModule } from "../../platform/module";
import type { JobRegistry } from "../../platform/jobs/worker";
import { campaignRoutes } from "./routes";
import { unsubscribePagePlugin } from "./unsubscribe-page";
import { registerCampaignMailJob } from "./send";
import { QUEUE_REMINDERS_JOB, REMINDER_PATTERN, registerReminderJob, scheduleReminders } from "./reminders";
import { answerOnCreated } from "./answers";
import { eraseFromCampaigns } from "./erase";
import { requestEmailsUsed } from "./usage";
import { countBrandCampaigns, deleteCampaignsOfLinks } from "./link-deletion";
export { campaigns, campaignRecipients, campaignSuppressions, type RecipientStatus } from "./tables";
export { campaignRoutes } from "./routes";
export { answerRequest, noteRequestAnswer, answerOnCreated } from "./answers";
export { createCampaign } from "./create";
export { CAMPAIGN_LIMITS } from "./model";
export { CAMPAIGN_MAIL_JOB, sendCampaignMail } from "./send";
export { QUEUE_REMINDERS_JOB, queueDueReminders, scheduleReminders } from "./reminders";
export { eraseAddressRecipients, eraseRecipientsOf, eraseRecipientsByAddress } from "./erase";
export { recipientToken, isUnsubscribed } from "./tokens";

/**
 * The campaigns module: the routes and the unsubscribe page, the mail and reminder jobs, the hourly reminder
 * schedule, `answered` on `submission.created`, the `request_emails_per_month` counter, erasure of the people
 * behind an erased testimonial, and deleting the campaigns of deleted collect links.
 */
export const campaignsModule: DomainModule = {
  name: "campaigns",
  routes: (deps) => campaignRoutes(deps),
  pages: (deps) => unsubscribePagePlugin(deps),
  jobs: (registry: JobRegistry) => registerReminderJob(registerCampaignMailJob(registry)),
  schedules: [
    { name: "campaign reminders", pattern: REMINDER_PATTERN, enqueues: [QUEUE_REMINDERS_JOB], run: scheduleReminders },
  ],
  events: { "submission.created": answerOnCreated },
  usage: { request_emails_per_month: requestEmailsUsed },
  erase: eraseFromCampaigns,
  linksDeleting: deleteCampaignsOfLinks,
  brandDeletion: { count: countBrandCampaigns },
};
