/** The mail outbox: every message the appliance sends, kept so the dashboard can show it even without SMTP. */
import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";

/** `queued` waits for the mail.send job; `sent` went out over SMTP; `outbox` stays here because no SMTP server
 * is configured; `failed` could not be sent after every attempt. */
export type MailStatus = "queued" | "sent" | "outbox" | "failed";

/** One message. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    /** Null for mail not about one organisation (e.g. a sign-in link). */
    orgId: text("org_id"),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    status: text("status").$type<MailStatus>().notNull().default("queued"),
    /** The latest SMTP error; kept after a later success. */
    error: text("error"),
    /** The Message-ID the SMTP server accepted, for tracing a message in the server's logs. */
    messageId: text("message_id"),
    createdAt: integer("created_at").notNull(),
    sentAt: integer("sent_at"),
  },
  (t) => [index("mail_outbox_org").on(t.orgId, t.id)],
);

/** An outbox row as read from the table. */
export type MailRow = typeof mailOutbox.$inferSelect;
