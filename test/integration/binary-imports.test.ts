/**
 * Nothing loaded lazily escapes the build: every path that loads code at run time, exercised in the compiled
 * executable (`dist/plaudit`, started from a fresh temporary folder with its data directory in another), and no
 * answer, CLI output or server log line may say `Cannot find package` / `Cannot find module`. The static half is
 * test/integration/bundle-scan.test.ts (scripts/bundle-scan.ts); this file checks the executable behaves.
 *
 * Run-time loading in src/ (grep `import(`, `require(`, `require.resolve`, `createRequire`), and what covers it:
 * - src/domains/brands/logo.ts `import("sharp")` (+ scripts/build.ts's embedded loader, `createRequire`): logo upload.
 * - src/media/poster.ts `import("sharp")`: the poster and thumbnail of a processed video.
 * - src/media/cards/render.ts `import("satori")` and its embedded fonts: a share image of a testimonial.
 * - src/media/binaries.ts `require.resolve(`${pkg}/package.json`)`: a guarded fallback for source runs; finding
 *   ffmpeg, ffprobe, whisper-cli and pocketsphinx is exercised by `doctor --json` and by processing.
 * - src/main.ts `import("./cli/…")` (relative, so bundled; the scan finds none left): `serve`, `migrate`, `org create`,
 *   `key create` and `doctor` here, `backup` in binary.test.ts (`user create` and `plan set` share cli/admin.ts).
 * - src/platform/http/web-assets.ts `import("…/web/dist/manifest.ts")` (bundled): the dashboard page;
 *   its `import("…/scripts/build-web.ts")` runs only from source (`compiled` is false).
 * And what packages load lazily or the product reaches only on some paths: file-type (sniffing the upload),
 * ffmpeg/ffprobe and pocketsphinx (processing; whisper has no model on these machines, doctor reports it),
 * sentiment and tinyld (processing), nodemailer (removal email to a local smtp-server), the LLM client (reel
 * suggestions from a local OpenAI-compatible server), arctic (GitHub and Google sign-in start and callback; the
 * token exchange fails for want of internet, cleanly), Stripe checkout (plain fetch; no internet, clean error).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMailSink, type MailSink } from "../helpers/smtp";
import { binaryEnv, ensureBinary } from "../helpers/binary";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";
import { ROOT } from "../../scripts/build.ts";
import { freePort } from "../helpers/ports";

/** What a missing module looks like in Bun's and Node's words. */
const MISSING = /Cannot find (package|module)|Cannot require module|MODULE_NOT_FOUND/i;

const cwd = mkdtempSync(join(tmpdir(), "plaudit-imports-cwd-"));
const dataDir = mkdtempSync(join(tmpdir(), "plaudit-imports-data-"));
const owner = { email: "owner@imports.test", password: "imports-owner-password-1" };
const llmRequests: { auth: string | null; body: any }[] = [];
let bin = "";
let base = "";
let env: Record<string, string> = {};
let server: ReturnType<typeof Bun.spawn> | null = null;
let serverLog = "";
let sink: MailSink;
let llm: ReturnType<typeof Bun.serve>;
const state = {
  orgId: "",
  key: "",
  cookie: "",
  brandId: "",
  linkId: "",
  consent: { text: "You may publish this.", version: "2026-11-01" },
  videoId: "",
};

/** Runs a CLI command of the executable from the temporary folder; its output must not name a missing module. */
function cli(...args: string[]) {
  const p = Bun.spawnSync([bin, ...args], { cwd, env, stdout: "pipe", stderr: "pipe" });
  const r = { code: p.exitCode, out: p.stdout.toString(), err: p.stderr.toString() };
  expect(r.out + r.err).not.toMatch(MISSING);
  return r;
}

function cliJson(...args: string[]): any {
  const r = cli(...args, "--json");
  if (r.code !== 0) throw new Error(`plaudit ${args.join(" ")} exited ${r.code}: ${r.err}${r.out}`);
  return JSON.parse(r.out);
}

