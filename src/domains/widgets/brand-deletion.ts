/**
 * The widgets module's part in deleting a brand: the preview counts its widgets, and the deleting transaction
 * deletes them, so each document answers 404 from that moment (as `DELETE /v1/widgets/{id}` does) and a publish job
 * is queued to remove each published file. The brand's deletion job does not wait for those jobs' turn: its erase
 * step removes, there and then, the file of every widget of the organisation whose removal is still queued (the
 * queued job, when it runs, finds nothing left to do), so the brand is gone only once its documents are.
 */
import type { Tx } from "../../platform/db/unit-of-work";
import { and, count as countRows, eq } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import type { Db } from "../../platform/db/client";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import type { GoingBrand } from "../../platform/hooks";
import type { ModuleBrandDeletion } from "../../platform/module";
import { jobs } from "../../platform/jobs/tables";
import { PUBLISH_WIDGET_JOB, publishWidget, schedulePublish } from "./publisher";
import { widgets } from "./tables";

/** Removes the documents of the organisation's deleted widgets whose removal waits in the queue; answers 0. */
async function erase(deps: Deps, brand: GoingBrand): Promise<number> {
  const queued = deps.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, PUBLISH_WIDGET_JOB), eq(jobs.status, "queued"), scoped(jobs, brand)))
    .all();
  for (const { payload } of queued) {
    const widgetId = (payload as { widgetId?: string }).widgetId;
    if (widgetId && !deps.db.select({ id: widgets.id }).from(widgets).where(eq(widgets.id, widgetId)).get())
      await publishWidget(deps, widgetId);
  }
  return 0;
}

const ofBrand = (brand: GoingBrand) => and(scoped(widgets, brand), eq(widgets.brandId, brand.id));

/** The widgets module's part in a brand's deletion. */
export const widgetsOfDeletedBrand = {
  count: (db: Db, brand: GoingBrand) => ({
    widgets: db.select({ n: countRows() }).from(widgets).where(ofBrand(brand)).get()?.n ?? 0,
  }),
  stop(tx: Tx, brand: GoingBrand) {
    const { db } = tx;
    const rows = db.select().from(widgets).where(ofBrand(brand)).all();
    db.delete(widgets).where(ofBrand(brand)).run();
    for (const w of rows) {
      tx.audit("widget.deleted", w.id, { brand_id: brand.id, reason: "brand_deleted" });
      schedulePublish(tx, w);
    }
  },
  erase,
} satisfies ModuleBrandDeletion;
