/** What other parts may use from capture, and the capture module. */
import type { DomainModule } from "../../platform/module";
import { enqueue } from "../../platform/jobs/queue";
import { captureRoutes } from "./routes";
import { capturePagePlugin } from "./page";
import { capturePreviewPlugin } from "./preview-page";
import { registerCaptureJobs, EXPIRE_UPLOADS_JOB } from "./expiry";
export { captureRoutes } from "./routes";
export { linkView, findLink } from "./link-view";
export { createUpload, ACCEPTED_TYPES } from "./uploads";
export { CAPTURE_LIMITS, uploadTicketSchema } from "./model";

/** The capture module: the capture routes and page, and the hourly expiry of abandoned uploads. */
export const captureModule: DomainModule = {
  name: "capture",
  routes: (deps) => captureRoutes(deps),
  pages: (deps, assets) => capturePagePlugin(assets, deps).use(capturePreviewPlugin(assets, deps)),
  jobs: registerCaptureJobs,
  schedules: [
    {
      name: "expire abandoned uploads",
      pattern: "41 * * * *",
      enqueues: [EXPIRE_UPLOADS_JOB],
      run: (deps) => {
        enqueue(deps, { kind: EXPIRE_UPLOADS_JOB, payload: {}, dedupeKey: EXPIRE_UPLOADS_JOB });
      },
    },
  ],
};
