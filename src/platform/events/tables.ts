/** Events: what happened, in the contract's envelope; webhook deliveries refer to them. */
import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import type { Mode } from "../context";

/** One event, written in the transaction of the change it reports. */
export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    type: text("type").notNull(),
    apiVersion: text("api_version").notNull().default("v1"),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("events_org_mode").on(t.orgId, t.mode, t.id)],
);

/** An event row as read from the table. */
export type EventRow = typeof events.$inferSelect;
