/** The organisation's mail outbox as a page, for the dashboard (messages kept when no SMTP server is configured). */
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { iso } from "../../platform/clock";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { afterId } from "../../platform/db/org-page";
import { preparedAs } from "../../platform/db/prepared";
import { mailOutbox } from "../../platform/mail/tables";
import type { Static } from "elysia";
import type { outboxMessageSchema } from "./model";

/** A page of the org's mail, newest first (a prepared statement). */
export function listOutboxPage(deps: Deps, ctx: Ctx, page: PageRequest) {
  const after = afterId(page);
  const statement = preparedAs(deps.db, `outbox-list:${after ? "a" : ""}`, (db) =>
    db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.orgId, sql.placeholder("org")),
          after ? lt(mailOutbox.id, sql.placeholder("after")) : undefined,
        ),
      )
      .orderBy(desc(mailOutbox.id))
      .limit(sql.placeholder("limit"))
      .prepare(),
  );
  const rows = statement.all({ org: ctx.orgId, after, limit: page.limit + 1 });
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
