/** Writing and reading the audit log. Written in the caller's transaction, so an action and its record agree. */
import { and, desc, eq, lt } from "drizzle-orm";
import { inOrg } from "../db/tenancy";
import { actorRef, type Ctx, type Mode } from "../context";
import type { Db } from "../db/client";
import { newId } from "../ids";
import { auditLog, type AuditRow } from "./tables";

/** Records that the context's actor did `action` (e.g. `api_key.created`) to `targetId`. Returns the row. */
export function audit(
  db: Db,
  ctx: Ctx,
  action: string,
  targetId: string | null,
  details?: Record<string, unknown>,
): AuditRow {
  const now = ctx.clock.now();
  const who = actorRef(ctx.actor);
  const row: AuditRow = {
    id: newId("audit", now),
    orgId: ctx.orgId,
    mode: ctx.mode,
    actor: who.label,
    userId: who.userId,
    apiKeyId: who.apiKeyId,
    action,
    targetId,
    details: details ?? null,
    createdAt: now,
  };
  db.insert(auditLog).values(row).run();
  return row;
}

/** Options for `listAudit`. */
export interface ListAuditOptions {
  limit?: number;
  /** Only entries older than this id (the next page). */
  before?: string;
  /** Both modes by default: owners review everything done to their organisation. */
  mode?: Mode;
}

/** The organisation's audit entries, newest first. */
export function listAudit(db: Db, orgId: string, opts: ListAuditOptions = {}): AuditRow[] {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        inOrg(auditLog, orgId),
        opts.mode ? eq(auditLog.mode, opts.mode) : undefined,
        opts.before ? lt(auditLog.id, opts.before) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(Math.min(opts.limit ?? 50, 500))
    .all();
}
