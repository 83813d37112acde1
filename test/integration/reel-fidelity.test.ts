/**
 * The reel fidelity check (issue 18), end to end over HTTP against the running server (`dist/plaudit` unless
 * PLAUDIT_TEST_TARGET=source): two people, each an espeak-ng voice of its own on screen (test/helpers/voice-clips.ts),
 * send their recordings through the capture page's resumable upload; the server processes them (real ffmpeg +
 * pocketsphinx); the team corrects each draft transcript to what was said (re-timed by forced alignment), makes a
 * reel of both whole answers in 9:16, 1:1 and 16:9 with the lower third on, renders it, and the test downloads what
 * a marketer would post. Checked independently of the code under test (ffprobe, ffmpeg's ebur128, webvtt-parser):
 * exact sizes, H.264 + AAC sound, each clip's integrated loudness within 1 LU of the processing target, every
 * caption rule of test/helpers/cue-rules.ts per clip (ordered, non-overlapping, readable, inside the clip, text =
 * the clip's words), the captions' whole text = the transcript words used, a poster of its own size per size, and
 * the lower third's brand-coloured name tag at each clip's start. Frames at each clip's start and at one of its cues
 * are kept under /tmp (paths printed) to look at.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error webvtt-parser ships no types
import { WebVTTParser } from "webvtt-parser";
import entities from "webvtt-parser/html-entities.json";
import { ASS_LAYOUT, CUE_DEFAULTS, type Cue } from "../../src/media/captions";
import { LOUDNESS_TARGET } from "../../src/media/loudness";
import { lowerThirdBottom } from "../../src/media/reel/lower-third";
import type { Word } from "../../src/media/speech/types";
import { ffprobeJson, scratch } from "../fixtures/media/tools";
import { brokenCueRules } from "../helpers/cue-rules";
import { startServer, type RunningServer } from "../helpers/server";
import { voiceClip, type VoiceClip } from "../helpers/voice-clips";

type Aspect = "9:16" | "1:1" | "16:9";
const SIZES: Record<Aspect, [number, number]> = { "9:16": [1080, 1920], "1:1": [1080, 1080], "16:9": [1920, 1080] };
const consent = "I agree that my words and recording may be published.";

/** The two people: who they are (for the lower third), their voice, what they say, how they sit on screen. */
const PEOPLE = [
  {
    respondent: { name: "Eileen Collins", title: "Head of Marketing", company: "Brightside Studio" },
    clip: {
      slug: "eileen",
      voice: "en-us",
      motion: "left",
      text: "Brightside Studio rebuilt our website. It took two weeks.",
    },
  },
  {
    respondent: { name: "Sam Rivera", title: "Founder", company: "Northwind Bakery" },
    clip: { slug: "sam", voice: "en-gb+f3", motion: "pan", text: "Our online orders doubled. The team was lovely." },
  },
] as const;

let server: RunningServer;
let key = "";
let brand: { id: string; color: string };
let linkId = "";
const tmp = scratch("reel-fidelity");
const people: { clip: VoiceClip; id: string; words: Word[] }[] = [];

async function api(method: string, path: string, body?: unknown) {
  const r = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

/** Polls `path` until `done(body)`; fails with the last answer after `ms`. */
async function until(path: string, done: (b: any) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const r = await api("GET", path);
    if (r.status === 200 && done(r.body)) return r.body;
    if (Date.now() > deadline) throw new Error(`${path} not done after ${ms} ms: ${JSON.stringify(r.body)}`);
    await Bun.sleep(250);
  }
}

