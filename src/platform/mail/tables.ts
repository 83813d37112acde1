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
    /**
     * The mode the message belongs to (`live`/`test`), so the outbox shows one mode at a time; null for mail about
     * the organisation itself (invitations, alerts), listed with live mode.
     */
    mode: text("mode").$type<"live" | "test">(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /**
     * A personal link put into the text (where `MAIL_LINK_MARK` stands) only when the message is handed to the SMTP
     * server: its kind (a module's `mailLinks` resolver) and what it is made from (an invitation id…). The link
     * itself is never stored, so no one reading the outbox or a backup can use it.
     */
    linkKind: text("link_kind"),
    linkRef: text("link_ref"),
    /**
     * The sender's name for this message (a brand's or an organisation's, migration 0022): handed to the SMTP
     * server as `From: "name" <PLAUDIT_MAIL_FROM's address>`; null keeps PLAUDIT_MAIL_FROM as it is.
     */
    fromName: text("from_name"),
    /** `Reply-To`: one plain address (a brand's), or null. */
    replyTo: text("reply_to"),
    status: text("status").$type<MailStatus>().notNull().default("queued"),
    /** The latest SMTP error; kept after a later success. */
    error: text("error"),
    /** The Message-ID the SMTP server accepted, for tracing a message in the server's logs. */
    messageId: text("message_id"),
    createdAt: integer("created_at").notNull(),
    sentAt: integer("sent_at"),
  },
  (t) => [index("mail_outbox_org").on(t.orgId, t.id), index("mail_outbox_org_mode").on(t.orgId, t.mode, t.id)],
);

/** An outbox row as read from the table. */
export type MailRow = typeof mailOutbox.$inferSelect;

/**
 * Mail waiting its turn at the server's sending pace (turns.ts): the job that sends it, enqueued when its
 * organisation's turn comes. Deleting the outbox row (a campaign deleted) takes it out of the line.
 */
export const mailTurns = sqliteTable(
  "mail_turns",
  {
    /** The outbox message. */
    mailId: text("mail_id")
      .primaryKey()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    orgId: text("org_id").notNull(),
    /** The job to enqueue when the turn comes: its kind, payload, priority and dedupe key. */
    kind: text("kind").notNull(),
    payload: text("payload", { mode: "json" }).$type<unknown>().notNull(),
    priority: integer("priority").notNull(),
    dedupeKey: text("dedupe_key"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("mail_turns_org").on(t.orgId, t.mailId)],
);

/** When each organisation's last message left the line (`*`: the server's last, for the pace itself). */
export const mailPace = sqliteTable("mail_pace", {
  orgId: text("org_id").primaryKey(),
  lastAt: integer("last_at").notNull(),
});
