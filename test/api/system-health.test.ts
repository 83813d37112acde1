/**
 * `GET /v1/system/health`: the media self-test's last result for owners and admins (signed in); members get 403
 * and API keys 403 `session_only`. Before the test has run it says `not_run`; a failed run names the step and
 * its fix.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";

let t: TestApp;
let a: TestOrg;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
});
afterAll(() => t.close());

describe("GET /v1/system/health", () => {
  test("before the self-test has run: not_run", async () => {
    const r = await t.call("GET", "/v1/system/health", { auth: a.owner });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      media_pipeline: { status: "not_run", checked_at: null, duration_ms: null, problem: null, steps: [] },
      speech_engine: null,
    });
  });

  test("a failed run: the step to fix first, its fix, and every step", async () => {
    t.deps.selfTest!.record({
      ok: false,
      ms: 12,
      steps: [
        {
          name: "test clip",
          ok: false,
          ms: 2,
          detail: "ffmpeg was not found.",
          fix: "Install ffmpeg (apt-get install ffmpeg) or set PLAUDIT_FFMPEG_PATH to the path of a working ffmpeg.",
        },
        { name: "sniff", ok: false, ms: 0, detail: "not run (needs test clip)", skipped: true },
      ],
    });
    const r = await t.call("GET", "/v1/system/health", { auth: await a.member("admin") });
    expect(r.status).toBe(200);
    const p = r.body.media_pipeline;
    expect(p).toMatchObject({ status: "failed", checked_at: new Date(t.clock.now()).toISOString(), duration_ms: 12 });
    expect(p.problem).toEqual({
      step: "test clip",
      detail: "ffmpeg was not found.",
      fix: expect.stringContaining("PLAUDIT_FFMPEG_PATH"),
    });
    expect(p.steps.map((s: any) => [s.name, s.ok, s.skipped])).toEqual([
      ["test clip", false, false],
      ["sniff", false, true],
    ]);
  });

  test("a passed run has no problem, and names the speech engine in use", async () => {
    const speech = {
      engine: "pocketsphinx" as const,
      model: "en-us",
      drafts: true,
      summary: "pocketsphinx (offline, en-us model; whisper.cpp is not installed): transcripts are rough drafts",
      fix: "Install the Whisper model for accurate transcripts: …",
    };
    t.deps.selfTest!.record({
      ok: true,
      ms: 3000,
      steps: [{ name: "sniff", ok: true, ms: 10, detail: "webm" }],
      speech,
    });
    const r = await t.call("GET", "/v1/system/health", { auth: a.owner });
    expect(r.body.media_pipeline).toMatchObject({ status: "passed", problem: null });
    expect(r.body.speech_engine).toEqual(speech);
  });

  test("members and API keys cannot read it", async () => {
    const member = await t.call("GET", "/v1/system/health", { auth: await a.member("member") });
    expect(member.status).toBe(403);
    const key = await t.call("GET", "/v1/system/health", { auth: a.liveKey });
    expect(key.status).toBe(403);
    expect(key.body.error.details.reason).toBe("session_only");
    expect((await t.call("GET", "/v1/system/health")).status).toBe(401);
  });
});
