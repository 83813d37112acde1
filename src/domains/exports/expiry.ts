/**
 * When an export's file goes: its time is up (`time_up`), or a testimonial it holds is erased (`erased`). The
 * file is deleted, the export becomes `expired` with the reason, and its list of testimonials is dropped. The
 * erasure listener is registered when this module loads, so every process that runs purge jobs has it. A
 * testimonial withdrawn by its respondent withdraws the files holding it in the same transaction
 * (`withdrawExportsHolding`), without waiting for the erasure.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { tx, type Db } from "../../platform/db/client";
import type { EraseParticipant } from "../../platform/hooks";
import { exports, exportItems } from "./tables";

/** Deletes the files of these exports and marks them expired with `reason`. */
export function expireExports(deps: Deps, ids: string[], reason: "time_up" | "erased") {
  if (!ids.length) return;
  const rows = deps.db.select().from(exports).where(inArray(exports.id, ids)).all();
  for (const row of rows) if (row.fileKey) deps.storage.discard("media", row.fileKey);
  tx(deps.db, (db) => {
    db.update(exports)
      .set({ status: "expired", reason, fileKey: null, updatedAt: deps.clock.now() })
      .where(and(inArray(exports.id, ids), eq(exports.status, "ready")))
      .run();
    db.delete(exportItems).where(inArray(exportItems.exportId, ids)).run();
  });
}

/** Every export file holding a copy of the erased testimonial goes with it. */
export function eraseExportCopies(deps: Deps, submissionId: string) {
  const ids = deps.db
    .select({ id: exportItems.exportId })
    .from(exportItems)
    .where(eq(exportItems.submissionId, submissionId))
    .all()
    .map((r) => r.id);
  expireExports(deps, ids, "erased");
}

/** The exports module's erase participant: the testimonial's copies in finished exports go with it. */
export const eraseFromExports: EraseParticipant = (deps, erased) => eraseExportCopies(deps, erased.id);

/**
 * In the caller's transaction: every ready export holding `submissionId` becomes `expired` (reason `erased`), its
 * download answers 410 from now on and its list of testimonials is dropped. Returns the file keys (under `media/`)
 * to delete once the transaction has committed.
 */
export function withdrawExportsHolding(db: Db, now: number, submissionId: string): string[] {
  const ids = db
    .select({ id: exportItems.exportId })
    .from(exportItems)
    .where(eq(exportItems.submissionId, submissionId))
    .all()
    .map((r) => r.id);
  if (!ids.length) return [];
  const files = db
    .select({ fileKey: exports.fileKey })
    .from(exports)
    .where(and(inArray(exports.id, ids), eq(exports.status, "ready")))
    .all()
    .map((r) => r.fileKey)
    .filter((k): k is string => !!k);
  db.update(exports)
    .set({ status: "expired", reason: "erased", fileKey: null, updatedAt: now })
    .where(and(inArray(exports.id, ids), eq(exports.status, "ready")))
    .run();
  db.delete(exportItems).where(inArray(exportItems.exportId, ids)).run();
  return files;
}