/** A person sends their recording as the capture page does (start, then the tus upload); returns the id. */
async function send(person: (typeof PEOPLE)[number], clip: VoiceClip): Promise<string> {
  const bytes = new Uint8Array(await Bun.file(clip.file).arrayBuffer());
  const start = await api("POST", `/public/links/${linkId}/submissions`, {
    kind: "video",
    respondent: person.respondent,
    consent: { agreed: true, text: consent, version: "2026-11-01" },
    upload: { size: bytes.length, type: "video/mp4" },
  });
  expect(start.status).toBe(201);
  // In chunks of the size the server asks for, as the capture page sends them.
  const size = start.body.upload.chunk_bytes as number;
  for (let from = 0; from < bytes.length; from += size) {
    const put = await fetch(start.body.upload.url, {
      method: "PATCH",
      headers: {
        "tus-resumable": "1.0.0",
        "content-type": "application/offset+octet-stream",
        "upload-offset": String(from),
      },
      body: bytes.subarray(from, from + size),
    });
    if (put.status !== 204) throw new Error(`upload answered ${put.status}: ${await put.text()}`);
  }
  return start.body.submission_id;
}

beforeAll(async () => {
  server = await startServer();
  key = await server.createKey("live");
  brand = (await api("GET", "/v1/brands")).body.data[0];
  const link = await api("POST", `/v1/brands/${brand.id}/links`, {
    title: "Tell us",
    prompts: [{ text: "How was it?" }],
    consent_text: consent,
    consent_version: "2026-11-01",
  });
  expect(link.status).toBe(201);
  linkId = link.body.id;
  const clips = PEOPLE.map((p) => voiceClip(tmp, p.clip));
  const ids = [];
  for (const [i, p] of PEOPLE.entries()) ids.push(await send(p, clips[i]!));
  for (const [i, id] of ids.entries()) {
    const s = await until(`/v1/submissions/${id}`, (b) => b.status !== "processing", 180_000);
    expect(s.status).toBe("ready");
    // The machine's draft, corrected to what was said: the words are re-timed against the recording.
    const fixed = await api("PATCH", `/v1/submissions/${id}/transcript`, { text: clips[i]!.text });
    expect(fixed.status).toBe(200);
    const words = fixed.body.words as Word[];
    expect(words.map((w) => w.text)).toEqual(clips[i]!.text.split(" "));
    words.forEach((w, k) => {
      expect(w.end_ms).toBeGreaterThan(w.start_ms);
      if (k) expect(w.start_ms).toBeGreaterThanOrEqual(words[k - 1]!.end_ms);
    });
    people.push({ clip: clips[i]!, id, words });
  }
}, 300_000);

