/** The export job kinds: building a file, and deleting it when its time is up. */
import type { JobRegistry } from "../../platform/jobs/worker";
import { BUILD_JOB, EXPIRE_JOB, buildExport, failExport } from "./build";
import { expireExports } from "./expiry";

/** Registers the export job kinds. */
export function registerExportJobs(registry: JobRegistry): JobRegistry {
  registry.register<{ exportId: string }>(BUILD_JOB, {
    handle: (job, deps) => buildExport(deps, job.payload.exportId),
    maxAttempts: 5,
    // Short waits: the usual retry is a testimonial deleted mid-build, and the retry simply leaves it out.
    backoffMs: (attempt) => Math.min(2_000 * attempt, 60_000),
    onDead: (job, deps, error) => failExport(deps, job.payload.exportId, error),
  });
  registry.register<{ exportId: string }>(EXPIRE_JOB, {
    handle: async (job, deps) => expireExports(deps, [job.payload.exportId], "time_up"),
    maxAttempts: 10,
  });
  return registry;
}
