/**
 * Processing for real: a MediaRecorder-style WebM sent through the resumable upload becomes a ready testimonial
 * with an H.264 video, a poster, its duration and a timed transcript (real ffmpeg + pocketsphinx); a transcript
 * correction is re-timed by forced alignment; hostile files fail with a reason and never go public; a worker killed
 * with -9 mid-processing loses nothing and the events are emitted once.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { ensureMediaFixtures, type MediaFixtures } from "../fixtures/media/make-fixtures";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { listEvents } from "../../src/platform/events/emit";
import { buildRegistry } from "../../src/composition";

let t: TestApp;
let a: TestOrg;
let fx: MediaFixtures;
let linkId: string;
const registry = buildRegistry();
const consent = "I agree to publication.";

beforeAll(async () => {
  fx = ensureMediaFixtures();
  t = await makeTestApp();
  a = await t.org();
  const brand = (await t.call("GET", "/v1/brands", { auth: a.testKey })).body.data[0].id;
  linkId = (
    await t.call("POST", `/v1/brands/${brand}/links`, {
      auth: a.testKey,
      body: { title: "T", prompts: [{ text: "Q" }], consent_text: consent, consent_version: "v1" },
    })
  ).body.id;
}, 120_000);
afterAll(() => t.close());

/** Sends a file through the capture route and the tus upload in two chunks; returns the submission id. */
/** What the last refused PATCH of `send` answered (a file refused at its first bytes), else null. */
let refusal: { status: number; body: any } | null = null;

async function send(file: string, kind: "video" | "audio", type: string): Promise<string> {
  refusal = null;
  const bytes = new Uint8Array(readFileSync(file));
  const start = await t.call("POST", `/public/links/${linkId}/submissions`, {
    body: {
      kind,
      respondent: { name: "Sam Speaker" },
      consent: { agreed: true, text: consent, version: "v1" },
      upload: { size: bytes.length, type },
    },
  });
  expect(start.status).toBe(201);
  const half = Math.max(5000, Math.floor(bytes.length / 2));
  for (const [from, to] of [
    [0, half],
    [half, bytes.length],
  ] as const) {
    if (from >= to) continue;
    const r = await t.app.handle(
      new Request(start.body.upload.url, {
        method: "PATCH",
        headers: {
          "tus-resumable": "1.0.0",
          "content-type": "application/offset+octet-stream",
          "upload-offset": String(from),
        },
        body: bytes.subarray(from, to) as BodyInit,
      }),
    );
    if (r.status !== 204) {
      refusal = { status: r.status, body: await r.json().catch(() => null) };
      return start.body.submission_id;
    }
  }
  return start.body.submission_id;
}

const detail = async (id: string) => (await t.call("GET", `/v1/submissions/${id}`, { auth: a.testKey })).body;

describe("a recorded video", () => {
  let id: string;
  test("becomes ready with video, poster, duration and a timed transcript", async () => {
    id = await send(fx.webm, "video", "video/webm");
    expect((await detail(id)).status).toBe("processing");
    await runDueJobs(t.deps, registry);
    const s = await detail(id);
    expect(s.status).toBe("ready");
    expect(Math.abs(s.duration_ms - fx.videoDurationMs) / fx.videoDurationMs).toBeLessThan(0.05);
    expect(Object.keys(s.media).sort()).toEqual(["captions", "full", "original", "poster", "thumbnail", "video"]);
    expect(s.text_source).toBe("spoken");
    const words = s.transcript.words as { start_ms: number; end_ms: number }[];
    expect(words.length).toBeGreaterThan(5);
    for (const w of words) {
      expect(w.end_ms).toBeGreaterThan(w.start_ms);
      expect(w.end_ms).toBeLessThanOrEqual(s.duration_ms + 100);
    }
    const poster = await t.app.handle(new Request(s.media.poster.url));
    expect(poster.headers.get("content-type")).toBe("image/jpeg");
    const probe = Bun.spawnSync([
      "ffprobe",
      "-v",
      "error",
      "-show_entries",
      "stream=codec_name",
      "-of",
      "csv=p=0",
      join(t.dir, "media", "submissions", id, "video.mp4"),
    ]);
    expect(probe.stdout.toString().split("\n").filter(Boolean).sort()).toEqual(["aac", "h264"]);
    const types = listEvents(t.deps.db, a.id, "test", { limit: 50 })
      .filter((e) => (e.data as any).id === id)
      .map((e) => e.type)
      .sort();
    expect(types).toEqual(["submission.created", "submission.ready"]);
  }, 180_000);

  test("a corrected transcript keeps the words exactly and re-times them; the original is kept", async () => {
    const r = await t.call("PATCH", `/v1/submissions/${id}/transcript`, {
      auth: a.testKey,
      body: { text: fx.speechText },
    });
    expect(r.status).toBe(200);
    expect(r.body.text).toBe(fx.speechText.split(/\s+/).join(" "));
    expect(r.body.edited).toBe(true);
    expect(r.body.original_words.length).toBeGreaterThan(0);
    const first = r.body.words[0];
    const known = fx.speechWords[0]!;
    // The video fixture's speech starts where the WAV's does.
    expect(Math.abs(first.start_ms - known.start_ms)).toBeLessThan(250);
    const s = await detail(id);
    expect(s.original_text).not.toBe(s.text_input);
  }, 120_000);
});

describe("an audio answer", () => {
  test("becomes a ready M4A with a transcript", async () => {
    const id = await send(fx.audioWebm, "audio", "audio/webm");
    await runDueJobs(t.deps, registry);
    const s = await detail(id);
    expect(s.status).toBe("ready");
    expect(Object.keys(s.media)).toContain("audio");
    expect(s.transcript.words.length).toBeGreaterThan(3);
  }, 180_000);
});

describe("hostile uploads", () => {
  const cases: [keyof MediaFixtures["hostile"], string][] = [
    ["html", "video/mp4"],
    ["playlist", "video/mp4"],
    ["truncated", "video/webm"],
    ["frame8k", "video/mp4"],
    ["claims3h", "video/mp4"],
  ];
  for (const [name, type] of cases) {
    test(`${name}: refused or failed with a reason, nothing public, server healthy`, async () => {
      const id = await send(fx.hostile[name], "video", type);
      await runDueJobs(t.deps, registry);
      const read = await t.call("GET", `/v1/submissions/${id}`, { auth: a.testKey });
      if (refusal) {
        // Refused at its first bytes (not a recording at all): the upload is answered with a reason, and the row
        // goes as an abandoned upload's does, so nothing is left to publish.
        expect(refusal.status).toBeGreaterThanOrEqual(400);
        expect(refusal.status).toBeLessThan(500);
        expect(refusal.body.error.message.length).toBeGreaterThan(10);
        expect(read.status).toBe(404);
        expect((await t.app.handle(new Request(`${t.base}/healthz`))).status).toBe(200);
        return;
      }
      const s = read.body;
      expect(s.status).toBe("failed");
      expect(s.failure_reason).toMatch(/^[a-z_]+: .{10,}/);
      expect(s.public_media).toBeNull();
      expect((await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.testKey })).status).toBe(200);
      // A failed recording cannot be made public (issue 29).
      const pub = await t.call("POST", `/v1/submissions/${id}/visibility`, {
        auth: a.testKey,
        body: { is_public: true },
      });
      expect([pub.status, pub.body.error?.code]).toEqual([409, "not_publishable"]);
      await runDueJobs(t.deps, registry);
      expect((await detail(id)).public_media).toBeNull();
      expect((await t.app.handle(new Request(`${t.base}/healthz`))).status).toBe(200);
    }, 60_000);
  }
});
