/**
 * `plaudit doctor` proves the media pipeline: a two-second clip made on the spot goes through the processing code
 * (sniff, probe, transcode, poster, speech audio, transcription, alignment) with real ffmpeg, espeak-ng and
 * pocketsphinx. From source, and with the compiled executable (started from a temp folder, as an operator would):
 * every step passes and the executable says "Ready"; with ffmpeg pointed at nothing the failed step is named with
 * its fix and the exit code is 1. The temporary folder is removed afterwards. `plaudit serve` runs the same test
 * in the background after it answers: a failure does not stop it, is logged with its fix, and owners read it at
 * `GET /v1/system/health`. A public address on plain HTTP is a warning (recordings will not work there, and what to
 * set), not a failure.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import { runChecks } from "../../src/cli/doctor";
import { firstFailure, runSelfTest, type SelfTestResult } from "../../src/media/self-test";
import { binaryEnv, ensureBinary } from "../helpers/binary";
import { createDeps } from "../../src/bootstrap";
import { createLogger } from "../../src/platform/log";
import { tlsCertificates } from "../../src/platform/tls/tables";
import { freePort } from "../helpers/ports";

const STEPS = [
  "test clip",
  "sniff",
  "probe",
  "transcode video",
  "poster",
  "speech audio",
  "transcription",
  "alignment",
];
const dir = mkdtempSync(join(tmpdir(), "plaudit-doctor-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh folder inside this test's folder. */
const fresh = (name: string) => mkdtempSync(join(dir, `${name}-`));

