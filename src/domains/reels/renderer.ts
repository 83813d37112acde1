/**
 * The renderer the render job uses: the real ffmpeg pipeline for the app's configuration, unless one was set for
 * these dependencies (tests of the feature's rules use a fast fake; render tests ask for a faster x264 preset).
 */
import type { Deps } from "../../platform/deps";
import { createReelRenderer } from "../../media/reel/pipeline";
import type { ReelRenderer } from "../../media/reel/types";

const chosen = new WeakMap<Deps, ReelRenderer>();
const real = new WeakMap<Deps["config"], ReelRenderer>();

/** Sets the renderer used with these dependencies. */
export function useReelRenderer(deps: Deps, renderer: ReelRenderer) {
  chosen.set(deps, renderer);
}

/** The renderer for these dependencies. */
export function reelRendererFor(deps: Deps): ReelRenderer {
  const set = chosen.get(deps);
  if (set) return set;
  let r = real.get(deps.config);
  if (!r) real.set(deps.config, (r = createReelRenderer(deps.config)));
  return r;
}
