/**
 * The organisation's mail outbox as a page, for the dashboard (messages kept when no SMTP server is configured).
 * One mode at a time: the live view lists live mail and mail about the organisation itself (invitations, alerts);
 * the test view lists the sandbox's mail only (whose test-mode personal links are shown so they can be tried).
 */
import type { Reader } from "../../platform/db/unit-of-work";
import { eq, isNull, or } from "drizzle-orm";
import { inOrg } from "../../platform/db/tenancy";
import { iso } from "../../platform/clock";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { idPageRows } from "../../platform/db/org-page";
import { mailOutbox } from "../../platform/mail/tables";
import type { Static } from "elysia";
import type { outboxMessageSchema } from "./model";

/** A page of the org's mail in the context's mode, newest first (a prepared statement). */
export function listOutboxPage({ db, ctx, deps }: Reader, page: PageRequest) {
  const live = ctx.mode === "live";
  const rows = idPageRows(
    db,
    mailOutbox,
    page,
    live ? "org-live" : "org-test",
    (p) => [
      inOrg(mailOutbox, p("org")),
      live ? or(eq(mailOutbox.mode, "live"), isNull(mailOutbox.mode)) : eq(mailOutbox.mode, "test"),
    ],
    { org: ctx.orgId },
  );
  return toPage(
    deps.signer,
    page,
    rows,
    (r) => [r.id],
    (r): Static<typeof outboxMessageSchema> => ({
      id: r.id,
      to: r.to,
      from_name: r.fromName,
      reply_to: r.replyTo,
      subject: r.subject,
      text: r.text,
      status: r.status,
      error: r.error,
      created_at: iso(r.createdAt),
      sent_at: iso(r.sentAt),
    }),
  );
}
