/** The organisation's audit log as a page, newest first, for owners and admins. */
import { and, desc, eq } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { iso } from "../../platform/clock";
import { afterKeyDesc, toPage, type PageRequest } from "../../platform/http/pagination";
import { auditLog } from "../../platform/audit/tables";
import type { Static } from "elysia";
import type { Mode } from "../../platform/context";
import type { auditEntrySchema } from "./model";

/** A page of audit entries of the org (both modes), newest first; `action` filters by exact action. */
export function listAuditPage(deps: Deps, ctx: Ctx, page: PageRequest, action?: string) {
  const rows = deps.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.orgId, ctx.orgId),
        action ? eq(auditLog.action, action) : undefined,
        afterKeyDesc([auditLog.id], page.after),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(page.limit + 1)
    .all();
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
