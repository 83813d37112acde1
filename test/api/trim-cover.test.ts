/**
 * Trim and cover through the API (issue 26), on a real H.264 recording with known words: bad input is a 400 in the
 * error shape, other recordings and states a 409, keys without write scope a 403, another organisation a 404; the
 * trim snaps to words; the job makes a trimmed copy of the trimmed length and a poster from the cover frame; public
 * places show the trimmed copy, its length and the words inside the trim shifted to zero; reels refuse clips outside
 * the trim; undo goes back to the full recording.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";
import { storeRealRecording } from "../helpers/real-recording";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import { submissions, transcripts, listShown, presentShown } from "../../src/domains/submissions";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let linkId: string;
let brandId: string;
const registry = buildRegistry();
const media = ensureMediaFixtures();
const W = media.speechWords;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ plan: "core" });
  b = await t.org({ plan: "core" });
  const link = await makeLink(t, a.liveKey);
  linkId = link.id;
  brandId = link.brandId;
});
afterAll(() => t.close());

/** A processed video testimonial with the fixture's recording and words. */
async function realVideo(): Promise<string> {
  const r = await t.call("POST", `/public/links/${linkId}/submissions`, {
    body: {
      kind: "video",
      respondent: { name: "Vera Video" },
      consent: { agreed: true, text: "I agree that my words and recording may be published.", version: "2026-11-01" },
      upload: { size: 100, type: "video/mp4" },
    },
  });
  const id = r.body.submission_id as string;
  await storeRealRecording(t.deps, id);
  return id;
}

const edit = (id: string, body: unknown, auth = a.liveKey) =>
  t.call("PUT", `/v1/submissions/${id}/edit`, { auth, body });
const row = (id: string) => t.deps.db.select().from(submissions).where(eq(submissions.id, id)).get()!;

/** ffprobe's duration of a file, in milliseconds. */
function probeMs(file: string): number {
  const p = Bun.spawnSync(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]);
  return Math.round(Number(p.stdout.toString().trim()) * 1000);
}

