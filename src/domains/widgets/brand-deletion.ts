/**
 * The widgets module's part in deleting a brand: the preview counts its widgets, and the deleting transaction
 * deletes them, so each document answers 404 from that moment (as `DELETE /v1/widgets/{id}` does); the publish job
 * each deletion schedules removes the published file moments later.
 */
import { and, count as countRows, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Ctx } from "../../platform/context";
import type { BrandDeletionPart, GoingBrand } from "../../platform/hooks";
import { audit } from "../../platform/audit/audit";
import { schedulePublish } from "./publisher";
import { widgets } from "./tables";

const ofBrand = (brand: GoingBrand) =>
  and(eq(widgets.orgId, brand.orgId), eq(widgets.mode, brand.mode), eq(widgets.brandId, brand.id));

/** The widgets module's part in a brand's deletion. */
export const widgetsOfDeletedBrand = {
  count: (db: Db, brand: GoingBrand) => ({
    widgets: db.select({ n: countRows() }).from(widgets).where(ofBrand(brand)).get()?.n ?? 0,
  }),
  stop(db: Db, ctx: Ctx, brand: GoingBrand) {
    const rows = db.select().from(widgets).where(ofBrand(brand)).all();
    db.delete(widgets).where(ofBrand(brand)).run();
    for (const w of rows) {
      audit(db, ctx, "widget.deleted", w.id, { brand_id: brand.id, reason: "brand_deleted" });
      schedulePublish(db, ctx.clock, w);
    }
  },
} satisfies BrandDeletionPart;
