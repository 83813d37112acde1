/** What other parts of Plaudit may use from reels. */
import "./usage";
import "./erase";
export { reelRoutes } from "./routes";
export { registerReelJobs } from "./jobs";
export { REEL_RENDER_JOB } from "./render-service";
export { REEL_SHARE_JOB } from "./share";
export { removeFromReels } from "./erase";
export { useReelRenderer } from "./renderer";
export { reels, reelRenders } from "./tables";
