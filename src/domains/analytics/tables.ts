/**
 * Analytics tables (migration 0027). Counts only: one row per day × brand × widget (or the brand's wall) ×
 * testimonial × page host × kind of event, holding how many there were. No visitor, address or cookie is ever
 * stored; a row cannot be traced back to a person.
 */
import { sqliteTable, text, integer, index, primaryKey } from "drizzle-orm/sqlite-core";
import type { Mode } from "../../platform/context";
import { users } from "../accounts/tables";
import { orgs } from "../../platform/access/tables";
import { brands } from "../brands/tables";

/** What is counted: seen, played (and how far, in quarters of the recording), read more, call to action clicked. */
export const EVENT_KINDS = ["view", "play", "play_25", "play_50", "play_75", "play_100", "read_more", "cta"] as const;
/** A kind of counted event. */
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * Daily counts. `widget_id` is `''` for the brand's wall pages; `submission_id` is `''` for the widget (or wall)
 * as a whole; `host` is the page's host name (`''` when the browser did not say).
 */
export const analyticsDaily = sqliteTable(
  "analytics_daily",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    /** `YYYY-MM-DD`, UTC. */
    day: text("day").notNull(),
    widgetId: text("widget_id").notNull(),
    submissionId: text("submission_id").notNull(),
    host: text("host").notNull(),
    kind: text("kind").$type<EventKind>().notNull(),
    count: integer("count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.mode, t.brandId, t.day, t.widgetId, t.submissionId, t.host, t.kind] }),
    index("analytics_daily_widget").on(t.orgId, t.mode, t.widgetId, t.day),
    index("analytics_daily_brand").on(t.brandId),
    index("analytics_daily_submission").on(t.submissionId),
  ],
);

/** A monthly report made for a brand (`month` = `YYYY-MM`): made once, however often the schedule fires. */
export const analyticsReports = sqliteTable(
  "analytics_reports",
  {
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.month] })],
);

/** People who stopped a brand's monthly report (the one-click link in the report). */
export const analyticsReportOptouts = sqliteTable(
  "analytics_report_optouts",
  {
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.userId] })],
);
