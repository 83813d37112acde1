/** The audit log: who did what to which thing, kept for the organisation's owners. */
import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import type { Mode } from "../context";

/** One audited action. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    /** `user:usr_…`, `key:key_…`, `system` or `respondent`: readable even after the user or key is gone. */
    actor: text("actor").notNull(),
    userId: text("user_id"),
    apiKeyId: text("api_key_id"),
    /** `noun.verb`, e.g. `api_key.created`. */
    action: text("action").notNull(),
    targetId: text("target_id"),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("audit_log_org").on(t.orgId, t.id)],
);

/** An audit row as read from the table. */
export type AuditRow = typeof auditLog.$inferSelect;
