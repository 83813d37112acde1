/**
 * `GET /v1/system/health`: the media self-test's last result for owners and admins (signed in); members get 403
 * and API keys 403 `session_only`. Before the test has run it says `not_run`; a failed run names the step and
 * its fix. The server's own (operator) organisation also reads how the scheduled backups stand (schedule, last
 * success, last failure, next run) and its certificates; organisations the server hosts get `backups: null` and
 * `certificates: null`. `https` says whether respondents can record at the configured addresses (browsers need
 * https://, or localhost), and if not why and what to set: the dashboard's "Recordings need HTTPS" banner reads it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { createOrganisation, setOperator } from "../../src/domains/accounts";
import { systemCtx } from "../../src/platform/context";
import { recordBackup } from "../../src/platform/backup/status";
import { createSession, SESSION_COOKIE } from "../../src/domains/accounts/sessions";
import { unitOfWork } from "../../src/platform/db/unit-of-work";
import { accountCtx } from "../../src/domains/accounts/users";

let t: TestApp;
let a: TestOrg;

beforeAll(async () => {
  t = await makeTestApp({ PLAUDIT_BACKUP_SCHEDULE: "0 3 * * *", PLAUDIT_BACKUP_KEEP: "5" });
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
      backups: null,
      certificates: null,
      // The test app's address, http://plaudit.test, is plain HTTP and not this machine (see the last block).
      https: expect.objectContaining({ site_secure: false }),
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

  test("the operator organisation reads the scheduled backups: none yet, a success, then a failure", async () => {
    const op = await t.org();
    unitOfWork(t.deps, systemCtx(op.id, "live", t.clock), (tx) => setOperator(tx, true));
    const read = async () => (await t.call("GET", "/v1/system/health", { auth: op.owner })).body.backups;
    expect(await read()).toEqual({
      schedule: "0 3 * * *",
      destination: `${t.dir}/backups`,
      keep: 5,
      last_success_at: null,
      last_archive: null,
      last_archive_bytes: null,
      last_failure_at: null,
      last_error: null,
      failing: false,
      next_run_at: "2026-11-23T03:00:00.000Z",
    });
    const at = t.clock.now();
    recordBackup(t.dir, { lastSuccess: { at, archive: `${t.dir}/backups/plaudit-backup-x.tar.gz`, bytes: 1234 } });
    expect(await read()).toMatchObject({
      last_success_at: new Date(at).toISOString(),
      last_archive_bytes: 1234,
      failing: false,
    });
    recordBackup(t.dir, { lastFailure: { at: at + 1000, error: "The backup to /x failed: disk full" } });
    expect(await read()).toMatchObject({
      last_success_at: new Date(at).toISOString(),
      last_failure_at: new Date(at + 1000).toISOString(),
      last_error: "The backup to /x failed: disk full",
      failing: true,
    });
    // A hosted organisation's owner sees the media pipeline, not the server's backups.
    expect((await t.call("GET", "/v1/system/health", { auth: a.owner })).body.backups).toBeNull();
  });
});

describe("GET /v1/system/health: https", () => {
  /** The `https` part for a server with these addresses, as its owner reads it. */
  async function httpsFor(env: Record<string, string>) {
    const app = await makeTestApp(env);
    try {
      const { owner } = createOrganisation(app.deps, { name: "Addr", owner: { email: "o@example.com" } });
      const cookie = `${SESSION_COOKIE}=${unitOfWork(app.deps, accountCtx(app.clock), (tx) => createSession(tx, owner!.id)).token}`;
      const r = await app.call("GET", "/v1/system/health", { headers: { cookie } });
      expect(r.status).toBe(200);
      return r.body.https;
    } finally {
      app.close();
    }
  }

  test("a plain-HTTP public address: not secure, the problem in a sentence and what to set", async () => {
    const https = await httpsFor({ PLAUDIT_BASE_URL: "http://203.0.113.7:3000" });
    expect(https.site_secure).toBe(false);
    expect(https.problem).toStartWith("Capture pages are at http://203.0.113.7:3000, a plain HTTP address");
    expect(https.problem).toEndWith(".");
    expect(https.fix).toContain("`PLAUDIT_DOMAIN`");
    expect(https.fix).toContain("`PLAUDIT_BASE_URL=https://…`");
  });

  test("https, or localhost: secure, nothing to fix", async () => {
    const clean = { site_secure: true, problem: null, fix: null };
    expect(await httpsFor({ PLAUDIT_BASE_URL: "https://testimonials.example.com" })).toEqual(clean);
    expect(await httpsFor({ PLAUDIT_BASE_URL: "http://localhost:3000" })).toEqual(clean);
    expect(await httpsFor({ PLAUDIT_BASE_URL: "http://127.0.0.1:3000" })).toEqual(clean);
  });

  test("a site address of its own on plain HTTP, with an https API: not secure", async () => {
    const https = await httpsFor({
      PLAUDIT_BASE_URL: "https://api.example.com",
      PLAUDIT_SITE_URL: "http://www.example.com",
    });
    expect(https.site_secure).toBe(false);
    expect(https.problem).toContain("http://www.example.com");
    expect(https.fix).toContain("`PLAUDIT_SITE_URL=https://…`");
  });
});
