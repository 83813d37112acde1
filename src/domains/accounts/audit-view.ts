/** The organisation's audit log as a page, newest first, for owners and admins. */
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { iso } from "../../platform/clock";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { afterId } from "../../platform/db/org-page";
import { preparedAs } from "../../platform/db/prepared";
import { auditLog } from "../../platform/audit/tables";
import type { Static } from "elysia";
import type { Mode } from "../../platform/context";
import type { auditEntrySchema } from "./model";

/** A page of audit entries of the org (both modes), newest first; `action` filters by exact action. */
export function listAuditPage(deps: Deps, ctx: Ctx, page: PageRequest, action?: string) {
  const after = afterId(page);
  const statement = preparedAs(deps.db, `audit-list:${action ? "x" : ""}${after ? "a" : ""}`, (db) =>
    db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.orgId, sql.placeholder("org")),
          action ? eq(auditLog.action, sql.placeholder("action")) : undefined,
          after ? lt(auditLog.id, sql.placeholder("after")) : undefined,
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(sql.placeholder("limit"))
      .prepare(),
  );
  const rows = statement.all({ org: ctx.orgId, action: action ?? null, after, limit: page.limit + 1 });
  return toPage(
    deps.signer,
    page,
    rows,
    (r) => [r.id],
    (r): Static<typeof auditEntrySchema> => ({
      id: r.id,
      mode: r.mode as Mode,
      actor: r.actor,
      action: r.action,
      target_id: r.targetId,
      details: r.details,
      created_at: iso(r.createdAt),
    }),
  );
}
