/**
 * The build job: writes the export's file under `tmp/` in batches, moves it to `media/exports/{id}-{run}.{format}`
 * and, in one transaction, records which testimonials it holds, marks it ready and emits `export.ready`. A
 * testimonial deleted while the file was being written makes the attempt fail and the retry leaves it out, so a
 * file never holds something already gone. Safe to run twice: only a `queued` or `building` export is built.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { systemCtx, type Mode } from "../../platform/context";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import { iso } from "../../platform/clock";
import { randomToken } from "../../platform/crypto";
import { submissions } from "../submissions";
import { exports, exportItems } from "./tables";
import { answerColumns, rowsBatch } from "./rows";
import { exportRecord } from "./columns";
import { CSV_BOM, csvHeader, csvRecord } from "./csv";
import { presentExport, type ExportRow } from "./present";

/** Job kind that builds an export's file. */
export const BUILD_JOB = "export.build";
/** Job kind that deletes an export's file when its time is up. */
export const EXPIRE_JOB = "export.expire";

/** How long a built file is kept before it is deleted (personal data is not kept longer than needed). */
export const FILE_TTL_MS = 7 * 24 * 3600_000;

const BATCH = 500;

/** Writes the file to the work file `path`; returns the ids it holds, in file order, and the size in bytes. */
async function writeFile(deps: Deps, row: ExportRow, path: string): Promise<{ ids: string[]; size: number }> {
  // A client's export holds only the brands it was limited to when asked for.
  const ctx = { ...systemCtx(row.orgId, row.mode as Mode, deps.clock), brandIds: row.filters.brand_ids ?? null };
  const file = Bun.file(path).writer();
  let size = 0;
  const write = (text: string) => {
    file.write(text);
    size += Buffer.byteLength(text);
  };
  const ids: string[] = [];
  // A CSV file's header names every answer column first; JSON items carry their answers themselves.
  const answers = row.format === "csv" ? answerColumns(deps.db, ctx, row.filters, row.maxSubmissionId) : [];
  try {
    if (row.format === "csv") write(CSV_BOM + csvHeader(answers));
    else
      write(
        `{"export_id":${JSON.stringify(row.id)},"generated_at":${JSON.stringify(iso(deps.clock.now()))},"filters":${JSON.stringify(row.filters)},"data":[`,
      );
    let after: string | undefined;
    for (;;) {
      const batch = rowsBatch(deps.db, ctx, row.filters, row.maxSubmissionId, BATCH, after);
      if (!batch.length) break;
      const text = batch
        .map((r, i) => {
          const record = exportRecord(r);
          return row.format === "csv"
            ? csvRecord(record, answers)
            : `${ids.length + i ? "," : ""}\n${JSON.stringify(record)}`;
        })
        .join("");
      write(text);
      ids.push(...batch.map((r) => r.row.id));
      after = batch[batch.length - 1]!.row.id;
      deps.db
        .update(exports)
        .set({ rowsDone: ids.length, updatedAt: deps.clock.now() })
        .where(eq(exports.id, row.id))
        .run();
      if (batch.length < BATCH) break;
    }
    if (row.format === "json") write(`\n],"count":${ids.length}}\n`);
  } finally {
    await file.end();
  }
  return { ids, size };
}

/** Builds one export's file; the job handler. */
export async function buildExport(deps: Deps, exportId: string) {
  const start = deps.db
    .update(exports)
    .set({ status: "building", rowsDone: 0, updatedAt: deps.clock.now() })
    .where(and(eq(exports.id, exportId), inArray(exports.status, ["queued", "building"])))
    .returning()
    .get();
  if (!start) return;
  const tmp = deps.storage.createWorkFile(`.${start.format}`);
  // A name of its own per run: a run that lost its lease never deletes or overwrites the file another run made.
  const key = `exports/${start.id}-${randomToken(6)}.${start.format}`;
  try {
    const { ids, size } = await writeFile(deps, start, tmp);
    await deps.storage.adopt(tmp, "media", key);
    const done = unitOfWork(deps, systemCtx(start.orgId, start.mode as Mode, deps.clock), (tx) => {
      const { db } = tx;
      const current = db.select().from(exports).where(eq(exports.id, exportId)).get();
      if (!current || current.status !== "building") return null;
      for (let i = 0; i < ids.length; i += BATCH) {
        const slice = ids.slice(i, i + BATCH);
        const gone = db
          .select({ id: submissions.id })
          .from(submissions)
          .where(and(inArray(submissions.id, slice), isNotNull(submissions.deletedAt)))
          .get();
        if (gone)
          throw new Error("a testimonial was deleted while the export was being written; building it again without it");
        db.insert(exportItems)
          .values(slice.map((submissionId) => ({ exportId, submissionId })))
          .onConflictDoNothing()
          .run();
      }
      const now = deps.clock.now();
      const ready = db
        .update(exports)
        .set({
          status: "ready",
          rowsDone: ids.length,
          rowsTotal: ids.length,
          fileKey: key,
          byteSize: size,
          readyAt: now,
          fileExpiresAt: now + FILE_TTL_MS,
          updatedAt: now,
        })
        .where(eq(exports.id, exportId))
        .returning()
        .get()!;
      tx.enqueue({
        kind: EXPIRE_JOB,
        payload: { exportId },
        orgId: ready.orgId,
        mode: ready.mode,
        runAt: ready.fileExpiresAt!,
        dedupeKey: `${EXPIRE_JOB}:${exportId}`,
      });
      tx.emit("export.ready", presentExport(deps, ready));
      return ready;
    });
    // Deleted (or finished by another run) meanwhile: this file belongs to nobody.
    if (!done) await deps.storage.remove("media", key);
  } catch (e) {
    await deps.storage.remove("media", key);
    throw e;
  } finally {
    deps.storage.removeWorkFile(tmp);
  }
}

/** Marks an export failed when its build ran out of attempts, in the caller's unit of work. */
export function failExport(tx: Tx, exportId: string, error: string) {
  tx.db
    .update(exports)
    .set({ status: "failed", reason: error.slice(0, 500), updatedAt: tx.ctx.clock.now() })
    .where(and(eq(exports.id, exportId), inArray(exports.status, ["queued", "building"])))
    .run();
}
