/**
 * A real render: two espeak-ng recordings (the fixtures' WebM, and their MP4 cut after its first sentence without
 * re-encoding) processed by the media toolkit, their known words aligned to the processed sound (as a corrected
 * transcript is), cut into one reel with intro, outro,
 * music and boxed captions, in all three sizes, through the API and the render job (real ffmpeg; x264
 * `ultrafast` to keep the test quick). Checked independently: ffprobe sizes and lengths (within 100 ms of the
 * parts), the cards' brand colour, ebur128 loudness of each clip (within 1 LU), the WebVTT file through
 * webvtt-parser (cue texts = the clips' words), and forced alignment of each clip's sound in the output (its first
 * and last words at the cut edges, inside the padding).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
// @ts-expect-error webvtt-parser ships no types
import { WebVTTParser } from "webvtt-parser";
import entities from "webvtt-parser/html-entities.json";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink } from "../helpers/testimonials";
import { ensureMediaFixtures, type MediaFixtures } from "../fixtures/media/make-fixtures";
import { ffprobeJson, scratch } from "../fixtures/media/tools";
import { buildRegistry } from "../../src/composition";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { submissions, transcripts } from "../../src/domains/submissions";
import { createReelRenderer } from "../../src/media/reel/pipeline";
import { alignText } from "../../src/media/speech/align";
import { eq } from "drizzle-orm";

let t: TestApp;
let a: TestOrg;
let fx: MediaFixtures;
let link: { id: string; brandId: string };
const sources: { id: string; words: { text: string; start_ms: number; end_ms: number }[] }[] = [];
const tmp = scratch("reel-check");
const consent = "I agree that my words and recording may be published.";

/** A ready video testimonial made from a recording by the real toolkit, its transcript the known `text` aligned. */
async function processed(file: string, text: string): Promise<(typeof sources)[number]> {
  const start = await t.call("POST", `/public/links/${link.id}/submissions`, {
    body: {
      kind: "video",
      respondent: { name: "Sam" },
      consent: { agreed: true, text: consent, version: "2026-11-01" },
      upload: { size: 100, type: "video/mp4" },
    },
  });
  const id = start.body.submission_id as string;
  const key = `submissions/${id}/video.mp4`;
  const out = t.deps.storage.path("media", key);
  const probe = await t.deps.media.probe(file);
  mkdirSync(join(out, ".."), { recursive: true });
  await t.deps.media.transcodeVideo(file, out, probe.durationMs);
  const wav = join(tmp, `${id}.wav`);
  await t.deps.media.extractWav(out, wav);
  const words = await t.deps.media.align(wav, text);
  const durationMs = (await t.deps.media.probe(out)).durationMs;
  t.deps.db
    .update(submissions)
    .set({
      status: "ready",
      videoKey: key,
      durationMs,
      textInput: text,
      textSource: "spoken",
      originalText: text,
    })
    .where(eq(submissions.id, id))
    .run();
  t.deps.db
    .insert(transcripts)
    .values({
      submissionId: id,
      engine: "pocketsphinx-align",
      language: "en",
      words,
      originalWords: words,
      editedAt: null,
      editedBy: null,
      createdAt: t.clock.now(),
    })
    .run();
  return { id, words };
}

beforeAll(async () => {
  fx = ensureMediaFixtures();
  t = await makeTestApp();
  t.deps.reelRenderer = createReelRenderer(t.deps.config, { preset: "ultrafast" });
  a = await t.org();
  link = await makeLink(t, a.liveKey);
  // The reel uses the MP4's first sentence only: the recording is cut (stream copy, no re-encoding) in the pause
  // after it, so processing does not transcode the two sentences nobody sees.
  const end = fx.speechWords.findIndex((w) => /[.!?]$/.test(w.text));
  const cutMs = (fx.speechWords[end]!.end_ms + fx.speechWords[end + 1]!.start_ms) / 2;
  const firstSentence = join(tmp, "speech-first-sentence.mp4");
  ff(["-v", "error", "-i", fx.mp4, "-t", (cutMs / 1000).toFixed(3), "-c", "copy", firstSentence]);
  const text = fx.speechWords
    .slice(0, end + 1)
    .map((w) => w.text)
    .join(" ");
  sources.push(await processed(firstSentence, text), await processed(fx.webm, fx.speechText));
}, 240_000);
afterAll(() => {
  t.close();
  rmSync(tmp, { recursive: true, force: true });
});

