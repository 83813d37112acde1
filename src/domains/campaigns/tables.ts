/**
 * Request campaigns: a list of people asked by email, each with a personal link to one collect link, one optional
 * reminder, and an unsubscribe that holds for the organisation (per mode) for every later campaign.
 */
import { sqliteTable, text, integer, index, uniqueIndex, primaryKey } from "drizzle-orm/sqlite-core";
import type { Mode } from "../../platform/context";
import { orgs } from "../accounts/tables";
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
    /** Plain text with `{name}` and `{link}` placeholders. */
    message: text("message").notNull(),
    /** Days after the request before the one reminder; 0: no reminder. */
    reminderAfterDays: integer("reminder_after_days").notNull().default(0),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("campaigns_list").on(t.orgId, t.mode, t.id)],
);

/**
 * Where a recipient stands: `queued` (the request waits for the mail job), `sent`, `reminded`, `answered` (a
 * testimonial arrived through their personal link or from their address), `unsubscribed` (asked to hear no more, or
 * already on the organisation's unsubscribe list when the campaign was made), `bounced` (the mail server refused).
 */
export type RecipientStatus = "queued" | "sent" | "reminded" | "answered" | "unsubscribed" | "bounced";

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

/** A campaign row. */
export type CampaignRow = typeof campaigns.$inferSelect;
/** A recipient row. */
export type RecipientRow = typeof campaignRecipients.$inferSelect;
