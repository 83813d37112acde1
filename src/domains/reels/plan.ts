/**
 * Turns a render's snapshot into the media pipeline's plan: each clip's processed recording and whole transcript,
 * the brand's colour and logo for the cards, the music file. A testimonial that has gone meanwhile (erased, or
 * its files missing) makes the plan impossible, and the render fails with that reason.
 */
import { eq, inArray } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { brands } from "../brands";
import { submissions, transcripts } from "../submissions";
import { join } from "node:path";
import { onDisk } from "../../media/reel/assets";
import { findTrack } from "../../media/reel/music";
import type { ReelPlan } from "../../media/reel/types";
import type { RenderRow } from "./render-state";
import { workDir } from "./storage-keys";
import defaultLogo from "../../../assets/default-logo.png" with { type: "file" };

/** Why a plan cannot be made; the render fails with this message. */
export class PlanError extends Error {}

/** The plan of a render (embedded music and logo files are copied out for ffmpeg on first use). */
export async function buildPlan(deps: Deps, render: RenderRow, brandId: string): Promise<ReelPlan> {
  const { clips, config } = render.snapshot;
  const ids = [...new Set(clips.map((c) => c.submission_id))];
  const rows = new Map(deps.db.select().from(submissions).where(inArray(submissions.id, ids)).all().map((r) => [r.id, r]));
  const words = new Map(deps.db.select().from(transcripts).where(inArray(transcripts.submissionId, ids)).all().map((t) => [t.submissionId, t.words]));
  const brand = deps.db.select().from(brands).where(eq(brands.id, brandId)).get();
  const planClips = clips.map((c) => {
    const row = rows.get(c.submission_id);
    const w = words.get(c.submission_id);
    if (!row || row.deletedAt || !row.videoKey || !row.durationMs || !w || !deps.storage.exists("media", row.videoKey)) {
      throw new PlanError(`Testimonial ${c.submission_id} is no longer available (deleted or its recording removed); change the clips and render again.`);
    }
    return { sourcePath: deps.storage.path("media", row.videoKey), sourceDurationMs: row.durationMs, startMs: c.start_ms, endMs: c.end_ms, words: w };
  });
  const assets = join(deps.config.dataDir, "runtime", "reel-assets");
  const logo = brand?.logoKey && deps.storage.exists("public", brand.logoKey) ? deps.storage.path("public", brand.logoKey) : await onDisk(defaultLogo, assets);
  const track = config.music ? findTrack(config.music.track_id) : null;
  return {
    workDir: workDir(deps.storage, render.id),
    aspects: config.aspect_ratios,
    captionStyle: config.caption_style,
    brandColor: brand?.color ?? "#4f46e5",
    logoPath: logo,
    intro: config.intro ? { text: config.intro.title } : null,
    outro: config.outro ? { text: config.outro.call_to_action } : null,
    musicPath: track ? await onDisk(track.path, assets) : null,
    clips: planClips,
  };
}
