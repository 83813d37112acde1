/**
 * Probing with the real ffprobe/ffmpeg: a MediaRecorder-style WebM (no duration in its header) is measured by
 * reading it, within 5% of the true length; MP4 and audio-only WebM are described correctly; every hostile
 * file is refused with its reason; limits (duration, frame size, file size) hold; the time limit and
 * abort signal stop a child process. Also checks the fixtures for Chromium's fake camera and microphone.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { isMediaError, type MediaError } from "../../src/media/errors";
import { runFfmpeg } from "../../src/media/ffmpeg";
import { probeMedia, TESTIMONIAL_LIMITS } from "../../src/media/probe";
import { ensureMediaFixtures, type MediaFixtures } from "../fixtures/media/make-fixtures";
import { ffprobeJson, realTools } from "../fixtures/media/tools";

const tools = realTools();
let f: MediaFixtures;
beforeAll(() => {
  f = ensureMediaFixtures();
}, 120_000);

async function refusal(path: string, limits = TESTIMONIAL_LIMITS): Promise<{ error: MediaError }> {
  try {
    await probeMedia(tools, path, limits);
  } catch (e) {
    if (!isMediaError(e)) throw e;
    return { error: e };
  }
  throw new Error(`${path} was accepted`);
}

describe("probe", () => {
  test("WebM without a duration in its header is measured within 5%", async () => {
    expect(ffprobeJson(f.webm).format.duration).toBeUndefined();
    const info = await probeMedia(tools, f.webm);
    expect(info.container).toBe("webm");
    expect(info.durationSource).toBe("measured");
    expect(Math.abs(info.duration_ms - f.videoDurationMs) / f.videoDurationMs).toBeLessThan(0.05);
    expect(info.video).toEqual({ codec: "vp8", width: 1280, height: 720, fps: 30, rotation: 0 });
    expect(info.audio?.codec).toBe("opus");
    expect(info.kind).toBe("video");
  });

  test("MP4 and audio-only WebM", async () => {
    const mp4 = await probeMedia(tools, f.mp4);
    expect(mp4.container).toBe("mp4");
    expect(mp4.durationSource).toBe("container");
    expect(mp4.video?.codec).toBe("h264");
    expect(Math.abs(mp4.duration_ms - f.videoDurationMs) / f.videoDurationMs).toBeLessThan(0.05);
    const audio = await probeMedia(tools, f.audioWebm);
    expect(audio.kind).toBe("audio");
    expect(audio.video).toBeNull();
    expect(Math.abs(audio.duration_ms - f.speechDurationMs) / f.speechDurationMs).toBeLessThan(0.05);
  });

  const hostile: [keyof MediaFixtures["hostile"], string, RegExp][] = [
    ["html", "not_media", /web page/],
    ["playlist", "not_media", /playlist/],
    ["empty", "not_media", /empty/],
    ["truncated", "corrupt", /incomplete/],
    ["frame8k", "too_large_frame", /7680×4320/],
    ["claims3h", "corrupt", /claims to last 3:00:00 but holds only 0:03/],
  ];
  for (const [name, reason, message] of hostile) {
    test(`hostile: ${name} is refused (${reason})`, async () => {
      const { error } = await refusal(f.hostile[name]);
      expect(error.reason).toBe(reason as MediaError["reason"]);
      expect(error.message).toMatch(message);
      expect(error.permanent).toBe(true);
    });
  }

  test("the 3-hour file really holds 3 s: its headers lie, ffprobe believes them", () => {
    expect(Number(ffprobeJson(f.hostile.claims3h).format.duration)).toBe(10_800);
  });

  test("limits: too long, too large a file, no sound", async () => {
    expect((await refusal(f.webm, { ...TESTIMONIAL_LIMITS, maxDurationMs: 5000 })).error.reason).toBe("too_long");
    expect((await refusal(f.webm, { ...TESTIMONIAL_LIMITS, maxBytes: 1000 })).error.reason).toBe("too_large_file");
    expect((await refusal(f.webm, { ...TESTIMONIAL_LIMITS, maxSide: 1000 })).error.reason).toBe("too_large_frame");
    expect((await refusal(f.fakeCameraY4m)).error.reason).toBe("not_media");
  });

  test("a child past its time limit is killed, and an abort stops it", async () => {
    // An endless input: the run ends only because the child was killed (a wait for it would time the test out).
    const endless = ["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30", "-f", "null", "-"];
    const timedOut = await runFfmpeg(tools, endless, { timeoutMs: 300 }).catch((e) => e);
    expect(timedOut.reason).toBe("timeout");
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    const aborted = await runFfmpeg(tools, endless, { timeoutMs: 60_000, signal: ac.signal }).catch((e) => e);
    expect(aborted.reason).toBe("aborted");
  });
});

describe("fixtures for Chromium's fake devices", () => {
  test("y4m is 640x360 at 15 fps, 4:2:0; the wav is 16-bit PCM speech", () => {
    const head = readFileSync(f.fakeCameraY4m).subarray(0, 80).toString("latin1");
    expect(head).toMatch(/^YUV4MPEG2 W640 H360 F15:1 /);
    expect(head.split("\n")[0]).toMatch(/C420/);
    const wav = ffprobeJson(f.fakeMicWav).streams[0]!;
    expect(wav.codec_name).toBe("pcm_s16le");
    expect(Math.abs(Number(wav.duration) * 1000 - f.speechDurationMs)).toBeLessThan(50);
  });
});
