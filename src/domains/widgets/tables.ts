/** Widgets: a brand's embeddable selection of testimonials and how it looks. */
import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import type { Mode } from "../../platform/context";
import { orgs } from "../../platform/access/tables";
import { brands } from "../brands/tables";
import type { Layout, Selection, Theme, WidgetFields, WidgetStyle } from "./format";

/**
 * Every setting of a widget, stored as one JSON value so a new option needs no migration. Rows stored before the
 * style settings lack them: readers spread `DEFAULT_STYLE` under the stored value (`withStyle` in settings.ts).
 */
export interface WidgetSettings extends WidgetStyle {
  layout: Layout;
  theme: Theme;
  /** Null: the brand's colour. */
  accent_color: string | null;
  selection: Selection;
  tag_ids: string[];
  min_rating: number | null;
  submission_ids: string[];
  max_items: number;
  fields: WidgetFields;
  show_attribution: boolean;
  /** The widget's own words and dates in this language (issue 26); null or absent: the page's, else the visitor's. */
  language?: string | null;
}

/** A widget. Its published document lives at `public/widgets/{id}.json` while the row exists. */
export const widgets = sqliteTable(
  "widgets",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    settings: text("settings", { mode: "json" }).$type<WidgetSettings>().notNull(),
    /** Set by the first publication; null until then. */
    publishedAt: integer("published_at"),
    /** Hash of the last published content (without `generated_at`): an unchanged rebuild rewrites nothing. */
    documentHash: text("document_hash"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("widgets_list").on(t.orgId, t.mode, t.id), index("widgets_brand").on(t.orgId, t.mode, t.brandId, t.id)],
);

/** A stored widget. */
export type WidgetRow = typeof widgets.$inferSelect;
