/**
 * The removal email. When a respondent who gave an email sends a testimonial (`submission.created` of a collected
 * one), the same transaction makes the removal (its token of 192 bits is derived from the removal id and the secret,
 * and only its SHA-256 is kept) and queues an email whose outbox copy holds a placeholder: the link
 * `{site_url}/remove/{token}` is put in only when the email is handed to the SMTP server (send.ts), so the token is
 * in that email alone. Imported reviews get nothing: their authors never wrote to us, and an unexpected email
 * would be spam.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import type { Db } from "../../platform/db/client";
import type { Event } from "../../platform/events/emit";
import { sha256 } from "../../platform/crypto";
import { newId } from "../../platform/ids";
import { brands } from "../brands/tables";
import { submissions } from "../submissions";
import { removals } from "./tables";
import { LINK_PLACEHOLDER, queueRemovalMail, removalToken } from "./send";

export { removalUrl } from "./send";

const longDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

/** The email's subject and text; `url` defaults to the placeholder the outbox copy keeps. */
export function removalMail(input: { name: string; brand: string; kind: string; sentAt: number; url?: string }) {
  const what = input.kind === "text" ? "your words and your details" : "the recording, your words and your details";
  const hello = input.name ? `Hello ${input.name},` : "Hello,";
  return {
    subject: `Your testimonial for ${input.brand}: how to remove it`,
    text: [
      hello,
      "",
      `Thank you for sharing a testimonial with ${input.brand} on ${longDate.format(input.sentAt)}.`,
      "",
      "If you change your mind, you can remove it at any time with this link:",
      input.url ?? LINK_PLACEHOLDER,
      "",
      `The page shows what will be removed and asks you to confirm. Once you confirm, ${input.brand} stops showing it everywhere at once, and it is then erased for good: ${what}.`,
      "",
      "The link works once and only you have it, so please keep this email and do not forward it.",
      "",
      "You are receiving this because you gave your email address when you sent your testimonial.",
    ].join("\n"),
  };
}

/**
 * The removals module's `submission.created` handler: makes the removal and queues its email in the creating
 * transaction. Given the Deps the app was assembled with, so two apps in one process never send each other's mail.
 */
export function queueRemovalMailOnCreated(db: Db, event: Event, deps: Deps) {
  if (event.type !== "submission.created") return;
  const id = (event.data as { id?: unknown }).id;
  if (typeof id !== "string") return;
  const row = db.select().from(submissions).where(eq(submissions.id, id)).get();
  if (!row || row.origin !== "collected" || !row.respondentEmail || row.deletedAt) return;
  if (db.select({ id: removals.id }).from(removals).where(eq(removals.submissionId, id)).get()) return;
  const brand = db.select({ name: brands.name }).from(brands).where(eq(brands.id, row.brandId)).get();
  const now = deps.clock.now();
  const removalId = newId("removal", now);
  const mail = removalMail({
    name: row.respondentName,
    brand: brand?.name ?? "the team",
    kind: row.kind,
    sentAt: row.createdAt,
  });
  let mailId: string;
  try {
    mailId = queueRemovalMail(db, deps.clock, {
      orgId: row.orgId,
      to: row.respondentEmail,
      subject: mail.subject,
      text: mail.text,
      removalId,
    });
  } catch (e) {
    // An address the mailer refuses must not lose the testimonial: it is kept, without a removal link.
    deps.log.warn("removal email not queued", { submission: id, error: e instanceof Error ? e.message : String(e) });
    return;
  }
  db.insert(removals)
    .values({
      id: removalId,
      orgId: row.orgId,
      mode: row.mode,
      submissionId: id,
      tokenHash: sha256(removalToken(deps.signer, removalId)),
      mailId,
      createdAt: now,
      usedAt: null,
    })
    .run();
}
