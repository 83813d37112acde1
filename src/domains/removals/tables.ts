/** Removal links sent to respondents: only the SHA-256 of each token is kept; the token is in the email alone. */
import { sqliteTable, text, integer, uniqueIndex, primaryKey } from "drizzle-orm/sqlite-core";
import type { Mode } from "../../platform/context";
import { orgs } from "../../platform/access/tables";
import { submissions } from "../submissions/tables";

/** One removal link, for one collected testimonial whose respondent gave an email. */
export const removals = sqliteTable(
  "removals",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    submissionId: text("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    /** SHA-256 hex of the token. */
    tokenHash: text("token_hash").notNull(),
    /** The outbox message carrying the link (deleted when the testimonial is erased: it names the respondent). */
    mailId: text("mail_id"),
    createdAt: integer("created_at").notNull(),
    /** When the respondent confirmed; the link does nothing more after that. */
    usedAt: integer("used_at"),
  },
  (t) => [uniqueIndex("removals_token").on(t.tokenHash), uniqueIndex("removals_submission").on(t.submissionId)],
);

/**
 * When each address last got a thank-you email from a brand, kept as the HMAC of the address: the form is public, so
 * an address a stranger types gets at most one thank-you per brand a day (mail.ts).
 */
export const thankYouSent = sqliteTable(
  "thank_you_sent",
  {
    brandId: text("brand_id").notNull(),
    emailHash: text("email_hash").notNull(),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.emailHash] })],
);
