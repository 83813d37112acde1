/**
 * Request campaigns: a list of people asked by email, each with a personal link to one collect link, one optional
 * reminder, and an unsubscribe that holds for the organisation (per mode) for every later campaign.
 */
import { sqliteTable, text, integer, index, uniqueIndex, primaryKey } from "drizzle-orm/sqlite-core";
import type { Mode } from "../../platform/context";
import { orgs } from "../../platform/access/tables";
import { links } from "../brands/tables";

/** One campaign: who asked, through which link, with what words. */
export const campaigns = sqliteTable(
  "campaigns",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    linkId: text("link_id")
      .notNull()
      .references(() => links.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    /** Plain text with `{name}`, `{full_name}` and `{link}` placeholders. */
    message: text("message").notNull(),
    /** Days after the request before the one reminder; 0: no reminder. */
    reminderAfterDays: integer("reminder_after_days").notNull().default(0),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
    /** When the campaign was stopped (its unsent emails withheld, no reminder), or null. */
    stoppedAt: integer("stopped_at"),
    /** Who stopped it: `team` (the organisation) or `operator` (whoever runs the server). */
    stoppedBy: text("stopped_by").$type<"team" | "operator">(),
  },
  (t) => [index("campaigns_list").on(t.orgId, t.mode, t.id), index("campaigns_recent").on(t.mode, t.id)],
);

/**
 * Where a recipient stands: `queued` (the request waits for the mail job), `sent`, `reminded`, `answered` (a
 * testimonial arrived through their personal link), `unsubscribed` (asked to hear no more, or already on the
 * organisation's unsubscribe list when the campaign was made), `bounced` (the mail server refused), `stopped` (the
 * campaign was stopped before their email left).
 */
export type RecipientStatus = "queued" | "sent" | "reminded" | "answered" | "unsubscribed" | "bounced" | "stopped";

/** One person asked. Name and email are personal data: erased with their testimonial, deleted with the campaign. */
export const campaignRecipients = sqliteTable(
  "campaign_recipients",
  {
    id: text("id").primaryKey(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    /** Position in the list as sent (1-based), for the dashboard's order. */
    position: integer("position").notNull(),
    name: text("name").notNull(),
    /** Lower-cased; null once erased. */
    email: text("email"),
    /** HMAC of the email under the data directory's secret: the unsubscribe list's key (kept after erasure). */
    emailHash: text("email_hash").notNull(),
    /** SHA-256 of the personal token (the token itself is derived from the id and never stored). */
    tokenHash: text("token_hash").notNull(),
    status: text("status").$type<RecipientStatus>().notNull(),
    /** The outbox message of the request, then of the reminder. */
    mailId: text("mail_id"),
    reminderMailId: text("reminder_mail_id"),
    /** The testimonial sent through the personal link (set when it starts; `answered` once it has arrived). */
    submissionId: text("submission_id"),
    error: text("error"),
    sentAt: integer("sent_at"),
    /** Set once when the reminder is queued: a reminder is never queued twice. */
    reminderQueuedAt: integer("reminder_queued_at"),
    remindedAt: integer("reminded_at"),
    answeredAt: integer("answered_at"),
    unsubscribedAt: integer("unsubscribed_at"),
    erasedAt: integer("erased_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("campaign_recipients_token").on(t.tokenHash),
    index("campaign_recipients_list").on(t.campaignId, t.position),
    index("campaign_recipients_email").on(t.orgId, t.mode, t.email),
    index("campaign_recipients_submission").on(t.submissionId),
    index("campaign_recipients_due").on(t.status, t.sentAt),
  ],
);

/** Addresses that unsubscribed, per organisation and mode, kept only as the HMAC of the address. */
export const campaignSuppressions = sqliteTable(
  "campaign_suppressions",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    emailHash: text("email_hash").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.mode, t.emailHash] })],
);

/**
 * Addresses this organisation asked (per mode), kept only as the HMAC of the address, with when they were last
 * asked: a new campaign skips anyone asked in the last `RECENTLY_ASKED_DAYS`, even after the earlier campaign was
 * deleted.
 */
export const campaignAsked = sqliteTable(
  "campaign_asked",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    emailHash: text("email_hash").notNull(),
    askedAt: integer("asked_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.mode, t.emailHash] })],
);

/**
 * Request emails counted against the plan's `request_emails_per_month`, per organisation, mode and month (its first
 * millisecond, UTC). Never decreased: deleting a campaign does not give back what it sent.
 */
export const campaignUsage = sqliteTable(
  "campaign_usage",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    month: integer("month").notNull(),
    emails: integer("emails").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.mode, t.month] })],
);

/** A campaign row. */
export type CampaignRow = typeof campaigns.$inferSelect;
/** A recipient row. */
export type RecipientRow = typeof campaignRecipients.$inferSelect;