/** Runs the executable's `doctor` from a temp working folder with its own data folder. */
async function doctor(extra: Record<string, string> = {}, ...args: string[]) {
  const bin = await ensureBinary();
  const cwd = fresh("cwd");
  const p = Bun.spawn([bin, "doctor", ...args], {
    cwd,
    env: binaryEnv({ PLAUDIT_DATA_DIR: join(fresh("data"), "data"), ...extra }),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { out, err, code };
}

describe("the self-test from source", () => {
  test("every step passes on this machine, each with its time; its temporary folder is removed", async () => {
    const tmpRoot = fresh("tmp");
    const r: SelfTestResult = await runSelfTest(loadConfig({ PLAUDIT_DATA_DIR: fresh("data") }), { tmpRoot });
    expect(r.steps.filter((s) => !s.ok).map((s) => `${s.name}: ${s.detail} ${s.fix ?? ""}`)).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.steps.map((s) => s.name)).toEqual(STEPS);
    for (const s of r.steps) {
      expect(s.ms).toBeGreaterThanOrEqual(0);
      expect(s.detail.length).toBeGreaterThan(3);
    }
    expect(r.steps.find((s) => s.name === "test clip")!.detail).toContain("espeak-ng");
    expect(r.steps.find((s) => s.name === "transcription")!.detail).toMatch(/\d+ words with times/);
    // It says which engine transcribes here (and with which model), and whether its transcripts are drafts.
    expect(r.speech!.summary).toMatch(/^(whisper\.cpp with the model \S+|pocketsphinx \(offline, en-us model)/);
    expect(r.speech!.drafts).toBe(r.speech!.engine === "pocketsphinx");
    if (r.speech!.drafts) expect(r.speech!.fix).toMatch(/ggml-base\.en\.bin/);
    expect(r.steps.find((s) => s.name === "transcription")!.detail.startsWith(r.speech!.summary)).toBe(true);
    expect(r.steps.find((s) => s.name === "alignment")!.detail).toMatch(/^5 of 5 words timed in order/);
    expect(readdirSync(tmpRoot)).toEqual([]);
  }, 120_000);

  test("with ffmpeg set to a path that does not exist: fails, names the step, says how to fix it", async () => {
    const tmpRoot = fresh("tmp");
    const r = await runSelfTest(loadConfig({ PLAUDIT_DATA_DIR: fresh("data"), PLAUDIT_FFMPEG_PATH: "/nonexistent" }), {
      tmpRoot,
    });
    expect(r.ok).toBe(false);
    const failed = firstFailure(r)!;
    expect(failed.name).toBe("test clip");
    expect(failed.fix).toMatch(/Install ffmpeg/);
    expect(failed.fix).toMatch(/PLAUDIT_FFMPEG_PATH is set to \/nonexistent/);
    // The steps that need it are reported as not run, not as failures of their own.
    expect(r.steps.filter((s) => !s.ok && !s.skipped).map((s) => s.name)).toEqual(["test clip"]);
    expect(r.steps.map((s) => s.name)).toEqual(STEPS);
    expect(readdirSync(tmpRoot)).toEqual([]);
  }, 60_000);
});

describe("dist/plaudit doctor", () => {
  test("exits 0 and prints Ready, every step with its time", async () => {
    const r = await doctor();
    expect(r.code, `${r.out}\n${r.err}`).toBe(0);
    expect(r.out).toMatch(/^Ready: /m);
    for (const name of STEPS) expect(r.out).toMatch(new RegExp(`^ok   ${name} \\(\\d+ ms\\): `, "m"));
    expect(r.out).not.toMatch(/^FAIL /m);
    expect(r.out).toMatch(/^ok   public address: capture pages at http:\/\/localhost:3000 can record/m);
    expect(r.err).not.toContain("Cannot find package");
  }, 300_000);

  test("--json has the checks and the steps", async () => {
    const r = await doctor({}, "--json");
    expect(r.code, `${r.out}\n${r.err}`).toBe(0);
    const body = JSON.parse(r.out);
    expect(body.ok).toBe(true);
    expect(body.self_test.steps.map((s: { name: string }) => s.name)).toEqual(STEPS);
    expect(body.self_test.steps.every((s: { ok: boolean; ms: number }) => s.ok && typeof s.ms === "number")).toBe(true);
  }, 300_000);

  test("with PLAUDIT_FFMPEG_PATH=/nonexistent: exits 1, names the failed step and its fix", async () => {
    const r = await doctor({ PLAUDIT_FFMPEG_PATH: "/nonexistent" });
    expect(r.code, `${r.out}\n${r.err}`).toBe(1);
    expect(r.out).not.toMatch(/^Ready/m);
    expect(r.out).toMatch(/^FAIL test clip \(\d+ ms\): /m);
    expect(r.out).toMatch(/step "test clip" failed: .*Install ffmpeg/);
    expect(r.out).toContain("PLAUDIT_FFMPEG_PATH");
  }, 300_000);
});

describe("the public address", () => {
  const check = (env: Record<string, string>) =>
    runChecks(loadConfig({ PLAUDIT_DATA_DIR: fresh("data"), ...env })).find((c) => c.name === "public address")!;

  test("plain HTTP at a public address: a warning that names it, says recordings will not work, and the fix", () => {
    const c = check({ PLAUDIT_BASE_URL: "http://203.0.113.7:3000" });
    expect(c).toMatchObject({ ok: false, required: false });
    expect(c.detail).toContain("http://203.0.113.7:3000");
    expect(c.detail).toContain("recordings will not work on phones or browsers there");
    expect(c.fix).toContain("`PLAUDIT_DOMAIN`");
    expect(c.fix).toContain("`PLAUDIT_BASE_URL=https://…`");
  });

  test("https (a proxy in front, or built-in) and localhost pass", () => {
    expect(check({ PLAUDIT_BASE_URL: "https://testimonials.example.com" }).ok).toBe(true);
    expect(check({}).ok).toBe(true);
    expect(check({ PLAUDIT_SITE_URL: "http://[::1]:3000" }).ok).toBe(true);
    expect(check({ PLAUDIT_BASE_URL: "https://x.example.com", PLAUDIT_SITE_URL: "http://y.example.com" }).ok).toBe(
      false,
    );
  });

  test("built-in HTTPS: no certificate yet is a warning with the fix; a kept one says until when; a failed renewal says why", () => {
    const data = fresh("data");
    const env = { PLAUDIT_DATA_DIR: data, PLAUDIT_DOMAIN: "reviews.example.com" };
    const https = () => runChecks(loadConfig(env)).filter((c) => c.name === "https" || c.name === "custom domains");
    expect(https()).toEqual([
      expect.objectContaining({ name: "https", ok: false, detail: expect.stringContaining("no certificate yet") }),
    ]);
    const deps = createDeps(loadConfig(env), { log: createLogger("silent") });
    const day = 24 * 3600_000;
    deps.db
      .insert(tlsCertificates)
      .values([
        { name: "reviews.example.com", source: "acme", notBefore: Date.now() - day, notAfter: Date.now() + 80 * day },
        {
          name: "shop.client.com",
          source: "acme",
          lastError: "shop.client.com has no DNS record pointing at this server yet.",
        },
      ])
      .run();
    deps.db.$client.close();
    const [box, custom] = https();
    expect(box).toMatchObject({ name: "https", ok: true });
    expect(box!.detail).toMatch(/reviews\.example\.com: certificate valid until .* \(79 days\)/);
    expect(custom).toMatchObject({ name: "custom domains", ok: false });
    expect(custom!.detail).toContain("shop.client.com has no DNS record");
    // Without a domain or certificate files, nothing is said about HTTPS.
    expect(runChecks(loadConfig({ PLAUDIT_DATA_DIR: fresh("data") })).some((c) => c.name === "https")).toBe(false);
  });

  test("dist/plaudit doctor prints the warning line and its fix, and still says Ready (exit 0)", async () => {
    const r = await doctor({ PLAUDIT_BASE_URL: "http://203.0.113.7:3000" });
    expect(r.code, `${r.out}\n${r.err}`).toBe(0);
    expect(r.out).toMatch(
      /^warn public address: capture pages are at http:\/\/203\.0\.113\.7:3000, a plain HTTP address: recordings will not work on phones or browsers there/m,
    );
    expect(r.out).toMatch(/^     fix: Set `PLAUDIT_DOMAIN` .* reverse proxy .*`PLAUDIT_BASE_URL=https:\/\/…`/m);
    expect(r.out).toMatch(/^Ready: /m);
  }, 300_000);
});

describe("dist/plaudit serve", () => {
  test("with ffmpeg missing: answers at once, logs the failed step with its fix, and shows it to owners", async () => {
    const bin = await ensureBinary();
    const port = freePort();
    const base = `http://127.0.0.1:${port}`;
    const data = join(fresh("serve"), "data");
    const server = Bun.spawn([bin, "serve"], {
      cwd: fresh("cwd"),
      env: binaryEnv({
        PLAUDIT_DATA_DIR: data,
        PLAUDIT_PORT: String(port),
        PLAUDIT_BASE_URL: base,
        PLAUDIT_FFMPEG_PATH: "/nonexistent",
      }),
      stdout: "pipe",
      stderr: "pipe",
    });
    const stderr = new Response(server.stderr).text();
    try {
      const started = performance.now();
      let up = false;
      while (!up && performance.now() - started < 20_000) {
        up = await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!up) await Bun.sleep(50);
      }
      expect(up).toBe(true);
      const password = /password: (\S+)/.exec(readFileSync(join(data, "first-login.txt"), "utf8"))![1]!;
      const login = await fetch(`${base}/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-svc-csrf": "1" },
        body: JSON.stringify({ email: "owner@plaudit.local", password }),
      });
      const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
      let health: any = null;
      for (let i = 0; i < 200 && health?.media_pipeline.status !== "failed"; i++) {
        health = await (await fetch(`${base}/v1/system/health`, { headers: { cookie } })).json();
        if (health.media_pipeline.status !== "failed") await Bun.sleep(100);
      }
      expect(health.media_pipeline.status).toBe("failed");
      expect(health.media_pipeline.problem).toMatchObject({
        step: "test clip",
        fix: expect.stringContaining("Install ffmpeg"),
      });
      expect((await fetch(`${base}/healthz`)).ok).toBe(true);
    } finally {
      server.kill("SIGTERM");
      await server.exited;
    }
    const log = await stderr;
    expect(log).toContain('media self-test FAILED at \\"test clip\\"');
    expect(log).toContain("PLAUDIT_FFMPEG_PATH is set to /nonexistent");
  }, 300_000);
});