/** One HTTP call; the answer (status line, headers and body) must not name a missing module. */
async function call(
  method: string,
  path: string,
  o: { key?: string; session?: boolean; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...o.headers };
  if (o.key) headers.authorization = `Bearer ${o.key}`;
  if (o.session) Object.assign(headers, { cookie: state.cookie, "x-svc-csrf": "1" });
  let body: BodyInit | undefined;
  if (o.body instanceof FormData || o.body instanceof Uint8Array) body = o.body as BodyInit;
  else if (o.body !== undefined) (body = JSON.stringify(o.body)), (headers["content-type"] ??= "application/json");
  const res = await fetch(path.startsWith("http") ? path : `${base}${path}`, {
    method,
    headers,
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  expect(`${res.status} ${[...res.headers].join(" ")} ${text}`).not.toMatch(MISSING);
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, body: json, text, headers: res.headers };
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  const from = serverLog.length;
  for (;;) {
    // A missing module usually shows as retried job attempts: stop waiting at the first one logged meanwhile.
    const missing = MISSING.exec(serverLog.slice(from));
    if (missing)
      throw new Error(
        `the server logged a missing module while waiting for ${what}:\n${serverLog.slice(from).slice(Math.max(0, missing.index - 300), missing.index + 500)}`,
      );
    const v = await probe();
    if (v) return v;
    if (Date.now() > end)
      throw new Error(`timed out waiting for ${what}\n--- server log ---\n${serverLog.slice(-3000)}`);
    await Bun.sleep(100);
  }
}

async function drain(stream: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder();
  for await (const chunk of stream) serverLog += decoder.decode(chunk, { stream: true });
}

/** A small video (a still picture over the speech fixture): cheap to process, and it has words to transcribe. */
function smallVideo(): Uint8Array {
  const out = join(cwd, "small.webm");
  const f = Bun.spawnSync(
    [
      "ffmpeg",
      "-hide_banner",
      "-nostdin",
      "-v",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "color=c=navy:s=160x120:r=10",
      "-i",
      ensureMediaFixtures().speechWav,
      "-shortest",
      "-c:v",
      "libvpx",
      "-b:v",
      "50k",
      "-c:a",
      "libopus",
      "-b:a",
      "24k",
      out,
    ],
    { stderr: "pipe" },
  );
  if (f.exitCode !== 0) throw new Error(`ffmpeg failed: ${f.stderr.toString()}`);
  return new Uint8Array(readFileSync(out));
}

beforeAll(async () => {
  bin = await ensureBinary();
  sink = await startMailSink();
  llm = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      if (!new URL(req.url).pathname.endsWith("/chat/completions")) return new Response("not found", { status: 404 });
      llmRequests.push({ auth: req.headers.get("authorization"), body: await req.json() });
      // No usable clips: the product asks once more, then falls back to its rule. Either way the client ran.
      const content = JSON.stringify({ clips: [] });
      return Response.json({
        id: "chatcmpl-1",
        object: "chat.completion",
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      });
    },
  });
  const port = freePort();
  base = `http://127.0.0.1:${port}`;
  env = binaryEnv({
    PLAUDIT_DATA_DIR: dataDir,
    PLAUDIT_PORT: String(port),
    PLAUDIT_HOST: "127.0.0.1",
    PLAUDIT_BASE_URL: base,
    PLAUDIT_LOG_LEVEL: "info",
    PLAUDIT_SMTP_URL: sink.url,
    PLAUDIT_MAIL_FROM: "Imports <no-reply@imports.test>",
    PLAUDIT_LLM_URL: `http://127.0.0.1:${llm.port}/v1`,
    PLAUDIT_LLM_API_KEY: "sk-imports",
    PLAUDIT_LLM_MODEL: "tiny-model",
    PLAUDIT_GITHUB_CLIENT_ID: "gh-client",
    PLAUDIT_GITHUB_CLIENT_SECRET: "gh-secret",
    PLAUDIT_GOOGLE_CLIENT_ID: "google-client",
    PLAUDIT_GOOGLE_CLIENT_SECRET: "google-secret",
    PLAUDIT_STRIPE_SECRET_KEY: "sk_test_imports",
    PLAUDIT_STRIPE_PRICE_CORE: "price_core_imports",
    PLAUDIT_STRIPE_PRICE_PLUS: "price_plus_imports",
  });
  server = Bun.spawn([bin, "serve"], { cwd, env, stdout: "pipe", stderr: "pipe" });
  void drain(server.stdout as ReadableStream<Uint8Array>);
  void drain(server.stderr as ReadableStream<Uint8Array>);
  await until(
    "plaudit serve to answer /healthz",
    async () => {
      if (server!.exitCode !== null) throw new Error(`plaudit serve exited ${server!.exitCode}:\n${serverLog}`);
      return fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      );
    },
    20_000,
  );

  const org = cliJson(
    "org",
    "create",
    "--name",
    "Imports Co",
    "--plan",
    "plus",
    "--owner-email",
    owner.email,
    "--owner-password",
    owner.password,
  );
  state.orgId = org.id;
  state.key = cliJson("key", "create", "--org", org.id, "--mode", "live").secret;
  const login = await call("POST", "/v1/auth/login", {
    body: owner,
    headers: { "x-svc-org": org.id, "x-svc-csrf": "1" },
  });
  expect(login.status, login.text).toBe(200);
  state.cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  state.brandId = (await call("GET", "/v1/brands", { key: state.key })).body.data[0].id;
  const link = await call("POST", `/v1/brands/${state.brandId}/links`, {
    key: state.key,
    body: {
      title: "Imports",
      prompts: [{ text: "How was it?" }],
      consent_text: state.consent.text,
      consent_version: state.consent.version,
    },
  });
  expect(link.status, link.text).toBe(201);
  state.linkId = link.body.id;
}, 240_000);

