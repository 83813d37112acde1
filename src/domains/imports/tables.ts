/** Import records: one row per accepted `POST /v1/imports`, with the attestation agreed to and who sent it. */
import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import type { Mode } from "../../platform/context";
import { orgs } from "../../platform/access/tables";
import { brands } from "../brands/tables";

/** One import: what was agreed to, by whom, when, and what it created. */
export const imports = sqliteTable(
  "imports",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    sourceName: text("source_name").notNull(),
    sourceUrl: text("source_url"),
    /** The exact wording agreed to (ATTESTATION_TEXT at the time of the import). */
    attestationText: text("attestation_text").notNull(),
    /** Set when a signed-in member sent it. */
    attestedByUserId: text("attested_by_user_id"),
    /** Set when an API key sent it. */
    apiKeyId: text("api_key_id"),
    createdCount: integer("created_count").notNull(),
    duplicateCount: integer("duplicate_count").notNull(),
    /** 1-based positions of the request's rows that were skipped as duplicates. */
    duplicateRows: text("duplicate_rows", { mode: "json" }).$type<number[]>().notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("imports_list").on(t.orgId, t.mode, t.id)],
);
