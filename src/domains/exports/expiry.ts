/**
 * When an export's file goes: its time is up (`time_up`), or a testimonial it holds is erased (`erased`). The
 * file is deleted, the export becomes `expired` with the reason, and its list of testimonials is dropped. The
 * erasure listener is registered when this module loads, so every process that runs purge jobs has it. A
 * testimonial withdrawn by its respondent withdraws the files holding it in the same unit of work
 * (`withdrawExportsHolding`), without waiting for the erasure. Files are deleted once the unit has committed.
 */
import { and, eq, inArray } from "drizzle-orm";
import { systemCtx, type Mode } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import type { EraseParticipant } from "../../platform/hooks";
import { exports, exportItems } from "./tables";

/** Marks these exports expired with `reason`, in the caller's unit of work; their files go once it commits. */
export function expireExports(tx: Tx, ids: string[], reason: "time_up" | "erased") {
  if (!ids.length) return;
  const { db } = tx;
  const files = db
    .select({ fileKey: exports.fileKey })
    .from(exports)
    .where(inArray(exports.id, ids))
    .all()
    .map((r) => r.fileKey)
    .filter((k): k is string => !!k);
  db.update(exports)
    .set({ status: "expired", reason, fileKey: null, updatedAt: tx.ctx.clock.now() })
    .where(and(inArray(exports.id, ids), eq(exports.status, "ready")))
    .run();
  db.delete(exportItems).where(inArray(exportItems.exportId, ids)).run();
  if (files.length) tx.afterCommit(() => files.forEach((key) => tx.deps.storage.discard("media", key)));
}

/** Expires one export whose time is up (the expiry job), in a unit of work of its organisation and mode. */
export function expireExportNow(deps: Deps, id: string) {
  const row = deps.db
    .select({ orgId: exports.orgId, mode: exports.mode })
    .from(exports)
    .where(eq(exports.id, id))
    .get();
  if (!row) return;
  unitOfWork(deps, systemCtx(row.orgId, row.mode as Mode, deps.clock), (tx) => expireExports(tx, [id], "time_up"));
}

/** Every export file holding a copy of the erased testimonial goes with it (in the caller's unit of work). */
export function eraseExportCopies(tx: Tx, submissionId: string) {
  const ids = tx.db
    .select({ id: exportItems.exportId })
    .from(exportItems)
    .where(eq(exportItems.submissionId, submissionId))
    .all()
    .map((r) => r.id);
  expireExports(tx, ids, "erased");
}

/** The exports module's erase participant: the testimonial's copies in finished exports go with it. */
export const eraseFromExports: EraseParticipant = (deps, erased) =>
  unitOfWork(deps, systemCtx(erased.orgId, erased.mode as Mode, deps.clock), (tx) => eraseExportCopies(tx, erased.id));

/**
 * In the caller's unit of work: every ready export holding `submissionId` becomes `expired` (reason `erased`), its
 * download answers 410 from now on and its list of testimonials is dropped. Returns the file keys (under `media/`)
 * to delete once the unit has committed.
 */
export function withdrawExportsHolding(tx: Tx, now: number, submissionId: string): string[] {
  const { db } = tx;
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
