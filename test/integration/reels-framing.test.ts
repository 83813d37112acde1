/**
 * A real render of two speakers on screen (test/fixtures/media/speaker-video.ts: a portrait speaking the speech
 * fixture; the first pans across a 1280×720 frame, from near its left edge to its right edge and back a little, the
 * second sits still in the left third) in 9:16, 1:1 and 16:9 through the media pipeline (real ffmpeg, libass and the Haar detector):
 * - the crop keeps the speaker's face in frame: the face's true box (known from the fixture) checked against the
 *   crop path at every 100 ms, compared with a plain centre crop, and a face found in the finished 9:16 frame
 *   near the middle while the speaker stands at the far right of the recording;
 * - each clip starts with the lower third (the brand colour's name tag) and it is gone a few seconds later;
 * - each size has its own poster of its own size, from inside the first clip, not black.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ASS_LAYOUT } from "../../src/media/captions";
import { findFaceCascade } from "../../src/media/reel/faces";
import { cropPath, edgeAt, type CropPath } from "../../src/media/reel/framing";
import { detectFaces, loadCascade } from "../../src/media/reel/haar";
import { lowerThirdBottom } from "../../src/media/reel/lower-third";
import { renderReelFiles } from "../../src/media/reel/pipeline";
import { aspectSlug, FRAME, type Aspect, type CutClip, type RenderedReel } from "../../src/media/reel/types";
import { ensureMediaFixtures, type MediaFixtures } from "../fixtures/media/make-fixtures";
import { speakerVideo, trueFace, type SpeakerMotion } from "../fixtures/media/speaker-video";
import { ffprobeJson, realTools, scratch } from "../fixtures/media/tools";

let fx: MediaFixtures;
let reel: RenderedReel;
const tmp = scratch("reel-framing");
const work = join(tmp, "work");
const motions: SpeakerMotion[] = ["pan", "left"];
/**
 * The words each clip spans. The panning clip runs from "made" (about 2 s into the recording, the speaker still on
 * the left) to "difference" (7.5 s, past the far right at the recording's middle): over 5 s, so the lower third's
 * end is seen, and no longer than that (every extra second is three more full-size encodes). The still speaker
 * says the first three words. Each recording is made only up to the end of the word after its clip.
 */
let spans: (readonly [number, number])[];

beforeAll(async () => {
  if (!findFaceCascade())
    throw new Error("The face cascade is missing: apt-get install opencv-data (install.sh does).");
  fx = ensureMediaFixtures();
  const w = fx.speechWords;
  const d = fx.speechDurationMs;
  spans = [
    [3, 10],
    [0, 2],
  ];
  const lengths = spans.map(([, last]) => w[last + 1]!.end_ms);
  const out = await renderReelFiles(
    realTools(),
    {
      workDir: work,
      aspects: ["9:16", "1:1", "16:9"],
      captionStyle: "boxed",
      brandColor: "#4f46e5",
      logoPath: join(import.meta.dir, "../../assets/default-logo.png"),
      intro: null,
      outro: null,
      musicPath: null,
      preset: "ultrafast",
      framing: "face",
      clips: motions.map((m, i) => ({
        sourcePath: speakerVideo(tmp, m, fx.speechWav, d, lengths[i]),
        sourceDurationMs: lengths[i]!,
        startMs: w[spans[i]![0]]!.start_ms,
        endMs: w[spans[i]![1]]!.end_ms,
        words: w,
        speaker: {
          key: m,
          name: i ? "Sam Rivera" : "Eileen Collins",
          title: i ? null : "Head of Marketing",
          company: "Brightside Studio",
        },
      })),
    },
    { stage: () => {}, checkpoint: () => "continue", timeLeftMs: () => 600_000 },
  );
  if (out.kind !== "done") throw new Error(`render ended ${out.kind}`);
  reel = out.reel;
}, 600_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function rgb(file: string, atMs: number, crop?: { x: number; y: number; w: number; h: number }): Uint8Array {
  const vf = crop ? [`-vf`, `crop=${crop.w}:${crop.h}:${crop.x}:${crop.y}`] : [];
  const r = Bun.spawnSync([
    "ffmpeg",
    "-v",
    "error",
    "-ss",
    (atMs / 1000).toFixed(3),
    "-i",
    file,
    "-frames:v",
    "1",
    ...vf,
    "-f",
    "rawvideo",
    "-pix_fmt",
    "rgb24",
    "-",
  ]);
  if (r.exitCode !== 0) throw new Error(r.stderr.toString());
  return new Uint8Array(r.stdout);
}
/** Share of pixels within a small distance of #4f46e5. */
function brandShare(px: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < px.length; i += 3)
    if (Math.abs(px[i]! - 0x4f) + Math.abs(px[i + 1]! - 0x46) + Math.abs(px[i + 2]! - 0xe5) < 60) n++;
  return n / (px.length / 3);
}
const cut = (i: number) => JSON.parse(readFileSync(join(work, `clip-${i}.json`), "utf8")) as CutClip;
const variant = (a: Aspect) => reel.variants.find((v) => v.aspect === a)!.file;

