/**
 * Where a reel's files live: finished renders under `media/reels/<reel>/<render>/` (private, served through
 * signed URLs), the public copy under `public/reels/<unguessable>/`, and a render's work folder under
 * `tmp/reels/<render>/` (kept across restarts so a render resumes).
 */
import type { Deps } from "../../platform/deps";
import type { Storage } from "../../platform/storage";

/** Key (under `media/`) of a render's finished files. */
export const renderKey = (reelId: string, renderId: string) => `reels/${reelId}/${renderId}`;

/** The work folder of a render. */
export const workDir = (storage: Storage, renderId: string) => storage.workDir("reels", renderId);

/** Deletes a render's work folder. */
export const removeWorkDir = (storage: Storage, renderId: string) => storage.removeWorkFile(workDir(storage, renderId));

/** Deletes every file of a reel: all renders, the public copy, and the latest render's work folder. */
export function removeReelFiles(deps: Deps, row: { id: string; shareDir: string | null; lastRenderId: string | null }) {
  deps.storage.discard("media", `reels/${row.id}`);
  if (row.shareDir) deps.storage.discard("public", row.shareDir);
  if (row.lastRenderId) removeWorkDir(deps.storage, row.lastRenderId);
}
