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

/** The picture size of a video file, by ffprobe. */
function pictureSize(file: string): { width: number; height: number } {
  const p = Bun.spawnSync([
    "ffprobe",
    "-v",
    "error",
    "-select_streams",
    "v:0",
    "-show_entries",
    "stream=width,height",
    "-of",
    "csv=p=0",
    file,
  ]);
  const [width, height] = p.stdout.toString().trim().split(",").map(Number);
  if (!width || !height) throw new Error(`ffprobe found no picture size in ${file}: ${p.stderr.toString()}`);
  return { width, height };
}

/**
 * Stores the real recording's files for the uploading testimonial `id` and marks it processed, with the picture's
 * size; `video` is another H.264 MP4 to use than the speech fixture's (e.g. a speaker video with a face).
 */
export async function storeRealRecording(
  deps: Pick<Deps, "storage" | "db" | "clock">,
  id: string,
  video?: string,
): Promise<void> {
  const media = ensureMediaFixtures();
  const { storage, db, clock } = deps;
  const dir = `submissions/${id}`;
  const file = video ?? media.mp4;
  await storage.write("media", `${dir}/video.mp4`, Bun.file(file));
  const frame = Bun.spawnSync(
    ["ffmpeg", "-v", "error", "-y", "-ss", "1", "-i", file, "-frames:v", "1", "-vf", "scale=640:-2"].concat([
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
      ...pictureSize(file),
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
