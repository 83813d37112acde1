/** Exports of testimonials (CSV or JSON files built by a job) and which testimonials each file holds. */
import { sqliteTable, text, integer, index, primaryKey } from "drizzle-orm/sqlite-core";
import type { Mode } from "../../platform/context";
import { orgs } from "../../platform/access/tables";
import type { Static } from "elysia";
import type { exportFiltersSchema } from "./model";

/**
 * The filters an export was asked with (the list route's filters, JSON booleans; on a client's export also
 * `brand_ids`, the only brands it holds): the schema answers show them with.
 */
export type ExportFilters = Static<typeof exportFiltersSchema>;

/**
 * One export. `queued` → `building` → `ready` (file under `media/exports/`) or `failed`; `ready` → `expired`
 * when the file is deleted (its time is up, a testimonial in it was erased, or the team deleted it).
 */
export const exports = sqliteTable(
  "exports",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    format: text("format").$type<"csv" | "json">().notNull(),
    filters: text("filters", { mode: "json" }).$type<ExportFilters>().notNull(),
    /** The newest testimonial id when the export was asked for: later arrivals never enter it. */
    maxSubmissionId: text("max_submission_id").notNull(),
    status: text("status").$type<"queued" | "building" | "ready" | "failed" | "expired">().notNull(),
    /** Rows written so far while building; the total once ready. */
    rowsDone: integer("rows_done").notNull().default(0),
    rowsTotal: integer("rows_total"),
    /** Storage key under `media/` while the file exists. */
    fileKey: text("file_key"),
    byteSize: integer("byte_size"),
    /** Why it failed or expired: `time_up`, `erased`, `deleted`, or a build error. */
    reason: text("reason"),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
    readyAt: integer("ready_at"),
    /** When the file is deleted (set when it is ready). */
    fileExpiresAt: integer("file_expires_at"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("exports_list").on(t.orgId, t.mode, t.id)],
);

/** The testimonials a built file holds, so erasing one finds every file with a copy of it. */
export const exportItems = sqliteTable(
  "export_items",
  {
    exportId: text("export_id")
      .notNull()
      .references(() => exports.id, { onDelete: "cascade" }),
    submissionId: text("submission_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.submissionId] }), index("export_items_submission").on(t.submissionId)],
);
