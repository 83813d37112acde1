/**
 * What a beacon may count for. A widget beacon counts for the widget's organisation, mode and brand, and only
 * for the testimonials the widget shows now (what its document lists); a wall beacon counts for a public brand and
 * only for testimonials its wall shows. Anything else (an unknown or deleted widget, a private brand, a testimonial
 * of another brand or no longer shown) is not counted, so a beacon can never make rows for ids it names at will.
 *
 * Looked up once and kept `TARGET_TTL_MS` (a widget document is kept by browsers up to a minute anyway, so a
 * change reaches the counts about as fast as it reaches the pages); at most `MAX_TARGETS` are kept per database.
 */
import type { Slot } from "../../platform/app-state";
import { and, eq } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import type { Db } from "../../platform/db/client";
import type { Mode } from "../../platform/context";
import { brands } from "../brands";
import { shownCondition, submissions } from "../submissions";
import { shownIdsOf, widgets } from "../widgets";

/** How long a looked-up target is kept (ms). */
export const TARGET_TTL_MS = 30_000;
/** Targets kept per database at most (the oldest goes first). */
const MAX_TARGETS = 5000;

/** Where a beacon's counts go, and which testimonials it may name. */
export interface Target {
  orgId: string;
  mode: Mode;
  brandId: string;
  /** `''` for the brand's wall. */
  widgetId: string;
  shown: ReadonlySet<string>;
}

interface Kept {
  target: Target | null;
  at: number;
}

/** The app's kept targets (`deps.state`). */
const TARGETS: Slot<Map<string, Kept>> = { name: "analytics.targets", make: () => new Map() };

function kept(deps: Deps, key: string, look: () => Target | null): Target | null {
  const cache = deps.state.of(TARGETS);
  const now = deps.clock.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < TARGET_TTL_MS) return hit.target;
  const target = look();
  cache.delete(key);
  cache.set(key, { target, at: now });
  if (cache.size > MAX_TARGETS) cache.delete(cache.keys().next().value!);
  return target;
}

/** The widget a beacon names, or null when there is no such widget. */
export function widgetTarget(deps: Deps, widgetId: string): Target | null {
  return kept(deps, `w:${widgetId}`, () => {
    const row = deps.db.select().from(widgets).where(eq(widgets.id, widgetId)).get();
    if (!row) return null;
    return {
      orgId: row.orgId,
      mode: row.mode,
      brandId: row.brandId,
      widgetId: row.id,
      shown: new Set(shownIdsOf(deps, row.brandId, row.settings)),
    };
  });
}

/** The brand whose wall a beacon names, or null when it has no public wall. */
export function wallTarget(deps: Deps, brandId: string): Target | null {
  return kept(deps, `b:${brandId}`, () => {
    const brand = deps.db.select().from(brands).where(eq(brands.id, brandId)).get();
    if (!brand || !brand.isPublic) return null;
    const ids = deps.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(eq(submissions.brandId, brand.id), shownCondition()))
      .all();
    return {
      orgId: brand.orgId,
      mode: brand.mode,
      brandId: brand.id,
      widgetId: "",
      shown: new Set(ids.map((r) => r.id)),
    };
  });
}

/** Forgets every kept target (tests that change what is shown and count again at once). */
export function forgetTargets(deps: Pick<Deps, "state">): void {
  deps.state.peek(TARGETS)?.clear();
}
