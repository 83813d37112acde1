/**
 * The compiled appliance, as an operator runs it: `dist/plaudit` (built first when missing or older than the
 * sources) started from `/` with a fresh data directory, set up with its own CLI, answering the API, the
 * dashboard and the OpenAPI document, uploading a logo through the embedded sharp, surviving `kill -9` and a
 * restart with nothing lost, and writing a backup that opens with bun:sqlite.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BINARY, ROOT, binaryIsStale } from "../../scripts/build.ts";
import { freePort } from "../helpers/ports";

const dir = mkdtempSync(join(tmpdir(), "plaudit-binary-"));
const dataDir = join(dir, "data");
let port = 0;
let base = "";
let env: Record<string, string> = {};
let server: ReturnType<typeof Bun.spawn> | null = null;
let firstOutput: Promise<string> = Promise.resolve("");

/** Runs a CLI command of the binary from `/`; returns its exit code and output. */
function cli(...args: string[]) {
  const p = Bun.spawnSync([BINARY, ...args], { cwd: "/", env, stdout: "pipe", stderr: "pipe" });
  return { code: p.exitCode, out: p.stdout.toString(), err: p.stderr.toString() };
}

/** Runs a CLI command with `--json` that must succeed; returns the parsed output. */
function cliJson(...args: string[]): any {
  const r = cli(...args, "--json");
  if (r.code !== 0) throw new Error(`plaudit ${args.join(" ")} exited ${r.code}: ${r.err}${r.out}`);
  return JSON.parse(r.out);
}

/** Starts `plaudit serve` from `/` and waits until it answers; `output` resolves with its stdout once it exits. */
async function startServer(): Promise<{ output: Promise<string> }> {
  server = Bun.spawn([BINARY, "serve"], { cwd: "/", env, stdout: "pipe", stderr: "pipe" });
  const output = new Response(server.stdout as ReadableStream).text();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(
        `plaudit serve exited ${server.exitCode}: ${await new Response(server.stderr as ReadableStream).text()}`,
      );
    try {
      if ((await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) })).ok) return { output };
    } catch {}
    await Bun.sleep(50);
  }
  throw new Error("plaudit serve did not answer /healthz within 20 s");
}

async function api(method: string, path: string, key: string, body?: unknown, headers: Record<string, string> = {}) {
  const init: RequestInit = {
    method,
    headers: { authorization: `Bearer ${key}`, ...headers },
    signal: AbortSignal.timeout(10_000),
  };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, body: json, text, headers: res.headers };
}

