/** The export job kinds: building a file, and deleting it when its time is up. */
import { eq } from "drizzle-orm";
import { systemCtx, type Mode } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { unitOfWork } from "../../platform/db/unit-of-work";
import type { JobRegistry } from "../../platform/jobs/worker";
import { BUILD_JOB, EXPIRE_JOB, buildExport, failExport } from "./build";
import { expireExportNow } from "./expiry";
import { exports } from "./tables";

/** Marks an export failed in a unit of work of its organisation and mode (nothing to do when it is gone). */
function failNow(deps: Deps, id: string, error: string) {
  const row = deps.db
    .select({ orgId: exports.orgId, mode: exports.mode })
    .from(exports)
    .where(eq(exports.id, id))
    .get();
  if (row) unitOfWork(deps, systemCtx(row.orgId, row.mode as Mode, deps.clock), (tx) => failExport(tx, id, error));
}

/** Registers the export job kinds. */
export function registerExportJobs(registry: JobRegistry): JobRegistry {
  registry.register<{ exportId: string }>(BUILD_JOB, {
    handle: (job, deps) => buildExport(deps, job.payload.exportId),
    maxAttempts: 5,
    // Short waits: the usual retry is a testimonial deleted mid-build, and the retry simply leaves it out.
    backoffMs: (attempt) => Math.min(2_000 * attempt, 60_000),
    onDead: (job, deps, error) => failNow(deps, job.payload.exportId, error),
  });
  registry.register<{ exportId: string }>(EXPIRE_JOB, {
    handle: async (job, deps) => expireExportNow(deps, job.payload.exportId),
    maxAttempts: 10,
  });
  return registry;
}
