/**
 * Transcoding, posters and speech audio with the real ffmpeg and sharp: the WebM becomes H.264/AAC MP4 that
 * decodes without an error (1280×720, yuv420p, faststart, metadata dropped), audio becomes AAC M4A; both land
 * within ±1 LU of -16 LUFS by an independent ebur128 measurement, with loudnorm kept linear; progress rises to 1;
 * an abort leaves no partial file. The poster is a 1280×720 JPEG with a 320 px WebP thumbnail. The filter graphs
 * also run on the static ffmpeg 4.1 from @ffmpeg-installer (when installed).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { extractSpeechWav } from "../../src/media/audio";
import { integratedLoudness } from "../../src/media/loudness";
import { makePoster } from "../../src/media/poster";
import { createImages } from "../../src/media/images";
import { probeMedia, type MediaInfo } from "../../src/media/probe";
import { encodeArgs, transcode, type TranscodeResult } from "../../src/media/transcode";
import { ensureMediaFixtures, type MediaFixtures } from "../fixtures/media/make-fixtures";
import { ffprobeJson, npmFfmpeg, realTools, scratch } from "../fixtures/media/tools";

const tools = realTools();
let f: MediaFixtures;
let info: MediaInfo;
let video: TranscodeResult;
const progress: number[] = [];
const out = scratch("transcode");

beforeAll(async () => {
  f = ensureMediaFixtures();
  info = await probeMedia(tools, f.webm);
  video = await transcode(tools, f.webm, info, { outDir: out, onProgress: (p) => progress.push(p) });
}, 120_000);

function decodesCleanly(path: string): string {
  const r = Bun.spawnSync([
    "ffmpeg",
    "-hide_banner",
    "-nostdin",
    "-v",
    "error",
    "-xerror",
    "-i",
    path,
    "-f",
    "null",
    "-",
  ]);
  expect(r.exitCode).toBe(0);
  return r.stderr.toString();
}

describe("video → MP4", () => {
  test("H.264 high / yuv420p / 1280×720 + AAC 48 kHz, in a temp file beside the output", () => {
    expect(video.path.startsWith(out)).toBe(true);
    expect(video.path).toMatch(/\.part\.mp4$/);
    const p = ffprobeJson(video.path);
    const v = p.streams.find((s) => s.codec_type === "video")!;
    const a = p.streams.find((s) => s.codec_type === "audio")!;
    expect([v.codec_name, v.profile, v.pix_fmt, v.width, v.height]).toEqual(["h264", "High", "yuv420p", 1280, 720]);
    expect([a.codec_name, a.sample_rate]).toEqual(["aac", "48000"]);
    expect(Math.abs(Number(p.format.duration) * 1000 - f.videoDurationMs) / f.videoDurationMs).toBeLessThan(0.05);
    // Phones put GPS positions and device names in metadata: none is copied.
    expect(encodeArgs(info, null, "x.mp4").join(" ")).toContain("-map_metadata -1 -map_chapters -1");
  });

  test("plays: every frame decodes without an error", () => {
    expect(decodesCleanly(video.path)).toBe("");
  });

  test("faststart: the moov box comes before mdat", () => {
    const head = readFileSync(video.path)
      .subarray(0, 64 * 1024)
      .toString("latin1");
    expect(head.indexOf("moov")).toBeGreaterThan(0);
    expect(head.indexOf("moov")).toBeLessThan(head.indexOf("mdat") === -1 ? Infinity : head.indexOf("mdat"));
  });

  test("loudness within ±1 LU of -16 LUFS (ebur128), loudnorm stayed linear", async () => {
    expect(video.normalisation).toBe("linear");
    expect(video.loudness!.raw.input_i).toBeLessThan(-25);
    const lufs = await integratedLoudness(tools, video.path);
    expect(Math.abs(lufs - -16)).toBeLessThanOrEqual(1);
  });

  test("progress rises to 1 and never goes back", () => {
    expect(progress.length).toBeGreaterThan(3);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThanOrEqual(progress[i - 1]! - 1e-9);
    expect(progress.at(-1)).toBe(1);
  });
});

describe("audio → M4A", () => {
  test("AAC in MP4, at -16 LUFS", async () => {
    const audioInfo = await probeMedia(tools, f.audioWebm);
    const r = await transcode(tools, f.audioWebm, audioInfo, { outDir: out });
    expect(r.ext).toBe("m4a");
    const p = ffprobeJson(r.path);
    expect(p.streams.map((s) => s.codec_name)).toEqual(["aac"]);
    expect(p.format.format_name).toContain("mp4");
    expect(r.normalisation).toBe("linear");
    expect(Math.abs((await integratedLoudness(tools, r.path)) - -16)).toBeLessThanOrEqual(1);
  });
});

test("an abort stops the transcode and leaves no partial file", async () => {
  const dir = scratch("abort");
  const ac = new AbortController();
  const err = await transcode(tools, f.webm, info, {
    outDir: dir,
    signal: ac.signal,
    onProgress: (p) => p > 0.02 && ac.abort(),
  }).catch((e) => e);
  expect(err.reason).toBe("aborted");
  expect(readdirSync(dir)).toEqual([]);
});

describe("poster", () => {
  const images = createImages({ dataDir: out });
  test("JPEG 1280×720 and a 320×180 WebP thumbnail", async () => {
    const p = await makePoster(tools, images, f.webm, info, { outDir: out });
    const sharp = (await import("sharp")).default;
    const jpg = await sharp(p.posterPath).metadata();
    const webp = await sharp(p.thumbPath).metadata();
    expect([jpg.format, jpg.width, jpg.height]).toEqual(["jpeg", 1280, 720]);
    expect([webp.format, webp.width, webp.height]).toEqual(["webp", 320, 180]);
    expect([p.width, p.height, p.thumbWidth, p.thumbHeight]).toEqual([1280, 720, 320, 180]);
    expect(readdirSync(out).some((n) => n.endsWith(".png"))).toBe(false);
  });

  test("a clip shorter than the poster time still gets a poster", async () => {
    const p = await makePoster(tools, images, f.webm, { duration_ms: 500 }, { outDir: out });
    expect(statSync(p.posterPath).size).toBeGreaterThan(1000);
  });
});

test("speech audio: 16 kHz mono 16-bit WAV with a plain 44-byte header", async () => {
  const wav = await extractSpeechWav(tools, f.webm, { outPath: join(out, "speech.wav") });
  const b = readFileSync(wav);
  const v = new DataView(b.buffer, b.byteOffset);
  expect(b.toString("latin1", 36, 40)).toBe("data");
  expect([v.getUint16(22, true), v.getUint32(24, true), v.getUint16(34, true)]).toEqual([1, 16000, 16]);
  expect(Math.abs((b.length - 44) / 32 - f.videoDurationMs)).toBeLessThan(100);
});

const old = npmFfmpeg();
test.skipIf(!old)(
  `filter graphs run on the static ffmpeg 4.1 from @ffmpeg-installer${old ? "" : " (skipped: package not installed)"}`,
  async () => {
    const legacy = { ...tools, ffmpeg: old! };
    const audioInfo = await probeMedia(legacy, f.audioWebm);
    const r = await transcode(legacy, f.audioWebm, audioInfo, { outDir: out });
    expect(r.normalisation).toBe("linear");
    expect(Math.abs((await integratedLoudness(tools, r.path)) - -16)).toBeLessThanOrEqual(1);
    expect((await probeMedia(legacy, f.hostile.truncated).catch((e) => e)).reason).toBe("corrupt");
  },
);
