/**
 * Turns a render's snapshot into the media pipeline's plan: each clip's processed recording, whole transcript and
 * speaker (for the lower third, unless the reel turned it off), the brand's colour and logo for the cards and
 * lower thirds, the framing, the music file. A testimonial that has gone meanwhile (erased, or
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
  const rows = new Map(
    deps.db
      .select()
      .from(submissions)
      .where(inArray(submissions.id, ids))
      .all()
      .map((r) => [r.id, r]),
  );
  const words = new Map(
    deps.db
      .select()
      .from(transcripts)
      .where(inArray(transcripts.submissionId, ids))
      .all()
      .map((t) => [t.submissionId, t.words]),
  );
  const brand = deps.db.select().from(brands).where(eq(brands.id, brandId)).get();
  const work = workDir(deps.storage, render.id);
  const planClips = [];
  for (const c of clips) {
    const row = rows.get(c.submission_id);
    const w = words.get(c.submission_id);
    const sourcePath =
      row && !row.deletedAt && row.videoKey && row.durationMs && w
        ? await deps.storage.localPathIn("media", row.videoKey, work)
        : null;
    if (!row || !row.durationMs || !w || !sourcePath) {
      throw new PlanError(
        `Testimonial ${c.submission_id} is no longer available (deleted or its recording removed); change the clips and render again.`,
      );
    }
    // Trimmed after the clips were chosen: a clip outside the part kept is not cut (the team chooses again).
    const trim = row.mediaEdit?.trim;
    if (trim && (c.start_ms < trim.start_ms || c.end_ms > trim.end_ms))
      throw new PlanError(
        `A clip of testimonial ${c.submission_id} lies outside the part its trim keeps (${trim.start_ms}–${trim.end_ms} ms); change the clips and render again.`,
      );
    const speaker =
      config.lower_third !== false && row.respondentName.trim()
        ? { key: row.id, name: row.respondentName, title: row.respondentTitle, company: row.respondentCompany }
        : null;
    planClips.push({
      sourcePath,
      sourceDurationMs: row.durationMs,
      startMs: c.start_ms,
      endMs: c.end_ms,
      words: w,
      speaker,
    });
  }
  const assets = join(deps.config.dataDir, "runtime", "reel-assets");
  const logo =
    (brand?.logoKey ? await deps.storage.localPathIn("public", brand.logoKey, work) : null) ??
    (await onDisk(defaultLogo, assets));
  const track = config.music ? findTrack(config.music.track_id) : null;
  return {
    workDir: work,
    aspects: config.aspect_ratios,
    captionStyle: config.caption_style,
    framing: config.framing ?? "face",
    brandColor: brand?.color ?? "#4f46e5",
    logoPath: logo,
    intro: config.intro ? { text: config.intro.title } : null,
    outro: config.outro ? { text: config.outro.call_to_action } : null,
    musicPath: track ? await onDisk(track.path, assets) : null,
    clips: planClips,
  };
}