test("9:16 and 1:1 keep the speaker's face in frame where a centre crop loses it", () => {
  const d = fx.speechDurationMs;
  const rates: string[] = [];
  for (const [i, motion] of motions.entries()) {
    const c = cut(i);
    const seg = reel.segments.find((s) => s.clip_index === i)!;
    // The cut starts at the first word less its padding: clip time t is recording time fromMs + t.
    const fromMs = fx.speechWords[spans[i]![0]]!.start_ms - seg.pad_before_ms!;
    expect(c.faces?.samples.length).toBeGreaterThan(0);
    for (const aspect of ["9:16", "1:1"] as Aspect[]) {
      const path = cropPath(c.faces!, c.width, c.height, aspect)!;
      const centre: CropPath = { ...path, keys: [{ t_ms: 0, at: (c.width - path.cw) / 2 }] };
      const inFrame = (p: CropPath) => {
        let inside = 0,
          all = 0;
        for (let t = 0; t < c.durationMs; t += 100) {
          const f = trueFace(motion, (fromMs + t) / 1000, d / 1000);
          const at = edgeAt(p, t);
          all++;
          if (f.x >= at - 1 && f.x + f.w <= at + p.cw + 1) inside++;
        }
        return inside / all;
      };
      const face = inFrame(path),
        plain = inFrame(centre);
      rates.push(
        `${motion} ${aspect}: face crop ${(face * 100).toFixed(0)}%, centre crop ${(plain * 100).toFixed(0)}%`,
      );
      expect(face).toBeGreaterThanOrEqual(0.98);
      if (motion === "pan" && aspect === "9:16") expect(plain).toBeLessThan(0.6);
      if (motion === "left" && aspect === "9:16") expect(plain).toBeLessThan(0.5);
    }
  }
  console.log(`face fully in frame (true box, every 100 ms):\n  ${rates.join("\n  ")}`);

  // In the finished 9:16 reel, while the panning speaker stands at the far right of the recording, the face is
  // found near the middle of the frame.
  const seg = reel.segments.find((s) => s.clip_index === 0)!;
  const fromMs = fx.speechWords[spans[0]![0]]!.start_ms - seg.pad_before_ms!;
  const at = seg.start_ms + (fx.speechDurationMs / 2 - fromMs);
  const frame = rgb(variant("9:16"), at);
  const g = new Uint8Array(frame.length / 3);
  for (let i = 0; i < g.length; i++) g[i] = Math.round((frame[i * 3]! + frame[i * 3 + 1]! + frame[i * 3 + 2]!) / 3);
  const faces = detectFaces(loadCascade(findFaceCascade()!), g, 1080, 1920, { minSize: 150 });
  expect(faces.length).toBeGreaterThan(0);
  expect(Math.abs(faces[0]!.x + faces[0]!.w / 2 - 540)).toBeLessThan(1080 * 0.2);
}, 120_000);

test("each clip opens with the speaker's lower third in every size, above the captions, gone after a few seconds", () => {
  // The panning clip is long enough to see the lower third gone.
  expect(reel.segments.filter((s) => s.kind === "clip" && s.duration_ms > 5000).length).toBeGreaterThan(0);
  for (const aspect of ["9:16", "1:1", "16:9"] as Aspect[]) {
    const L = ASS_LAYOUT[aspect];
    const bottom = lowerThirdBottom(aspect);
    // The name tag: left, within the band above the lowest tag's bottom.
    const region = { x: L.marginH, y: bottom - Math.round(L.size * 2.4), w: 300, h: Math.round(L.size * 2.4) };
    for (const seg of reel.segments.filter((s) => s.kind === "clip")) {
      const shown = brandShare(rgb(variant(aspect), seg.start_ms + 1200, region));
      expect(shown).toBeGreaterThan(0.15);
      if (seg.duration_ms > 5000)
        expect(brandShare(rgb(variant(aspect), seg.start_ms + 4800, region))).toBeLessThan(0.02);
    }
    const probe = ffprobeJson(variant(aspect)).streams.find((s) => s.codec_type === "video")!;
    expect([probe.width, probe.height]).toEqual([FRAME[aspect].w, FRAME[aspect].h]);
  }
}, 120_000);

test("each size has its own poster, of its own size, from inside the first clip and not black", () => {
  expect(reel.posters.map((p) => p.aspect)).toEqual(["9:16", "1:1", "16:9"]);
  for (const p of reel.posters) {
    expect(p.file.endsWith(`poster-${aspectSlug(p.aspect)}.jpg`)).toBe(true);
    const v = ffprobeJson(p.file).streams[0]!;
    expect([v.codec_name, v.width, v.height]).toEqual(["mjpeg", FRAME[p.aspect].w, FRAME[p.aspect].h]);
    const r = Bun.spawnSync([
      "ffmpeg",
      "-v",
      "error",
      "-i",
      p.file,
      "-vf",
      "scale=1:1:flags=area,format=gray",
      "-f",
      "rawvideo",
      "-",
    ]);
    expect(new Uint8Array(r.stdout)[0]!).toBeGreaterThan(40);
  }
  expect(reel.posterFile).toBe(reel.posters[0]!.file);
}, 60_000);
