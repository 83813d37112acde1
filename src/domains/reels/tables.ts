/** Reels (several video testimonials cut into one captioned video) and their renders. */
import { sqliteTable, text, integer, real, index } from "drizzle-orm/sqlite-core";
import type { Mode } from "../../platform/context";
import { orgs } from "../../platform/access/tables";
import { brands } from "../brands/tables";
import type { ReelClip, ReelConfig, RenderFiles, RenderSnapshot } from "./model";

/** How a reel's clips were chosen (the API's `mode`): `auto` (clips and order suggested) or `manual` (order kept). */
export type ReelArrangement = "auto" | "manual";
/** A reel's state: `draft` (no usable render), `rendering`, `rendered`. */
export type ReelStatus = "draft" | "rendering" | "rendered";
/** A render's state. */
export type RenderStatus = "queued" | "running" | "succeeded" | "failed" | "cancelled";

/** A reel: its clips in play order, its settings, and pointers to its renders and public copy. */
export const reels = sqliteTable(
  "reels",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    mode: text("mode").$type<Mode>().notNull(),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** How it was made: `auto` (clips and order suggested) or `manual` (order kept, cuts suggested). */
    arrangement: text("arrangement").$type<ReelArrangement>().notNull(),
    /** `draft` (no usable render), `rendering`, `rendered`. */
    status: text("status").$type<ReelStatus>().notNull(),
    clips: text("clips", { mode: "json" }).$type<ReelClip[]>().notNull(),
    config: text("config", { mode: "json" }).$type<ReelConfig>().notNull(),
    /** Bumped by every change to clips, title or settings; a render remembers the version it drew. */
    version: integer("version").notNull().default(1),
    /** Why the reel was returned to draft, for a person. */
    errorMessage: text("error_message"),
    /** The latest render started (any outcome). */
    lastRenderId: text("last_render_id"),
    /** The render whose files `output` shows; null when there are none. */
    outputRenderId: text("output_render_id"),
    shareEnabled: integer("share_enabled", { mode: "boolean" }).notNull().default(false),
    /** Folder under `public/` (`reels/<unguessable>`), kept across renders so addresses stay the same. */
    shareDir: text("share_dir"),
    /** The render whose files are in the public copy (null while publishing the first time). */
    sharedRenderId: text("shared_render_id"),
    /** Frame shapes present in the public copy. */
    sharedAspects: text("shared_aspects", { mode: "json" }).$type<string[]>(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("reels_list").on(t.orgId, t.mode, t.id), index("reels_brand").on(t.orgId, t.mode, t.brandId, t.id)],
);

/** One render of a reel (`job_` id): a snapshot of what to draw, its progress, and its files once done. */
export const reelRenders = sqliteTable(
  "reel_renders",
  {
    id: text("id").primaryKey(),
    reelId: text("reel_id")
      .notNull()
      .references(() => reels.id, { onDelete: "cascade" }),
    orgId: text("org_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    /** `queued`, `running`, `succeeded`, `failed`, `cancelled`. */
    status: text("status").$type<RenderStatus>().notNull(),
    stage: text("stage").notNull(),
    stepDone: integer("step_done").notNull().default(0),
    stepTotal: integer("step_total").notNull().default(0),
    progress: real("progress").notNull().default(0),
    errorMessage: text("error_message"),
    snapshot: text("snapshot", { mode: "json" }).$type<RenderSnapshot>().notNull(),
    /** The reel's version this render drew. */
    version: integer("version").notNull(),
    /** Render seconds charged against the plan (length × sizes); refunded when the render fails. */
    costSeconds: integer("cost_seconds").notNull(),
    /** Who started it: a member (emailed when ready) or an API key. */
    startedByUserId: text("started_by_user_id"),
    startedBy: text("started_by").notNull(),
    /** Time spent running so far, across resumptions (the 30-minute allowance counts this). */
    activeMs: integer("active_ms").notNull().default(0),
    files: text("files", { mode: "json" }).$type<RenderFiles | null>(),
    createdAt: integer("created_at").notNull(),
    startedAt: integer("started_at"),
    finishedAt: integer("finished_at"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("reel_renders_reel").on(t.reelId, t.id), index("reel_renders_usage").on(t.orgId, t.mode, t.createdAt)],
);
