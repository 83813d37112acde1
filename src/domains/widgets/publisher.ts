/**
 * Publishing widget documents on the CDN (`public/widgets/{id}.json`). Every change that could alter a document
 * (widget created or edited, a testimonial of its brand approved, withdrawn, edited, tagged, deleted, its media
 * published) enqueues `widget.publish` for the widget in the changing transaction, with a dedupe key: changes
 * arriving while a rebuild waits fold into it, and the rebuild runs a moment later. A job for a widget that no
 * longer exists removes its document (404 from then on).
 */
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import { and, eq } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import type { Deps } from "../../platform/deps";
import type { JobRegistry } from "../../platform/jobs/worker";
import { type PlanId, planOf } from "../../platform/access";
import { brands } from "../brands";
import type { ShownChange } from "../submissions";
import { systemCtx, type Mode } from "../../platform/context";
import { buildDocument, contentHash } from "./document";
import { renderWidgetHtml } from "./static-html";
import { widgets, type WidgetRow } from "./tables";
import {
  forgetWidgetDocument,
  keepWidgetDocument,
  noteWidgetGone,
  pinWidgetDocument,
  unpinWidgetDocument,
} from "./document-cache";

/** Job kind that (re)publishes or removes one widget's document. */
export const PUBLISH_WIDGET_JOB = "widget.publish";

/** How long a rebuild waits for more changes to fold in: short enough to read as "within seconds". */
export const REBUILD_DELAY_MS = 1000;

/** Storage key of a widget's document under `public/` (the CDN serves `widgets/` with a one-minute max-age). */
export const documentKey = (widgetId: string) => `widgets/${widgetId}.json`;

/**
 * Storage key of the widget's HTML fragment beside it (static-html.tsx): written with the document for a bucket
 * serving the CDN address; the box itself answers `{id}.html` from the served document (static-cache.ts).
 */
export const fragmentKey = (widgetId: string) => `widgets/${widgetId}.html`;

/** Removes a widget's document and fragment files. */
async function removeFiles(deps: Deps, widgetId: string) {
  await deps.storage.remove("public", documentKey(widgetId));
  await deps.storage.remove("public", fragmentKey(widgetId));
}

/**
 * Enqueues a rebuild of the widget's document (a job of the widget's organisation and mode), in the unit of work;
 * repeated calls coalesce. When the widget no longer exists (it is being deleted), its document answers 404 at once
 * (document-cache.ts).
 */
export function schedulePublish(tx: Tx, w: Pick<WidgetRow, "id" | "orgId" | "mode">) {
  const { db } = tx;
  if (!db.select({ id: widgets.id }).from(widgets).where(eq(widgets.id, w.id)).get()) noteWidgetGone(db, w.id);
  tx.enqueue({
    kind: PUBLISH_WIDGET_JOB,
    payload: { widgetId: w.id },
    orgId: w.orgId,
    mode: w.mode,
    runAt: tx.ctx.clock.now() + REBUILD_DELAY_MS,
    dedupeKey: `${PUBLISH_WIDGET_JOB}:${w.id}`,
  });
}

/**
 * Writes the widget's current document, or removes it when the widget is gone. Rebuilds of one widget in this
 * process run one after another (never interleaved), so an older one never lands after a newer one. Content that
 * did not change is not rewritten (its ETag stays valid).
 */
export function publishWidget(deps: Deps, widgetId: string): Promise<"published" | "unchanged" | "removed"> {
  const prev = running.get(widgetId) ?? Promise.resolve();
  const next = prev.catch(() => {}).then(() => rebuild(deps, widgetId));
  running.set(widgetId, next);
  const forget = () => void (running.get(widgetId) === next && running.delete(widgetId));
  next.then(forget, forget);
  return next;
}

/** The rebuild in progress (or last queued) per widget id. */
const running = new Map<string, Promise<unknown>>();

