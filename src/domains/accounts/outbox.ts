/** The organisation's mail outbox as a page, for the dashboard (messages kept when no SMTP server is configured). */
import { eq } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { iso } from "../../platform/clock";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { idPageRows } from "../../platform/db/org-page";
import { mailOutbox } from "../../platform/mail/tables";
import type { Static } from "elysia";
import type { outboxMessageSchema } from "./model";

/** A page of the org's mail, newest first (a prepared statement). */
export function listOutboxPage(deps: Deps, ctx: Ctx, page: PageRequest) {
  const rows = idPageRows(deps.db, mailOutbox, page, "org", (p) => [eq(mailOutbox.orgId, p("org"))], {
    org: ctx.orgId,
  });
  return toPage(
    deps.signer,
    page,
    rows,
    (r) => [r.id],
    (r): Static<typeof outboxMessageSchema> => ({
      id: r.id,
      to: r.to,
      subject: r.subject,
      text: r.text,
      status: r.status,
      error: r.error,
      created_at: iso(r.createdAt),
      sent_at: iso(r.sentAt),
    }),
  );
}
