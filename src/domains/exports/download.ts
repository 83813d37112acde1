/**
 * Serving a built export behind its signed URL, as an attachment. A testimonial in the file that has been deleted
 * since (by the team or by its respondent) withdraws the file at once, before the erasure job deletes it.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { AppError, notFound } from "../../platform/errors";
import { submissions } from "../submissions";
import { exports, exportItems } from "./tables";
import { fileName, resolveDownloadToken } from "./present";

const TYPES = { csv: "text/csv; charset=utf-8", json: "application/json; charset=utf-8" } as const;

/** The file response for a download token. */
export async function downloadResponse(deps: Deps, token: string): Promise<Response> {
  const id = resolveDownloadToken(deps, token);
  const row = deps.db.select().from(exports).where(eq(exports.id, id)).get();
  if (!row) throw notFound("file");
  if (row.status !== "ready" || !row.fileKey || !(await deps.storage.has("media", row.fileKey))) {
    throw new AppError("export_gone", 410, "This export's file is no longer kept. Create a new export.");
  }
  const withdrawn = deps.db
    .select({ id: exportItems.submissionId })
    .from(exportItems)
    .innerJoin(submissions, eq(submissions.id, exportItems.submissionId))
    .where(and(eq(exportItems.exportId, id), isNotNull(submissions.deletedAt)))
    .get();
  if (withdrawn)
    throw new AppError(
      "export_gone",
      410,
      "A testimonial in this export has been removed, so the file was withdrawn. Create a new export.",
    );
  const body = await deps.storage.get("media", row.fileKey);
  if (!body) throw new AppError("export_gone", 410, "This export's file is no longer kept. Create a new export.");
  return new Response(body, {
    headers: {
      "content-type": TYPES[row.format],
      "content-disposition": `attachment; filename="${fileName(row)}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    },
  });
}