beforeAll(async () => {
  if (binaryIsStale()) {
    const b = Bun.spawnSync([process.execPath, join(ROOT, "scripts", "build.ts")], {
      cwd: ROOT,
      stdout: "pipe",
      stderr: "pipe",
    });
    if (b.exitCode !== 0) throw new Error(`bun run build failed:\n${b.stderr.toString()}${b.stdout.toString()}`);
  }
  port = freePort();
  base = `http://127.0.0.1:${port}`;
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k, v]) => !k.startsWith("PLAUDIT_") && v !== undefined),
  ) as Record<string, string>;
  env = {
    ...inherited,
    PLAUDIT_DATA_DIR: dataDir,
    PLAUDIT_PORT: String(port),
    PLAUDIT_HOST: "127.0.0.1",
    PLAUDIT_LOG_LEVEL: "warn",
  };
  firstOutput = (await startServer()).output;
}, 240_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill(9);
    await server.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe("dist/plaudit started from / with a fresh data directory", () => {
  const state = { orgId: "", key: "", brandId: "", linkId: "", logoUrl: "" };

  test("creates the data directory and a first organisation, and says how to sign in", async () => {
    expect(existsSync(join(dataDir, "plaudit.db"))).toBe(true);
    expect(existsSync(join(dataDir, "secret.key"))).toBe(true);
    const login = readFileSync(join(dataDir, "first-login.txt"), "utf8");
    expect(login).toMatch(/password: \S{8,}/);
    // Its stdout closes when it dies; check the banner once the first run is over (below, after kill -9).
  });

  test("plaudit version --json and doctor --json parse", () => {
    const v = cliJson("version");
    expect(v.version).toMatch(/^\d+\.\d+\.\d+/);
    const d = cli("doctor", "--json");
    const report = JSON.parse(d.out);
    expect(d.code).toBe(report.ok ? 0 : 1);
    expect(report.checks.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(["ffmpeg", "database", "data directory"]),
    );
    // doctor also runs a two-second test recording through the media pipeline (a few seconds).
  }, 60_000);

  test("org create and key create set up an organisation that the API answers for", async () => {
    const org = cliJson("org", "create", "--name", "Binary Co", "--plan", "core");
    expect(org.id).toMatch(/^org_/);
    expect(org.plan).toBe("core");
    const key = cliJson("key", "create", "--org", org.id, "--mode", "test");
    expect(key.secret).toStartWith("rk_test_");
    Object.assign(state, { orgId: org.id, key: key.secret });

    const r = await api("GET", "/v1/brands", state.key);
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0]).toMatchObject({ is_default: true, slug: "default", mode: "test" });
    state.brandId = r.body.data[0].id;
  });

  test("serves the dashboard with its embedded bundles, and the OpenAPI document", async () => {
    const page = await fetch(`${base}/app/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("<html");
    const script = html.match(/src="\.\/([^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const js = await fetch(`${base}/app/${script}`);
    expect(js.status).toBe(200);
    expect((await js.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    const doc = await fetch(`${base}/v1/openapi.json`);
    expect(doc.status).toBe(200);
    const spec = await doc.json();
    expect(spec.openapi).toStartWith("3.");
    expect(Object.keys(spec.paths)).toContain("/v1/brands");
  });

  test("uploads a logo through the embedded image library and serves it from the CDN", async () => {
    const form = new FormData();
    form.append(
      "file",
      new Blob([readFileSync(join(ROOT, "assets", "default-logo.png"))], { type: "image/png" }),
      "logo.png",
    );
    const r = await api("POST", `/v1/brands/${state.brandId}/logo`, state.key, form);
    expect(r.status, r.text).toBe(200);
    expect(r.body.logo_url).not.toContain("default-logo");
    state.logoUrl = r.body.logo_url;
    const img = await fetch(state.logoUrl.replace(/^https?:\/\/[^/]+/, base));
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
  });

  test("creates a collect link", async () => {
    const r = await api(
      "POST",
      `/v1/brands/${state.brandId}/links`,
      state.key,
      {
        title: "Tell us about the binary",
        prompts: [{ text: "What did you like?", max_seconds: 60 }],
        consent_text: "You agree that we may publish this.",
        consent_version: "2026-11-01",
      },
      { "idempotency-key": "binary-test-1" },
    );
    expect(r.status, r.text).toBe(201);
    state.linkId = r.body.id;
    expect(state.linkId).toMatch(/^lnk_/);
  });

  test("after kill -9 and a restart on the same data directory, nothing is lost", async () => {
    server!.kill(9);
    expect(await server!.exited).not.toBe(0);
    const banner = await firstOutput;
    expect(banner).toContain("First start: sign in as");

    const second = (await startServer()).output;
    const brands = await api("GET", "/v1/brands", state.key);
    expect(brands.status).toBe(200);
    expect(brands.body.data.map((b: { id: string }) => b.id)).toEqual([state.brandId]);
    expect(brands.body.data[0].logo_url).toBe(state.logoUrl);

    const link = await api("GET", `/v1/links/${state.linkId}`, state.key);
    expect(link.status).toBe(200);
    expect(link.body.title).toBe("Tell us about the binary");
    const list = await api("GET", `/v1/brands/${state.brandId}/links`, state.key);
    expect(list.body.data.map((l: { id: string }) => l.id)).toContain(state.linkId);
    expect((await fetch(state.logoUrl.replace(/^https?:\/\/[^/]+/, base))).status).toBe(200);

    // A second start does not make another first organisation.
    server!.kill("SIGTERM");
    await server!.exited;
    expect(await second).not.toContain("First start");
    await startServer();
  });

  test("plaudit backup writes an archive whose plaudit.db opens and holds the organisation", () => {
    const archive = join(dir, "backup.tar.gz");
    const b = cliJson("backup", "--to", archive);
    expect(b.path).toBe(archive);
    const out = join(dir, "restored");
    Bun.spawnSync(["mkdir", "-p", out]);
    const x = Bun.spawnSync(["tar", "-xzf", archive, "-C", out], { stderr: "pipe" });
    expect(x.exitCode, x.stderr.toString()).toBe(0);
    expect(existsSync(join(out, "secret.key"))).toBe(true);
    const db = new Database(join(out, "plaudit.db"), { readonly: true });
    try {
      expect(db.query("SELECT name FROM orgs WHERE id = ?").get(state.orgId)).toEqual({ name: "Binary Co" });
      expect(db.query("SELECT count(*) AS n FROM links WHERE id = ?").get(state.linkId)).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  });
});
