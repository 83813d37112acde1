/** The organisation's audit log as a page, newest first, for owners and admins. */
import type { Reader } from "../../platform/db/unit-of-work";
import { eq } from "drizzle-orm";
import { inOrg } from "../../platform/db/tenancy";
import { iso } from "../../platform/clock";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { idPageRows } from "../../platform/db/org-page";
import { auditLog } from "../../platform/audit/tables";
import type { Static } from "elysia";
import type { Mode } from "../../platform/context";
import type { auditEntrySchema } from "./model";

/** A page of audit entries of the org (both modes), newest first; `action` filters by exact action. */
export function listAuditPage({ db, ctx, deps }: Reader, page: PageRequest, action?: string) {
  const rows = idPageRows(
    db,
    auditLog,
    page,
    action ? "action" : "",
    (p) => [inOrg(auditLog, p("org")), action ? eq(auditLog.action, p("action")) : undefined],
    { org: ctx.orgId, action: action ?? null },
  );
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