function ff(args: string[]): string {
  const r = Bun.spawnSync(["ffmpeg", "-hide_banner", "-nostdin", ...args], { stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(r.stderr.toString().slice(-800));
  return r.stderr.toString();
}
const loudness = (file: string, fromMs: number, ms: number) => {
  const err = ff([
    "-ss",
    (fromMs / 1000).toFixed(3),
    "-t",
    (ms / 1000).toFixed(3),
    "-i",
    file,
    "-vn", // the sound alone: decoding the picture too measured the same for ten times the CPU
    "-af",
    "ebur128",
    "-f",
    "null",
    "-",
  ]);
  return Number(/I:\s*(-?[\d.]+) LUFS/.exec(err.slice(err.lastIndexOf("Summary:")))![1]);
};
const meanColour = (file: string, atMs: number) => {
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
    "-vf",
    "scale=1:1:flags=area",
    "-f",
    "rawvideo",
    "-pix_fmt",
    "rgb24",
    "-",
  ]);
  return [...r.stdout.subarray(0, 3)];
};
function cueTexts(vtt: string): string[] {
  const parsed = new WebVTTParser(entities).parse(vtt, "metadata");
  expect(parsed.errors).toEqual([]);
  const flat = (nodes: { type: string; value?: string; children?: unknown[] }[]): string =>
    nodes.map((n) => (n.type === "text" ? n.value! : flat((n.children ?? []) as never))).join("");
  return parsed.cues.map((c: { tree: { children: never[] } }) => flat(c.tree.children).replace(/\n/g, " "));
}

