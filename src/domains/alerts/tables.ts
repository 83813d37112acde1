/**
 * New-testimonial alerts (issue 25, migration 0028): each member's choice per mode, the testimonials that arrived,
 * which member was told of which testimonial in which email, and the single-use buttons those emails carry. No
 * token is stored: a button's token is the HMAC of its id (made when the email is handed to the SMTP server) and
 * only its SHA-256 is kept, like removal and invitation links.
 */
import { sqliteTable, text, integer, index, uniqueIndex, primaryKey } from "drizzle-orm/sqlite-core";
import type { Mode } from "../../platform/context";
import { members } from "../accounts/tables";
import { orgs } from "../../platform/access/tables";
import { submissions } from "../submissions/tables";
import { mailOutbox } from "../../platform/mail/tables";

/** How often a member hears of new testimonials. */
export type Frequency = "each" | "daily" | "off";

/** What an arrival turned out to be: processed (or written), or a recording whose processing failed. */
export type ArrivalOutcome = "ready" | "failed";

/** The kinds of alert email: one testimonial, the daily digest, or the roll-up of alerts held back by the hourly cap. */
export type AlertMailKind = "each" | "digest" | "catch_up";

/** What a button does: approve (kept private), or approve and publish. */
export type ButtonAction = "approve" | "approve_publish";

/**
 * A member's alert settings in one mode. No row: the role's default (src/domains/alerts/settings.ts). Removing the
 * member removes the row.
 */
export const alertSettings = sqliteTable(
  "alert_settings",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    newTestimonials: text("new_testimonials").$type<Frequency>().notNull(),
    /** Only these brands (JSON array of ids); null: every brand the member sees. */
    brandIds: text("brand_ids", { mode: "json" }).$type<string[]>(),
    /** The daily digest's hour (0–23) in `timeZone`. */
    digestHour: integer("digest_hour").notNull().default(8),
    /** An IANA time zone name (`Europe/London`). */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** The digest covers testimonials that arrived from this time on (set when the member chose `daily`). */
    digestFrom: integer("digest_from").notNull(),
    /** When the last digest was made (sent or, on a day with none, skipped). */
    lastDigestAt: integer("last_digest_at"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.mode] }),
    index("alert_settings_org").on(t.orgId, t.mode),
    index("alert_settings_frequency").on(t.newTestimonials),
  ],
);

/**
 * A collected testimonial that arrived: written, processed, or failed to process. One row per testimonial, so a
 * testimonial is announced once even when it is processed again. Imports never arrive here.
 */
export const alertArrivals = sqliteTable(
  "alert_arrivals",
  {
    submissionId: text("submission_id")
      .primaryKey()
      .references(() => submissions.id, { onDelete: "cascade" }),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    brandId: text("brand_id").notNull(),
    outcome: text("outcome").$type<ArrivalOutcome>().notNull(),
    arrivedAt: integer("arrived_at").notNull(),
  },
  (t) => [index("alert_arrivals_org").on(t.orgId, t.mode, t.arrivedAt)],
);

/** An alert email: whose it is and its one-click stop link's hash (the link itself is made at sending time). */
export const alertMails = sqliteTable(
  "alert_mails",
  {
    mailId: text("mail_id")
      .primaryKey()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    /** The recipient's membership (checked again when the email leaves: a removed member gets nothing). */
    memberId: text("member_id").notNull(),
    kind: text("kind").$type<AlertMailKind>().notNull(),
    /** SHA-256 of the stop link's token. */
    stopHash: text("stop_hash").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("alert_mails_stop").on(t.stopHash), index("alert_mails_member").on(t.memberId, t.createdAt)],
);

/**
 * That a member was told (or is to be told) of a testimonial: at most once per member and testimonial. `mailId` null:
 * held back by the hourly cap, for the next roll-up.
 */
export const alertNotices = sqliteTable(
  "alert_notices",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    submissionId: text("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    mailId: text("mail_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.submissionId] }),
    index("alert_notices_mail").on(t.mailId),
    index("alert_notices_submission").on(t.submissionId),
  ],
);

/** A button of an alert email: one member, one testimonial, one action; works once, until it expires. */
export const alertButtons = sqliteTable(
  "alert_buttons",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    /** The member it acts as; checked when it is used (a removed member's buttons stop working). */
    memberId: text("member_id").notNull(),
    submissionId: text("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    /** The email it was in (kept when that email's outbox copy is erased, so the page can say the testimonial is gone). */
    mailId: text("mail_id").notNull(),
    action: text("action").$type<ButtonAction>().notNull(),
    /** SHA-256 of the token. */
    tokenHash: text("token_hash").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    /** What the use did (`approved`, `published`, `published_without_words`). */
    result: text("result"),
  },
  (t) => [
    uniqueIndex("alert_buttons_token").on(t.tokenHash),
    index("alert_buttons_mail").on(t.mailId),
    index("alert_buttons_submission").on(t.submissionId),
  ],
);

/** A settings row. */
export type AlertSettingsRow = typeof alertSettings.$inferSelect;
/** A button row. */
export type AlertButtonRow = typeof alertButtons.$inferSelect;