afterAll(async () => {
  // IMPORTS_LOG=<file> keeps the server's output for reading after a run.
  if (process.env.IMPORTS_LOG) await Bun.write(process.env.IMPORTS_LOG, serverLog);
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await server.exited;
  }
  llm?.stop(true);
  await sink?.stop();
  rmSync(cwd, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe("dist/plaudit reaches every lazily loaded module it needs", () => {
  test("CLI: migrate and doctor run; doctor finds ffmpeg, ffprobe and pocketsphinx, reports whisper, and its self-test passes", () => {
    expect(cli("migrate").code).toBe(0);
    const d = cli("doctor", "--json");
    const report = JSON.parse(d.out) as {
      checks: { name: string; ok: boolean; detail: string }[];
      self_test?: { steps: { name: string; ok: boolean }[] };
    };
    const check = (name: string) => report.checks.find((c) => c.name.includes(name));
    for (const name of ["ffmpeg", "ffprobe", "pocketsphinx"]) expect(check(name), name).toMatchObject({ ok: true });
    expect(check("whisper")).toBeDefined();
    expect(check("mail")?.detail).toContain("127.0.0.1");
    // The self-test (sniff, probe, transcode, poster with sharp, pocketsphinx, alignment) where doctor has one.
    if (report.self_test) expect(report.self_test.steps.filter((s) => !s.ok)).toEqual([]);
  }, 60_000);

  test("sharp: a logo upload goes through the embedded image library", async () => {
    const form = new FormData();
    form.append(
      "file",
      new Blob([readFileSync(join(ROOT, "assets", "default-logo.png"))], { type: "image/png" }),
      "logo.png",
    );
    const r = await call("POST", `/v1/brands/${state.brandId}/logo`, { key: state.key, body: form });
    expect(r.status, r.text).toBe(200);
    expect(r.body.logo_url).not.toContain("default-logo");
  });

  test("media: a small video is sniffed, probed, transcoded, given a poster (sharp) and transcribed", async () => {
    const bytes = smallVideo();
    const start = await call("POST", `/public/links/${state.linkId}/submissions`, {
      body: {
        kind: "video",
        respondent: { name: "Vera Video" },
        consent: { agreed: true, ...state.consent },
        upload: { size: bytes.length, type: "video/webm" },
      },
    });
    expect(start.status, start.text).toBe(201);
    state.videoId = start.body.submission_id;
    const put = await call("PATCH", start.body.upload.url, {
      body: bytes,
      headers: { "content-type": "application/offset+octet-stream", "upload-offset": "0", "tus-resumable": "1.0.0" },
    });
    expect(put.status, put.text).toBe(204);
    const done = await until(
      "processing to finish",
      async () => {
        const r = await call("GET", `/v1/submissions/${state.videoId}`, { key: state.key });
        return ["ready", "failed"].includes(r.body?.status) ? r : null;
      },
      120_000,
    );
    expect(done.body.status, done.text).toBe("ready");
    const words = await call("GET", `/v1/submissions/${state.videoId}/transcript`, { key: state.key });
    expect(words.status, words.text).toBe(200);
    expect(JSON.stringify(words.body)).toMatch(/"start_ms"/);
  }, 150_000);

  test("share images: satori, its fonts and sharp draw a card inside the executable", async () => {
    const r = await call("POST", `/public/links/${state.linkId}/submissions`, {
      body: {
        kind: "text",
        respondent: { name: "Cara Card" },
        consent: { agreed: true, ...state.consent },
        text: "They rebuilt our shop in a week and sales went up.",
        rating: 5,
      },
    });
    expect(r.status, r.text).toBe(201);
    const res = await fetch(`${base}/v1/submissions/${r.body.submission_id}/card.png?size=story`, {
      headers: { authorization: `Bearer ${state.key}` },
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(res.status, new TextDecoder().decode(bytes.slice(0, 300))).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
    // 1080x1920: the width and height sit in the IHDR chunk.
    const view = new DataView(bytes.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1080, 1920]);
  }, 60_000);

  test("mail: a testimonial with an email sends the removal email over SMTP (nodemailer)", async () => {
    const r = await call("POST", `/public/links/${state.linkId}/submissions`, {
      body: {
        kind: "text",
        respondent: { name: "Mo Mail", email: "mo.mail@example.org" },
        consent: { agreed: true, ...state.consent },
        text: "The team answered every question within minutes.",
      },
    });
    expect(r.status, r.text).toBe(201);
    const mail = await until(
      "the removal email",
      async () => sink.received.find((m) => m.to.includes("mo.mail@example.org")),
      30_000,
    );
    expect(mail.raw).toMatch(/Thank you for your testimonial/);
  }, 40_000);

  test("LLM: creating a reel asks the configured OpenAI-compatible server for clips", async () => {
    expect(state.videoId).not.toBe("");
    const r = await call("POST", "/v1/reels", {
      key: state.key,
      body: { brand_id: state.brandId, submission_ids: [state.videoId], mode: "auto" },
    });
    expect(r.status, r.text).toBe(201);
    expect(llmRequests.length).toBeGreaterThanOrEqual(1);
    expect(llmRequests[0]).toMatchObject({ auth: "Bearer sk-imports", body: { model: "tiny-model" } });
    expect(r.body.clips.length).toBeGreaterThan(0);
  });

  for (const [provider, host] of [
    ["github", "https://github.com/"],
    ["google", "https://accounts.google.com/"],
  ] as const) {
    test(`OAuth (${provider}): sign-in starts with the provider's address; the callback fails cleanly offline`, async () => {
      const start = await call("POST", "/v1/auth/social", { body: { provider }, headers: { "x-svc-csrf": "1" } });
      expect(start.status, start.text).toBe(200);
      expect(start.body.authorization_url).toStartWith(host);
      const stateParam = new URL(start.body.authorization_url).searchParams.get("state")!;
      const kept = start.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const back = await call(
        "GET",
        `/v1/auth/callback/${provider}?code=imports-code&state=${encodeURIComponent(stateParam)}`,
        { headers: { cookie: kept } },
      );
      expect(back.status).toBe(302);
      const location = decodeURIComponent(back.headers.get("location") ?? "");
      expect(location).toContain("signin_error=");
      expect(location).not.toMatch(MISSING);
      expect(location).not.toContain("expired or was not started here");
    }, 30_000);
  }

  test("Stripe: checkout with no internet answers a clean error, not a missing module", async () => {
    const r = await call("POST", "/v1/billing/checkout", {
      session: true,
      body: { plan: "core" },
      headers: { "x-svc-org": state.orgId },
    });
    expect(r.status).toBeGreaterThanOrEqual(500);
    expect(r.body?.error?.code, r.text).toMatch(/^(billing_provider_error|internal_error)$/);
  }, 30_000);

  test("the server's log names no missing module, and the server is still up", async () => {
    expect(server!.exitCode).toBeNull();
    expect((await fetch(`${base}/healthz`)).ok).toBe(true);
    const dashboard = await call("GET", "/app/");
    expect(dashboard.status).toBe(200);
    expect(serverLog).not.toMatch(MISSING);
  });
});
