/**
 * The filmstrip of a video testimonial: `FILMSTRIP_FRAMES` small JPEG frames evenly spaced over the full processed
 * recording, made by ffmpeg on the first request and kept under `media/submissions/{id}/filmstrip/` (they depend on
 * the recording only, never on a trim), for the dashboard to pick a cover frame from.
 */
import type { Reader } from "../../platform/db/unit-of-work";
import { AppError, invalid, notFound } from "../../platform/errors";
import { FILMSTRIP_FRAMES, filmstripTimes } from "../../media/filmstrip";
import { getSubmissionRow } from "./read";
import type { SubmissionRow } from "./present";

/** Storage key of frame `index` of a testimonial's filmstrip. */
const frameKey = (id: string, index: number) => `submissions/${id}/filmstrip/${index}.jpg`;

/** The processed video a filmstrip is taken from; 409 for anything else. */
function videoOf(row: SubmissionRow): { key: string; durationMs: number } {
  if (row.kind !== "video")
    throw new AppError("not_a_video", 409, "Only a video testimonial has frames to choose a cover from.");
  if (row.status !== "ready" || !row.videoKey || !row.durationMs)
    throw new AppError("not_ready", 409, "This testimonial is not processed yet; its frames come once it is ready.");
  return { key: row.videoKey, durationMs: row.durationMs };
}

/** Makes the frames when any is missing (ffmpeg, one pass); the finished files are adopted whole, the last first. */
async function ensureFrames(r: Reader, row: SubmissionRow) {
  const { storage, media } = r.deps;
  const all = [...Array(FILMSTRIP_FRAMES).keys()];
  const present = await Promise.all(all.map((i) => storage.has("media", frameKey(row.id, i))));
  if (present.every(Boolean)) return;
  const video = videoOf(row);
  const temps = all.map(() => storage.tempPath(".jpg"));
  try {
    await storage.withLocalCopy("media", video.key, (input) => media.filmstrip(input, video.durationMs, temps));
    for (const i of all) await storage.adopt(temps[i]!, "media", frameKey(row.id, i));
  } finally {
    for (const tmp of temps) storage.removeWorkFile(tmp);
  }
}

/** The filmstrip of testimonial `id`: each frame's time and its address under `/v1`. */
export async function filmstrip(r: Reader, id: string) {
  const row = getSubmissionRow(r, id);
  const { durationMs } = videoOf(row);
  const times = filmstripTimes(durationMs);
  await ensureFrames(r, row);
  return {
    duration_ms: durationMs,
    frames: times.map((time_ms, index) => ({
      index,
      time_ms,
      url: `${r.deps.config.baseUrl}/v1/submissions/${id}/filmstrip/${index}`,
    })),
  };
}

/** The stored key of one frame (made first when missing); 400 for an index outside the strip. */
export async function filmstripFrame(r: Reader, id: string, index: string): Promise<string> {
  const n = /^\d{1,3}$/.test(index) ? Number(index) : -1;
  if (n < 0 || n >= FILMSTRIP_FRAMES)
    throw invalid(`A filmstrip has frames 0 to ${FILMSTRIP_FRAMES - 1}.`, "index", { frames: FILMSTRIP_FRAMES });
  const row = getSubmissionRow(r, id);
  videoOf(row);
  await ensureFrames(r, row);
  if (!(await r.deps.storage.has("media", frameKey(id, n)))) throw notFound("frame");
  return frameKey(id, n);
}
