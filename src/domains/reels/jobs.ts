/** The reels' job kinds: rendering (a media job, behind new testimonials) and publishing the public copy. */
import type { JobRegistry } from "../../platform/jobs/worker";
import { REEL_RENDER_JOB } from "./render-service";
import { renderJobKind } from "./render-job";
import { publishShare, REEL_SHARE_JOB } from "./share";

/** Registers the reel job kinds. */
export function registerReelJobs(registry: JobRegistry) {
  registry.register(REEL_RENDER_JOB, renderJobKind);
  registry.register<{ reelId: string }>(REEL_SHARE_JOB, {
    handle: async (job, deps) => publishShare(deps, job.payload.reelId),
    maxAttempts: 5,
  });
}
