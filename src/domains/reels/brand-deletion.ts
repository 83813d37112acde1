/**
 * The reels module's part in deleting a brand: the preview counts its reels; the job deletes them as
 * `DELETE /v1/reels/{id}` does (a render under way is cancelled, the row goes), and waits for every file to go:
 * all renders, the shared public copy and the render's work folder.
 */
import { and, count as countRows, eq } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import type { Db } from "../../platform/db/client";
import type { Deps } from "../../platform/deps";
import { systemCtx } from "../../platform/context";
import { unitOfWork } from "../../platform/db/unit-of-work";
import type { GoingBrand } from "../../platform/hooks";
import type { ModuleBrandDeletion } from "../../platform/module";
import { cancelActiveRender } from "./render-state";
import { removeWorkDir } from "./storage-keys";
import { reels } from "./tables";

const ofBrand = (brand: GoingBrand) => and(scoped(reels, brand), eq(reels.brandId, brand.id));

/** Deletes every reel of the brand and its files; answers 0 (nothing left) once done. */
async function erase(deps: Deps, brand: GoingBrand): Promise<number> {
  const ctx = systemCtx(brand.orgId, brand.mode, deps.clock);
  const gone = unitOfWork(deps, ctx, (tx) => {
    const rows = tx.db.select().from(reels).where(ofBrand(brand)).all();
    for (const reel of rows) {
      cancelActiveRender(tx, reel, "The reel's brand was deleted.");
      tx.audit("reel.deleted", reel.id, { reason: "brand_deleted" });
    }
    tx.db.delete(reels).where(ofBrand(brand)).run();
    return rows;
  });
  for (const reel of gone) {
    await deps.storage.remove("media", `reels/${reel.id}`);
    if (reel.shareDir) await deps.storage.remove("public", reel.shareDir);
    if (reel.lastRenderId) removeWorkDir(deps.storage, reel.lastRenderId);
  }
  return 0;
}

/** The reels module's part in a brand's deletion. */
export const reelsOfDeletedBrand = {
  count: (db: Db, brand: GoingBrand) => ({
    reels: db.select({ n: countRows() }).from(reels).where(ofBrand(brand)).get()?.n ?? 0,
  }),
  erase,
} satisfies ModuleBrandDeletion;