test("two recordings become one captioned reel in 9:16, 1:1 and 16:9 that keeps every guarantee", async () => {
  const [s1, s2] = sources as [(typeof sources)[0], (typeof sources)[0]];
  const create = await t.call("POST", "/v1/reels", {
    auth: a.liveKey,
    body: {
      brand_id: link.brandId,
      submission_ids: [s1.id, s2.id],
      mode: "manual",
      title: "Real render",
      config: {
        caption_style: "boxed",
        intro: { title: "What our customers say" },
        outro: { call_to_action: "Try Plaudit today" },
        music: { track_id: "sunrise" },
      },
    },
  });
  expect(create.status).toBe(201);
  const reel = create.body;
  // First sentence of one recording (all it holds), last sentence of the other.
  const clips = [
    { submission_id: s1.id, start_ms: s1.words[0]!.start_ms, end_ms: s1.words[5]!.end_ms },
    { submission_id: s2.id, start_ms: s2.words[14]!.start_ms, end_ms: s2.words.at(-1)!.end_ms },
  ];
  const put = await t.call("PUT", `/v1/reels/${reel.id}/clips`, { auth: a.liveKey, body: { clips } });
  expect(put.body.clips.map((c: any) => c.text)).toEqual([
    "Honestly, the team made everything simple.",
    "I'd recommend Plaudit to anyone.",
  ]);
  expect((await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: a.liveKey })).status).toBe(202);
  await runDueJobs(t.deps, buildRegistry());
  const done = (await t.call("GET", `/v1/reels/${reel.id}`, { auth: a.liveKey })).body;
  expect(done.render).toMatchObject({ status: "succeeded", error_message: null });
  const out = done.output;
  const segs = out.segments as {
    kind: string;
    start_ms: number;
    duration_ms: number;
    clip_index?: number;
    pad_before_ms?: number;
    pad_after_ms?: number;
  }[];
  expect(segs.map((s) => s.kind)).toEqual(["intro", "clip", "clip", "outro"]);
  const total = segs.reduce((n, s) => n + s.duration_ms, 0);
  const clipSegs = segs.filter((s) => s.kind === "clip");
  clipSegs.forEach((s, i) => {
    const spoken = clips[i]!.end_ms - clips[i]!.start_ms;
    // Each cut is the words plus at most 120 ms either side, in whole frames.
    expect(s.pad_before_ms!).toBeLessThanOrEqual(120);
    expect(s.pad_after_ms!).toBeLessThanOrEqual(120);
    expect(s.duration_ms).toBeGreaterThanOrEqual(spoken - 17);
    expect(s.duration_ms).toBeLessThanOrEqual(spoken + 240 + 34);
  });
  expect(Math.abs(total - (clipSegs.reduce((n, s) => n + s.duration_ms, 0) + 2500 + 3000))).toBeLessThanOrEqual(1);

  const sizes: Record<string, [number, number]> = { "9:16": [1080, 1920], "1:1": [1080, 1080], "16:9": [1920, 1080] };
  const files: Record<string, string> = {};
  for (const v of out.variants) {
    const file = join(tmp, `reel-${v.aspect_ratio.replace(":", "x")}.mp4`);
    await Bun.write(file, await (await t.app.handle(new Request(v.url))).arrayBuffer());
    files[v.aspect_ratio] = file;
    const probe = ffprobeJson(file);
    const video = probe.streams.find((s) => s.codec_type === "video")!;
    const audio = probe.streams.find((s) => s.codec_type === "audio")!;
    expect([video.width, video.height]).toEqual(sizes[v.aspect_ratio]!);
    expect(video.codec_name).toBe("h264");
    expect(audio.codec_name).toBe("aac");
    expect(Math.abs(Number(probe.format.duration) * 1000 - total)).toBeLessThanOrEqual(100);
    expect(Math.abs(Number(video.duration) * 1000 - total)).toBeLessThanOrEqual(100);
    // The cards are the brand's colour (#4f46e5) with a small logo and a line of text.
    for (const at of [segs[0]!.start_ms + 1250, segs[3]!.start_ms + 1500]) {
      const [r, g, b] = meanColour(file, at);
      expect(Math.abs(r! - 0x4f) + Math.abs(g! - 0x46) + Math.abs(b! - 0xe5)).toBeLessThan(90);
    }
  }

  // Every clip at the same loudness (-16 LUFS), in every size.
  for (const file of Object.values(files)) {
    const levels = clipSegs.map((s) => loudness(file, s.start_ms, s.duration_ms));
    expect(Math.max(...levels) - Math.min(...levels)).toBeLessThanOrEqual(1);
    for (const l of levels) expect(Math.abs(l - -16)).toBeLessThanOrEqual(1.5);
  }

  // Captions: the WebVTT parses, and its cues say the clips' words, in order, character for character.
  const vtt = await (await t.app.handle(new Request(out.captions_download_url))).text();
  expect(cueTexts(vtt).join(" ")).toBe(done.clips.map((c: any) => c.text).join(" "));

  // Forced alignment of each clip's sound in the output finds its first and last word at the cut edges.
  for (const [i, s] of clipSegs.entries()) {
    const wav = join(tmp, `clip-${i}.wav`);
    ff([
      "-v",
      "error",
      "-y",
      "-ss",
      (s.start_ms / 1000).toFixed(3),
      "-t",
      (s.duration_ms / 1000).toFixed(3),
      "-i",
      files["16:9"]!,
      "-ac",
      "1",
      "-ar",
      "16000",
      "-c:a",
      "pcm_s16le",
      "-fflags",
      "+bitexact",
      "-flags:a",
      "+bitexact",
      wav,
    ]);
    const aligned = await alignText(wav, done.clips[i].text);
    expect(aligned.alignedWords).toBe(aligned.words.length);
    const first = aligned.words[0]!,
      last = aligned.words.at(-1)!;
    expect(first.start_ms).toBeLessThanOrEqual(s.pad_before_ms! + 100);
    expect(last.end_ms).toBeGreaterThanOrEqual(s.duration_ms - s.pad_after_ms! - 100);
    expect(last.end_ms).toBeLessThanOrEqual(s.duration_ms + 20);
  }

  const poster = await t.app.handle(new Request(out.poster_url));
  expect(poster.headers.get("content-type")).toBe("image/jpeg");
  expect(new Uint8Array(await poster.arrayBuffer()).subarray(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]));
}, 600_000);
