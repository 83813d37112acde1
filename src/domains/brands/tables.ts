/** Brands and their collect links. */
import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { orgs } from "../accounts/tables";

/** A brand; `slug_scope` is `live` for live brands (slugs unique across the box) and the org id in test mode. */
export const brands = sqliteTable(
  "brands",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    slugScope: text("slug_scope").notNull(),
    color: text("color").notNull().default("#4f46e5"),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    isPublic: integer("is_public", { mode: "boolean" }).notNull().default(false),
    logoKey: text("logo_key"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("brands_slug").on(t.slugScope, t.slug), index("brands_org_mode").on(t.orgId, t.mode, t.id)],
);

/** Slugs a brand had before, so old wall addresses redirect (301) to the new one. */
export const brandSlugHistory = sqliteTable(
  "brand_slug_history",
  {
    slugScope: text("slug_scope").notNull(),
    slug: text("slug").notNull(),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("brand_slug_history_slug").on(t.slugScope, t.slug)],
);

/** A collect link: the address a respondent opens. */
export const links = sqliteTable(
  "links",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").notNull(),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    prompts: text("prompts", { mode: "json" }).$type<{ id: string; text: string; max_seconds: number }[]>().notNull(),
    consentText: text("consent_text").notNull(),
    consentVersion: text("consent_version").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    closedReason: text("closed_reason"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("links_brand").on(t.orgId, t.mode, t.brandId, t.id)],
);
