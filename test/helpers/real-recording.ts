/**
 * A processed video testimonial with a real recording, for browser tests that play it: the fixture's H.264 MP4, a
 * poster (one frame, 640 wide), a 96×96 WebP thumbnail and the fixture's timed words, written through the
 * server's own storage (local disk or the bucket) and marked ready without running the processing job.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Deps } from "../../src/platform/deps";
import { submissions, transcripts } from "../../src/domains/submissions";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";

/** Stores the real recording's files for the uploading testimonial `id` and marks it processed. */
export async function storeRealRecording(deps: Pick<Deps, "storage" | "db" | "clock">, id: string): Promise<void> {
  const media = ensureMediaFixtures();
  const { storage, db, clock } = deps;
  const dir = `submissions/${id}`;
  await storage.write("media", `${dir}/video.mp4`, Bun.file(media.mp4));
  const frame = Bun.spawnSync(
    ["ffmpeg", "-v", "error", "-y", "-ss", "1", "-i", media.mp4, "-frames:v", "1", "-vf", "scale=640:-2"].concat([
      "-f",
      "image2pipe",
      "-c:v",
      "mjpeg",
      "-",
    ]),
  );
  if (!frame.success) throw new Error(`ffmpeg could not take the poster frame: ${frame.stderr.toString()}`);
  await storage.write("media", `${dir}/poster.jpg`, frame.stdout);
  await storage.write("media", `${dir}/thumb.webp`, await sharp(frame.stdout).resize(96, 96).webp().toBuffer());
  db.update(submissions)
    .set({
      status: "ready",
      videoKey: `${dir}/video.mp4`,
      posterKey: `${dir}/poster.jpg`,
      thumbKey: `${dir}/thumb.webp`,
      durationMs: media.videoDurationMs,
      textInput: media.speechText,
      textSource: "spoken",
      originalText: media.speechText,
      language: "en",
    })
    .where(eq(submissions.id, id))
    .run();
  db.insert(transcripts)
    .values({
      submissionId: id,
      engine: "test",
      language: "en",
      words: media.speechWords,
      originalWords: media.speechWords,
      editedAt: null,
      editedBy: null,
      createdAt: clock.now(),
    })
    .run();
}
