/** Platform HTTP tables: stored answers for `Idempotency-Key` requests. */
import { sqliteTable, text, integer, primaryKey } from "drizzle-orm/sqlite-core";
import type { Mode } from "../context";

/** One idempotent request's stored answer, per org, mode, route and key. */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    orgId: text("org_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    route: text("route").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status").notNull(),
    response: text("response").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.mode, t.route, t.key] })],
);