describe("trim and cover", () => {
  let id = "";
  beforeAll(async () => {
    id = await realVideo();
  });

  test("bad input is a 400 in the error shape, never a 500", async () => {
    const cases: [unknown, string][] = [
      [{ trim: { start_ms: 5000, end_ms: 4000 } }, "trim"],
      [{ trim: { start_ms: -1, end_ms: 4000 } }, "trim"],
      [{ trim: { start_ms: 0, end_ms: media.videoDurationMs + 1 } }, "trim"],
      [{ trim: { start_ms: 2000, end_ms: 2500 } }, "trim"],
      // Snapped to whole words ("team" … nothing ends before 2.3 s but "team"), too short.
      [{ trim: { start_ms: W[2]!.start_ms, end_ms: W[3]!.end_ms - 300 } }, "trim"],
      [{ trim: { start_ms: 4000, end_ms: 8000 }, cover_ms: 9000 }, "cover_ms"],
      [{ trim: null, cover_ms: media.videoDurationMs + 5 }, "cover_ms"],
    ];
    for (const [body, field] of cases) {
      const r = await edit(id, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe("validation_failed");
      expect(r.body.error.details.field).toBe(field);
      expect(r.body.error.request_id).toBeString();
    }
    for (const body of [
      {},
      { trim: "all" },
      { trim: { start_ms: 1.5, end_ms: 4000 } },
      { trim: null, extra: 1 },
      null,
    ]) {
      const r = await edit(id, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBeString();
    }
    expect(row(id).mediaEdit).toBeNull();
  });

  test("permissions: a read-only key 403, another organisation 404, a written testimonial 409", async () => {
    const readOnly = a.key("live", ["submissions:read"]);
    expect((await edit(id, { trim: null, cover_ms: 2000 }, readOnly)).status).toBe(403);
    expect((await edit(id, { trim: null, cover_ms: 2000 }, b.liveKey)).status).toBe(404);
    expect((await t.call("GET", `/v1/submissions/${id}/filmstrip`, { auth: b.liveKey })).status).toBe(404);
    expect((await edit(id, { trim: null, cover_ms: 2000 }, a.testKey)).status).toBe(404);
    const written = await writeTestimonial(t, linkId, "A written testimonial that has no recording at all.");
    const r = await edit(written, { trim: { start_ms: 0, end_ms: 2000 } });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe("not_a_recording");
    expect((await t.call("GET", `/v1/submissions/${written}/filmstrip`, { auth: a.liveKey })).status).toBe(409);
    expect((await t.call("GET", `/v1/submissions/${id}/filmstrip/12`, { auth: a.liveKey })).status).toBe(400);
  });

  test("the filmstrip: 12 evenly spaced JPEG frames, made once", async () => {
    const r = await t.call("GET", `/v1/submissions/${id}/filmstrip`, { auth: a.liveKey });
    expect(r.status).toBe(200);
    expect(r.body.frames).toHaveLength(12);
    expect(r.body.duration_ms).toBe(media.videoDurationMs);
    const times = r.body.frames.map((f: { time_ms: number }) => f.time_ms);
    expect(times[0]).toBeGreaterThan(0);
    expect(times[11]).toBeLessThan(media.videoDurationMs);
    const img = await t.call("GET", `/v1/submissions/${id}/filmstrip/3`, { auth: a.liveKey });
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/jpeg");
    const again = await t.call("GET", `/v1/submissions/${id}/filmstrip`, { auth: a.liveKey });
    expect(again.body.frames).toEqual(r.body.frames);
  }, 60_000);

  test("snapped to words, made by a job with progress; public places use the trimmed copy and its words", async () => {
    await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey, body: { publish: true } });
    await runDueJobs(t.deps, registry);
    expect(row(id).publicMedia?.files.video).toBeString();
    // Asked 100 ms after "the" starts: within the tolerance, "the" is kept whole.
    const near = await edit(id, { trim: { start_ms: W[1]!.start_ms + 100, end_ms: W[13]!.end_ms } });
    expect(near.body.edit.trim).toEqual({ start_ms: W[1]!.start_ms, end_ms: W[13]!.end_ms });
    // Asked well inside "the" (1078) and a little after "week!" ends (9132): snapped to "team" and "week!".
    const r = await edit(id, { trim: { start_ms: W[1]!.start_ms + 300, end_ms: W[13]!.end_ms + 120 }, cover_ms: 6000 });
    expect(r.status).toBe(202);
    expect(r.body.edit).toMatchObject({
      trim: { start_ms: W[2]!.start_ms, end_ms: W[13]!.end_ms },
      cover_ms: 6000,
      state: "processing",
      progress: 0,
      applied_trim: null,
    });
    const published = row(id).publicMedia!;
    await runDueJobs(t.deps, registry);
    await runDueJobs(t.deps, registry);
    const detail = await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey });
    expect(detail.body.edit).toMatchObject({ state: "ready", progress: 100, applied_cover_ms: 6000 });
    const length = W[13]!.end_ms - W[2]!.start_ms;
    expect(Math.abs(detail.body.edit.duration_ms - length)).toBeLessThanOrEqual(80);
    // The original and processed files are untouched; the public copies were made again from the trimmed one.
    const after = row(id);
    expect(after.videoKey).toBe(`submissions/${id}/video.mp4`);
    expect(after.publicMedia!.dir).not.toBe(published.dir);
    expect(after.publicMedia!.trim).toEqual({ start_ms: W[2]!.start_ms, end_ms: W[13]!.end_ms });
    const file = `${t.dir}/public/${after.publicMedia!.files.video}`;
    expect(Math.abs(probeMs(file) - length)).toBeLessThanOrEqual(80);
    expect(probeMs(`${t.dir}/media/${after.videoKey}`)).toBeGreaterThan(13_000);
    const [item] = presentShown(t.deps.db, t.deps.config.cdnUrl, listShown(t.deps.db, { brandId }));
    expect(item!.duration_ms).toBe(after.publicMedia!.durationMs!);
    expect(item!.text).toBe("team made everything simple. Our customers noticed the difference within a week!");
    expect(item!.captions![0]!.start_ms).toBe(0);
    const vtt = await Bun.file(`${t.dir}/public/${after.publicMedia!.files.captions}`).text();
    expect(vtt).not.toContain("Honestly");
    expect(vtt).toContain("00:00:00.000 --> ");
    // The media route plays the trimmed copy; `full` stays the whole recording for the editor.
    const v = await t.call("GET", `/v1/submissions/${id}/media/video`, { auth: a.liveKey });
    const full = await t.call("GET", `/v1/submissions/${id}/media/full`, { auth: a.liveKey });
    expect(v.status).toBe(200);
    expect(full.status).toBe(200);
    expect(v.body.url).not.toBe(full.body.url);
  }, 120_000);

  test("reels clip within the trimmed part: a clip outside it is refused", async () => {
    const reel = await t.call("POST", "/v1/reels", {
      auth: a.liveKey,
      body: { brand_id: brandId, submission_ids: [id], mode: "manual" },
    });
    expect(reel.status).toBe(201);
    const outside = await t.call("PUT", `/v1/reels/${reel.body.id}/clips`, {
      auth: a.liveKey,
      body: { clips: [{ submission_id: id, start_ms: W[0]!.start_ms, end_ms: W[5]!.end_ms }] },
    });
    expect(outside.status).toBe(422);
    expect(outside.body.error.code).toBe("clip_outside_trim");
    const inside = await t.call("PUT", `/v1/reels/${reel.body.id}/clips`, {
      auth: a.liveKey,
      body: { clips: [{ submission_id: id, start_ms: W[2]!.start_ms, end_ms: W[5]!.end_ms }] },
    });
    expect(inside.status).toBe(200);
  });

  test("undo: trim null goes back to the full recording and its own poster", async () => {
    const r = await edit(id, { trim: null });
    expect(r.status).toBe(202);
    expect(r.body.edit).toBeNull();
    await runDueJobs(t.deps, registry);
    const after = row(id);
    expect(after.mediaEdit).toBeNull();
    expect(after.publicMedia!.trim ?? null).toBeNull();
    const whole = probeMs(`${t.dir}/media/${after.videoKey}`);
    expect(Math.abs(probeMs(`${t.dir}/public/${after.publicMedia!.files.video}`) - whole)).toBeLessThan(10);
    const [item] = presentShown(t.deps.db, t.deps.config.cdnUrl, listShown(t.deps.db, { brandId }));
    expect(item!.duration_ms).toBe(media.videoDurationMs);
    expect(item!.text).toStartWith("Honestly");
  }, 60_000);
});

