/**
 * A brand's mail settings (white label, issue 29): the sender name and reply address of mail about or from the
 * brand (thank-you and removal emails, requests and reminders). The message leaves from the server's own address
 * (`From: "Bright Bakery" <PLAUDIT_MAIL_FROM's address>`) with `Reply-To` the brand's: the SMTP account is the
 * server's, and putting a client's address in `From` would fail the recipient's SPF/DMARC checks.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { prepared } from "../../platform/db/prepared";
import { checkReplyTo, checkSenderName, senderNameFrom, type MailSender } from "../../platform/mail/sender";
import { brands } from "./tables";
import type { BrandRow } from "./present";

/** The mail fields of a brand change. */
export interface BrandMailPatch {
  mail_from_name?: string | null;
  mail_reply_to?: string | null;
}

/** Applies the sent mail fields to `next`: empty or null clears (the brand's name is then the sender's). */
export function applyBrandMail(next: BrandRow, patch: BrandMailPatch) {
  if (patch.mail_from_name !== undefined)
    next.mailFromName = patch.mail_from_name?.trim() ? checkSenderName(patch.mail_from_name, "mail_from_name") : null;
  if (patch.mail_reply_to !== undefined)
    next.mailReplyTo = patch.mail_reply_to?.trim() ? checkReplyTo(patch.mail_reply_to, "mail_reply_to") : null;
}

/** The sender of a brand's mail: its sender name (else its own name, made safe for a header) and reply address. */
export function senderOfBrand(row: Pick<BrandRow, "name" | "mailFromName" | "mailReplyTo">): MailSender {
  return { fromName: row.mailFromName ?? senderNameFrom(row.name), replyTo: row.mailReplyTo ?? null };
}

const brandMailRow = (db: Db) =>
  db
    .select({ name: brands.name, mailFromName: brands.mailFromName, mailReplyTo: brands.mailReplyTo })
    .from(brands)
    .where(eq(brands.id, sql.placeholder("id")))
    .prepare();

/** The sender of mail about or from brand `brandId` (one prepared read); none when the brand is gone. */
export function brandSender(db: Db, brandId: string): MailSender {
  const row = prepared(db, brandMailRow).get({ id: brandId });
  return row ? senderOfBrand(row) : {};
}
