/** The organisation as a mail sender: its name, made safe for a header, before the server's address. */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { senderNameFrom, type MailSender } from "../mail/sender";
import { orgs } from "./tables";

/**
 * The sender of mail about the organisation itself, to its members (invitations, reel ready, webhook disabled, a
 * custom domain lost): its name, made safe for a header, before the server's address.
 */
export function orgSender(db: Db, orgId: string): MailSender {
  const name = db.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, orgId)).get()?.name;
  return { fromName: senderNameFrom(name) };
}