describe("a recording the copies cannot be made from", () => {
  test("the edit fails with a reason in words, and the detail still answers", async () => {
    const id = await realVideo();
    await t.deps.storage.write("media", `submissions/${id}/video.mp4`, "not a video at all");
    expect((await edit(id, { trim: { start_ms: 2000, end_ms: 6000 } })).status).toBe(202);
    await runDueJobs(t.deps, registry);
    const d = await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey });
    expect(d.status).toBe(200);
    expect(d.body.edit).toMatchObject({ state: "failed", progress: 0, applied_trim: null });
    expect(d.body.edit.error).toBeString();
    expect(d.body.edit.error).not.toContain("ffmpeg version");
  }, 60_000);
});

describe("an audio testimonial", () => {
  test("a cover frame is refused", async () => {
    const id = await realVideo();
    t.deps.db.update(submissions).set({ kind: "audio" }).where(eq(submissions.id, id)).run();
    const r = await edit(id, { trim: { start_ms: 0, end_ms: 5000 }, cover_ms: 1000 });
    expect(r.status).toBe(400);
    expect(r.body.error.details.field).toBe("cover_ms");
  });

  test("trimmed before it is published: its first public copy is the trimmed sound, without a transcript as asked", async () => {
    const id = await realVideo();
    const m4a = `${t.dir}/tmp-audio.m4a`;
    const made = Bun.spawnSync(["ffmpeg", "-v", "error", "-y", "-i", media.mp4, "-vn", "-c:a", "aac", m4a]);
    expect(made.success).toBe(true);
    await t.deps.storage.write("media", `submissions/${id}/audio.m4a`, Bun.file(m4a));
    t.deps.db
      .update(submissions)
      .set({ kind: "audio", audioKey: `submissions/${id}/audio.m4a`, videoKey: null, posterKey: null, thumbKey: null })
      .where(eq(submissions.id, id))
      .run();
    // Without words to snap to, the times stay as asked.
    t.deps.db.delete(transcripts).where(eq(transcripts.submissionId, id)).run();
    const r = await edit(id, { trim: { start_ms: 2000, end_ms: 6500 } });
    expect(r.status).toBe(202);
    expect(r.body.edit.trim).toEqual({ start_ms: 2000, end_ms: 6500 });
    await runDueJobs(t.deps, registry);
    const done = row(id).mediaEdit!;
    expect(done.state).toBe("ready");
    expect(done.applied!.files.audio).toBeString();
    expect(done.applied!.files.poster).toBeUndefined();
    await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey, body: { publish: true } });
    await runDueJobs(t.deps, registry);
    const published = row(id).publicMedia!;
    expect(published.trim).toEqual({ start_ms: 2000, end_ms: 6500 });
    expect(Math.abs(probeMs(`${t.dir}/public/${published.files.audio}`) - 4500)).toBeLessThanOrEqual(60);
  }, 60_000);
});
