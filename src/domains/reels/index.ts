/** What other parts of Plaudit may use from reels, and the reels module. */
import type { DomainModule } from "../../platform/module";
import { reelRoutes } from "./routes";
import { registerReelJobs } from "./jobs";
import { renderSecondsUsed } from "./usage";
import { eraseFromReels } from "./erase";
import { reelsOfDeletedBrand } from "./brand-deletion";
import { MUSIC_CDN_PATH } from "./cdn-routes";
import { MUSIC_TRACKS } from "../../media/reel/music";
export { reelRoutes } from "./routes";
export { registerReelJobs } from "./jobs";
export { REEL_RENDER_JOB } from "./render-service";
export { REEL_SHARE_JOB, withdrawSharesHolding } from "./share";
export { removeFromReels } from "./erase";
export { reels, reelRenders } from "./tables";

/**
 * The reels module: routes, render and share jobs, the `render_seconds_per_month` counter, erasure from reels, and
 * deleting a deleted brand's reels.
 */
export const reelsModule: DomainModule = {
  name: "reels",
  routes: (deps) => reelRoutes(deps),
  jobs: registerReelJobs,
  usage: { render_seconds_per_month: renderSecondsUsed },
  erase: eraseFromReels,
  brandDeletion: reelsOfDeletedBrand,
  // The music previews (`{cdn_url}/music/{track_id}.m4a`), copied into the public storage area at start.
  cdnFiles: MUSIC_TRACKS.map((t) => `${MUSIC_CDN_PATH.slice(1)}/${encodeURIComponent(t.track_id)}.m4a`),
};