afterAll(async () => {
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

function ffmpeg(args: string[], stdout: "pipe" | "ignore" = "ignore") {
  const r = Bun.spawnSync(["ffmpeg", "-hide_banner", "-nostdin", ...args], { stdout, stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(r.stderr.toString().slice(-800));
  return r;
}
const sec = (ms: number) => (ms / 1000).toFixed(3);

/** Integrated loudness (LUFS) of a stretch of a file, by ffmpeg's ebur128 filter (the sound alone: `-vn`). */
function loudness(file: string, fromMs: number, ms: number): number {
  const args = ["-ss", sec(fromMs), "-t", sec(ms), "-i", file, "-vn", "-af", "ebur128", "-f", "null", "-"];
  const err = ffmpeg(args).stderr;
  const text = err.toString();
  return Number(/I:\s*(-?[\d.]+) LUFS/.exec(text.slice(text.lastIndexOf("Summary:")))![1]);
}

/** One frame saved as a PNG (kept, to look at). */
function savePng(file: string, atMs: number, png: string) {
  ffmpeg(["-v", "error", "-y", "-ss", sec(atMs), "-i", file, "-frames:v", "1", png]);
}

/**
 * One frame saved as a PNG (kept, to look at), and the RGB pixels of a region of it: the frame is decoded once,
 * then written as the PNG and, cropped, as raw pixels (the same pixels the PNG holds: PNG is lossless).
 */
function frame(file: string, atMs: number, png: string, region: { x: number; y: number; w: number; h: number }) {
  const c = `crop=${region.w}:${region.h}:${region.x}:${region.y}`;
  const r = ffmpeg(
    [
      ...["-v", "error", "-y", "-ss", sec(atMs), "-i", file, "-frames:v", "1"],
      ...["-filter_complex", `[0:v]format=rgb24,split[png][raw];[raw]${c}[crop]`],
      ...["-map", "[png]", png, "-map", "[crop]", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
    ],
    "pipe",
  );
  return new Uint8Array(r.stdout!);
}

/** Share of pixels within a small distance of `hex`. */
function share(px: Uint8Array, hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  let n = 0;
  for (let i = 0; i < px.length; i += 3)
    if (Math.abs(px[i]! - r) + Math.abs(px[i + 1]! - g) + Math.abs(px[i + 2]! - b) < 60) n++;
  return n / (px.length / 3);
}

/** The WebVTT cues (times and text lines), through webvtt-parser. */
function parseVtt(vtt: string): { start_ms: number; end_ms: number; lines: string[] }[] {
  const parsed = new WebVTTParser(entities).parse(vtt, "metadata");
  expect(parsed.errors).toEqual([]);
  const flat = (nodes: { type: string; value?: string; children?: unknown[] }[]): string =>
    nodes.map((n) => (n.type === "text" ? n.value! : flat((n.children ?? []) as never))).join("");
  return parsed.cues.map((c: { startTime: number; endTime: number; tree: { children: never[] } }) => ({
    start_ms: Math.round(c.startTime * 1000),
    end_ms: Math.round(c.endTime * 1000),
    lines: flat(c.tree.children).split("\n"),
  }));
}

test("two recorded people become a reel in 9:16, 1:1 and 16:9 that a brand could post as it is", async () => {
  const started = performance.now();
  const create = await api("POST", "/v1/reels", {
    brand_id: brand.id,
    submission_ids: people.map((p) => p.id),
    mode: "manual",
    title: "Fidelity check",
    config: {
      aspect_ratios: ["9:16", "1:1", "16:9"],
      caption_style: "boxed",
      lower_third: true,
      intro: null,
      outro: null,
      music: null,
    },
  });
  expect(create.status).toBe(201);
  const reelId = create.body.id as string;
  // Each person's whole answer: from their first word's start to their last word's end.
  const spans = people.map((p) => ({
    submission_id: p.id,
    start_ms: p.words[0]!.start_ms,
    end_ms: p.words.at(-1)!.end_ms,
  }));
  const put = await api("PUT", `/v1/reels/${reelId}/clips`, { clips: spans });
  expect(put.status).toBe(200);
  expect(put.body.clips.map((c: { text: string }) => c.text)).toEqual(people.map((p) => p.clip.text));
  expect((await api("POST", `/v1/reels/${reelId}/render`)).status).toBe(202);
  const done = await until(`/v1/reels/${reelId}`, (b) => ["succeeded", "failed"].includes(b.render?.status), 420_000);
  expect(done.render).toMatchObject({ status: "succeeded", error_message: null });
  console.log(`reel rendered ${Math.round(performance.now() - started)} ms after it was created`);
  const out = done.output;
  const segs = out.segments as { kind: string; start_ms: number; duration_ms: number; pad_before_ms: number }[];
  expect(segs.map((s) => s.kind)).toEqual(["clip", "clip"]);
  const total = segs.reduce((n, s) => n + s.duration_ms, 0);

  // Captions: the WebVTT parses; per clip, the cues keep every rule against the clip's words on the reel's
  // timeline; all cues together say the transcript words used, in order.
  const vtt = parseVtt(await (await fetch(out.captions_download_url)).text());
  const clipWords = segs.map((s, i) => {
    const shift = s.start_ms + s.pad_before_ms - spans[i]!.start_ms;
    return people[i]!.words.map((w) => ({ ...w, start_ms: w.start_ms + shift, end_ms: w.end_ms + shift }));
  });
  const cuesOf: Cue[][] = segs.map((s, i) => {
    const mine = vtt.filter((c) => c.start_ms >= s.start_ms && c.start_ms < s.start_ms + s.duration_ms);
    let k = 0;
    return mine.map((c) => {
      const n = c.lines.join(" ").split(" ").length;
      const words = clipWords[i]!.slice(k, (k += n));
      return { ...c, words };
    });
  });
  expect(cuesOf.flat().length).toBe(vtt.length);
  segs.forEach((s, i) => {
    // Two sentences each: at least two cues per clip, so order and overlap between cues are checked too.
    expect(cuesOf[i]!.length).toBeGreaterThanOrEqual(2);
    expect(
      brokenCueRules(cuesOf[i]!, {
        words: clipWords[i]!,
        readableMs: CUE_DEFAULTS.readableMs,
        fromMs: s.start_ms,
        untilMs: s.start_ms + s.duration_ms,
      }),
    ).toEqual([]);
  });
  expect(vtt.map((c) => c.lines.join(" ")).join(" ")).toBe(people.flatMap((p) => p.words.map((w) => w.text)).join(" "));

  // Kept after the run, to look at.
  const frames = mkdtempSync(join(tmpdir(), "plaudit-reel-frames-"));
  const seen: string[] = [];
  const posters = new Set<string>();
  for (const v of out.variants as { aspect_ratio: Aspect; url: string; poster_url: string }[]) {
    const slug = v.aspect_ratio.replace(":", "x");
    const file = join(tmp, `reel-${slug}.mp4`);
    await Bun.write(file, await (await fetch(v.url)).arrayBuffer());
    const probe = ffprobeJson(file);
    const video = probe.streams.find((s) => s.codec_type === "video")!;
    const audio = probe.streams.find((s) => s.codec_type === "audio");
    expect([video.width, video.height]).toEqual(SIZES[v.aspect_ratio]);
    expect(video.codec_name).toBe("h264");
    expect(audio?.codec_name).toBe("aac");
    expect(Math.abs(Number(probe.format.duration) * 1000 - total)).toBeLessThanOrEqual(100);

    // Each clip's integrated loudness within 1 LU of the target.
    const levels = segs.map((s) => loudness(file, s.start_ms, s.duration_ms));
    console.log(`${v.aspect_ratio}: clips at ${levels.join(", ")} LUFS (target ${LOUDNESS_TARGET.I})`);
    for (const l of levels) expect(Math.abs(l - LOUDNESS_TARGET.I)).toBeLessThanOrEqual(1);

    // Its own poster: a JPEG of its own size.
    const poster = join(tmp, `poster-${slug}.jpg`);
    await Bun.write(poster, await (await fetch(v.poster_url)).arrayBuffer());
    const p = ffprobeJson(poster).streams[0]!;
    expect([p.codec_name, p.width, p.height]).toEqual(["mjpeg", ...SIZES[v.aspect_ratio]]);
    posters.add(new URL(v.poster_url).pathname);

    // Frames: 1 s into each clip (the lower third has slid in; its name tag is the brand's colour) and the middle
    // of the clip's last cue (a caption on screen).
    const L = ASS_LAYOUT[v.aspect_ratio];
    const band = Math.round(L.size * 2.4);
    const tag = { x: L.marginH, y: lowerThirdBottom(v.aspect_ratio) - band, w: 300, h: band };
    for (const [i, s] of segs.entries()) {
      const at = join(frames, `${slug}-clip${i + 1}-start.png`);
      expect(share(frame(file, s.start_ms + 1000, at, tag), brand.color)).toBeGreaterThan(0.15);
      const cue = cuesOf[i]!.at(-1)!;
      const cueAt = join(frames, `${slug}-clip${i + 1}-cue.png`);
      savePng(file, (cue.start_ms + cue.end_ms) / 2, cueAt);
      seen.push(at, `${cueAt} ("${cue.lines.join(" ")}")`);
    }
  }
  expect(posters.size).toBe(3);
  console.log(`frames to look at:\n  ${seen.join("\n  ")}`);
}, 600_000);
