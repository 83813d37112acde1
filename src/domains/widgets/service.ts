/**
 * Widgets: listing, creating, changing and deleting, and previewing a draft. Each write takes the caller's unit of
 * work (`Tx`: the command's) and writes its audit row and the rebuild of the published document in it; every query
 * filters by organisation and mode.
 */
import type { Reader, Tx } from "../../platform/db/unit-of-work";
import { and, eq, inArray } from "drizzle-orm";
import { scoped, byId } from "../../platform/db/tenancy";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import type { Db } from "../../platform/db/client";
import { newId } from "../../platform/ids";
import { notFound } from "../../platform/errors";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import type { PlanId } from "../../platform/access";
import { brands, getBrandRow } from "../brands";
import { defaultSettingsFor, type SettingsInput } from "./model";
import { checkAttribution, checkReferences, mergeSettings } from "./settings";
import { buildDocument } from "./document";
import { documentKey, fragmentKey, schedulePublish } from "./publisher";
import { presentWidget } from "./present";
import { widgets, type WidgetRow } from "./tables";
import { orgPageRows } from "../../platform/db/org-page";

/** The context of a widget request: who acts, and the organisation's plan (for the attribution rule). */
export type WidgetCtx = Ctx & { plan: PlanId };

/** The unit of work of a widget write: its context carries the plan. */
export type WidgetTx = Tx & { readonly ctx: WidgetCtx };

/** A widget read whose context carries the plan (a `WidgetTx` is one). */
export type WidgetReader = Reader & { readonly ctx: WidgetCtx };

const LAYOUT_NAMES = {
  wall: "Wall",
  carousel: "Carousel",
  single: "Featured testimonial",
  avatars: "Faces and rating",
} as const;

/** A widget of the context's organisation, mode and brand scope (a client's brands); 404 otherwise. */
export function getWidgetRow(db: Db, ctx: Ctx, id: string): WidgetRow {
  const row = db
    .select()
    .from(widgets)
    .where(byId(widgets, ctx, id))
    .get();
  if (!row) throw notFound("widget");
  return row;
}

/** A page of widgets, newest first; `brandId` narrows to one brand (which must be the context's). */
export function listWidgets(r: Reader, brandId: string | undefined, page: PageRequest) {
  const { db, ctx, deps } = r;
  if (brandId) getBrandRow(db, ctx, brandId);
  const rows = orgPageRows(db, widgets, ctx, page, { brandColumn: widgets.brandId, brandId });
  const colors = brandColors(
    db,
    ctx,
    rows.map((r) => r.brandId),
  );
  return toPage(
    deps.signer,
    page,
    rows,
    (r) => [r.id],
    (r) => presentWidget(deps.config, r, colors.get(r.brandId) ?? DEFAULT_BRAND_COLOR),
  );
}

/** The colour of each of these brands (of the context's org and mode). */
function brandColors(db: Db, ctx: Ctx, ids: string[]): Map<string, string> {
  if (ids.length === 0) return new Map();
  const rows = db
    .select({ id: brands.id, color: brands.color })
    .from(brands)
    .where(and(scoped(brands, ctx), inArray(brands.id, [...new Set(ids)])))
    .all();
  return new Map(rows.map((r) => [r.id, r.color]));
}

/** The colour a brand has until someone picks one (the brands table's default). */
const DEFAULT_BRAND_COLOR = "#4f46e5";

/** One widget as the API shows it, with its brand's colour where it has none of its own. */
export function presentWidgetOf(r: Reader, row: WidgetRow) {
  const { db, ctx, deps } = r;
  return presentWidget(deps.config, row, brandColors(db, ctx, [row.brandId]).get(row.brandId) ?? DEFAULT_BRAND_COLOR);
}

/** Input of widget creation and preview. */
export type NewWidget = SettingsInput & { brand_id: string };

/** Creates a widget; its document is published a moment later by the publish job (which sets `published_at`). */
export function createWidget(tx: WidgetTx, input: NewWidget) {
  const { db, ctx, deps } = tx;
  checkAttribution(ctx.plan, deps.config.appUrl, input);
  const brand = getBrandRow(db, ctx, input.brand_id);
  const settings = mergeSettings(defaultSettingsFor(ctx.plan), input);
  checkReferences(db, ctx, brand.id, settings);
  const now = ctx.clock.now();
  const row: WidgetRow = {
    id: newId("widget", now),
    orgId: ctx.orgId,
    mode: ctx.mode,
    brandId: brand.id,
    name: input.name?.trim() || LAYOUT_NAMES[settings.layout],
    settings,
    publishedAt: null,
    documentHash: null,
    createdAt: now,
    updatedAt: now,
  };
  db.insert(widgets).values(row).run();
  tx.audit("widget.created", row.id, { brand_id: brand.id, layout: settings.layout });
  schedulePublish(tx, row);
  return presentWidget(deps.config, row, brand.color);
}

/** Changes settings (within `fields`, only the given keys); the document is rebuilt a moment later. */
export function updateWidget(tx: WidgetTx, id: string, input: SettingsInput) {
  const { db, ctx, deps } = tx;
  checkAttribution(ctx.plan, deps.config.appUrl, input);
  const row = getWidgetRow(db, ctx, id);
  const settings = mergeSettings(row.settings, input);
  checkReferences(db, ctx, row.brandId, settings, row.settings.tag_ids);
  const next: WidgetRow = { ...row, settings, name: input.name?.trim() || row.name, updatedAt: ctx.clock.now() };
  db.update(widgets)
    .set({ settings: next.settings, name: next.name, updatedAt: next.updatedAt })
    .where(eq(widgets.id, id))
    .run();
  tx.audit("widget.updated", id, { ...input });
  schedulePublish(tx, next);
  return presentWidgetOf(tx, next);
}

/** Deletes a widget; its document is removed at once (404), and the publish job makes sure of it. */
export function deleteWidget(tx: Tx, id: string) {
  const row = getWidgetRow(tx.db, tx.ctx, id);
  tx.db.delete(widgets).where(eq(widgets.id, id)).run();
  tx.audit("widget.deleted", id, { brand_id: row.brandId });
  schedulePublish(tx, row);
  tx.afterCommit(() => {
    tx.deps.storage.discard("public", documentKey(id));
    tx.deps.storage.discard("public", fragmentKey(id));
  });
  return { id, deleted: true as const };
}

/** The document a draft would publish; nothing is saved. */
export function previewWidget(r: WidgetReader, input: NewWidget) {
  const { db, ctx, deps } = r;
  checkAttribution(ctx.plan, deps.config.appUrl, input);
  const brand = getBrandRow(db, ctx, input.brand_id);
  const settings = mergeSettings(defaultSettingsFor(ctx.plan), input);
  checkReferences(db, ctx, brand.id, settings);
  return buildDocument(deps, { widgetId: null, brand, settings, plan: ctx.plan });
}