async function rebuild(deps: Deps, widgetId: string): Promise<"published" | "unchanged" | "removed"> {
  const key = documentKey(widgetId);
  const row = deps.db.select().from(widgets).where(eq(widgets.id, widgetId)).get();
  const brand = row && deps.db.select().from(brands).where(eq(brands.id, row.brandId)).get();
  if (!row || !brand) {
    await removeFiles(deps, widgetId);
    forgetWidgetDocument(deps, widgetId);
    return "removed";
  }
  const doc = buildDocument(deps, {
    widgetId,
    brand,
    settings: row.settings,
    plan: planOf(deps.db, row.orgId),
  });
  const hash = contentHash(doc);
  const unchanged =
    row.documentHash === hash &&
    (await deps.storage.has("public", key)) &&
    (await deps.storage.has("public", fragmentKey(widgetId)));
  if (!unchanged) {
    const json = JSON.stringify(doc);
    // The fragment first: a bucket never serves a document newer than its fragment for long.
    await deps.storage.write("public", fragmentKey(widgetId), renderWidgetHtml(doc));
    await deps.storage.write("public", key, json);
    // Served from memory from the next request on (document-cache.ts).
    await keepWidgetDocument(deps, widgetId, json);
  } else unpinWidgetDocument(deps, widgetId);
  const outcome = unitOfWork(deps, systemCtx(row.orgId, row.mode as Mode, deps.clock), ({ db }) => {
    // Deleted while building: the delete may have removed the file before this write, so remove it again.
    if (!db.select({ id: widgets.id }).from(widgets).where(eq(widgets.id, widgetId)).get()) return "removed" as const;
    db.update(widgets)
      .set({ documentHash: hash, publishedAt: row.publishedAt ?? deps.clock.now() })
      .where(eq(widgets.id, widgetId))
      .run();
    return unchanged ? "unchanged" : "published";
  });
  if (outcome === "removed") {
    await removeFiles(deps, widgetId);
    forgetWidgetDocument(deps, widgetId);
  }
  return outcome;
}

/** Registers the job kind. */
export function registerWidgetJobs(registry: JobRegistry) {
  registry.register<{ widgetId: string }>(PUBLISH_WIDGET_JOB, {
    handle: (job, deps) => publishWidget(deps, job.payload.widgetId).then(() => {}),
    maxAttempts: 8,
    backoffMs: (n) => Math.min(2_000 * 2 ** (n - 1), 300_000),
    timeoutMs: 60_000,
  });
}

/** The shown-change reason of a testimonial its respondent removed (src/domains/removals/service.ts). */
const REMOVED_BY_RESPONDENT = "submission.removed_by_respondent";

/**
 * The widgets module's shown-change handler: whatever a brand shows may have changed, so each of its widget
 * documents is rebuilt. When the respondent removed a testimonial, the documents are also built anew right here,
 * inside the removing transaction, and served from this moment (`pinWidgetDocument`): the removal page promises the
 * words are gone everywhere at once, not after the rebuild job.
 */
export function rebuildBrandWidgets(tx: Tx, change: ShownChange) {
  const { db, ctx, deps } = tx;
  const rows = db
    .select()
    .from(widgets)
    .where(and(scoped(widgets, ctx, { allBrands: true }), eq(widgets.brandId, change.brandId)))
    .all();
  for (const w of rows) schedulePublish(tx, { id: w.id, orgId: ctx.orgId, mode: ctx.mode });
  if (change.reason !== REMOVED_BY_RESPONDENT || rows.length === 0) return;
  const brand = db.select().from(brands).where(eq(brands.id, change.brandId)).get();
  if (!brand) return;
  const plan = planOf(db, ctx.orgId);
  const inTx = { ...deps, db };
  for (const w of rows)
    pinWidgetDocument(
      deps,
      w.id,
      JSON.stringify(buildDocument(inTx, { widgetId: w.id, brand, settings: w.settings, plan })),
    );
}
