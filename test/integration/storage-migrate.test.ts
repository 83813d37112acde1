/**
 * `plaudit storage migrate --to s3://…` against the executable and a real S3-protocol server (s3rver): a data
 * directory made by the executable itself (a brand logo, a written testimonial published in a widget document)
 * plus a few hundred filler files and an unfinished upload; a dry run copies nothing; a migrate killed with
 * SIGKILL half-way switches nothing and a rerun resumes (skipping what is there), verifies and switches; then
 * `plaudit serve`, with no storage variable set and the local media/ and public/ folders deleted, serves the
 * published files through the CDN address from the bucket and writes new files there.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { binaryEnv, ensureBinary } from "../helpers/binary";
import { S3_KEYS, startS3, type S3Server } from "../helpers/s3";
import { until } from "../helpers/wait";
import { freePort } from "../helpers/ports";

const OWNER = { email: "owner@example.com", password: "owner-password-1" };
const WORDS = "Plaudit moved our testimonials to the bucket without a hitch.";
const FILLER = 400;

let s3: S3Server;
let bin = "";
let cwd = "";
let dataDir = "";
let port = 0;
let url = "";
let serveProc: ReturnType<typeof Bun.spawn> | null = null;
const facts = { key: "", brandId: "", logoUrl: "", logoKey: "", documentUrl: "", logoBytes: new Uint8Array() };

/** The S3 keys only: the target comes from --to, and later from storage.json. */
const s3Keys = () => ({
  PLAUDIT_S3_ENDPOINT: s3.endpoint,
  PLAUDIT_S3_REGION: "us-east-1",
  PLAUDIT_S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
  PLAUDIT_S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
});
const env = (extra: Record<string, string> = {}) =>
  binaryEnv({
    PLAUDIT_PORT: String(port),
    PLAUDIT_HOST: "127.0.0.1",
    PLAUDIT_BASE_URL: url,
    PLAUDIT_LOG_LEVEL: "warn",
    PLAUDIT_SELF_TEST: "0",
    ...extra,
  });

/** Runs the executable (asynchronously: s3rver answers from this very process, so a blocking spawn would hang). */
async function run(args: string[], extra: Record<string, string> = {}) {
  const p = Bun.spawn([bin, ...args], { cwd, env: env(extra), stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { code, out, err };
}

async function serve(extra: Record<string, string> = {}) {
  const log = join(cwd, `serve-${Date.now()}.log`);
  serveProc = Bun.spawn([bin, "serve"], { cwd, env: env(extra), stdout: Bun.file(log), stderr: Bun.file(log) });
  const end = Date.now() + 30_000;
  for (;;) {
    if (serveProc.exitCode !== null)
      throw new Error(`serve exited ${serveProc.exitCode}: ${readFileSync(log, "utf8")}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {}
    if (Date.now() > end) throw new Error(`serve did not answer: ${readFileSync(log, "utf8")}`);
    await Bun.sleep(50);
  }
}

async function stopServe() {
  serveProc?.kill("SIGTERM");
  await serveProc?.exited;
  serveProc = null;
}

beforeAll(async () => {
  s3 = await startS3("plaudit-migrate");
  bin = await ensureBinary();
  cwd = mkdtempSync(join(tmpdir(), "plaudit-migrate-"));
  dataDir = join(cwd, "data");
  port = freePort();
  url = `http://127.0.0.1:${port}`;
}, 120_000);

afterAll(async () => {
  serveProc?.kill(9);
  await s3?.stop();
  if (cwd) rmSync(cwd, { recursive: true, force: true });
});

test("a data directory made by the executable: a logo, a published written testimonial, filler files, an unfinished upload", async () => {
  const org = await run([
    "org",
    "create",
    "--name",
    "Acme",
    "--plan",
    "core",
    "--owner-email",
    OWNER.email,
    "--owner-password",
    OWNER.password,
    "--owner-name",
    "Olive",
    "--json",
  ]);
  expect(org.code, org.err).toBe(0);
  const orgId = JSON.parse(org.out).id;
  const key = JSON.parse((await run(["key", "create", "--org", orgId, "--mode", "live", "--json"])).out)
    .secret as string;
  facts.key = key;
  await serve();
  const auth = { authorization: `Bearer ${key}` };
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${url}${path}`, {
      method,
      headers: { ...auth, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await r.text();
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const brand = (await call("GET", "/v1/brands")).data[0];
  facts.brandId = brand.id;
  const form = new FormData();
  form.set(
    "file",
    new Blob(
      [
        `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#c33"/></svg>`,
      ],
      { type: "image/svg+xml" },
    ),
    "logo.svg",
  );
  const withLogo = await (
    await fetch(`${url}/v1/brands/${brand.id}/logo`, { method: "POST", headers: auth, body: form })
  ).json();
  expect(withLogo.logo_url).toStartWith(`${url}/cdn/`);
  facts.logoUrl = withLogo.logo_url;
  facts.logoKey = withLogo.logo_url.slice(`${url}/cdn/`.length);
  const link = await call("POST", `/v1/brands/${brand.id}/links`, {
    title: "Tell us",
    prompts: [{ text: "How was it?" }],
    consent_text: "I agree that my words may be published.",
    consent_version: "2026-11-01",
  });
  const sent = await fetch(`${url}/public/links/${link.id}/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      kind: "text",
      respondent: { name: "Robin Writer" },
      consent: { agreed: true, text: "I agree that my words may be published.", version: "2026-11-01" },
      text: WORDS,
    }),
  });
  expect(sent.status).toBe(201);
  const id = (await sent.json()).submission_id;
  await call("POST", `/v1/submissions/${id}/approve`);
  await call("POST", `/v1/submissions/${id}/visibility`, { is_public: true });
  const widget = await call("POST", "/v1/widgets", { brand_id: brand.id, layout: "wall", theme: "light" });
  facts.documentUrl = widget.document_url;
  await until(
    "the widget document",
    async () =>
      (await fetch(widget.document_url)).status === 200 &&
      (await (await fetch(widget.document_url)).text()).includes("Robin Writer"),
    20_000,
  );
  facts.logoBytes = new Uint8Array(await (await fetch(facts.logoUrl)).arrayBuffer());
  await stopServe();
  expect(readFileSync(join(dataDir, "public", facts.logoKey))).toEqual(Buffer.from(facts.logoBytes));
  mkdirSync(join(dataDir, "media", "filler"), { recursive: true });
  for (let i = 0; i < FILLER; i++)
    writeFileSync(
      join(dataDir, "media", "filler", `f${String(i).padStart(4, "0")}.bin`),
      Buffer.alloc(8192 + i, i % 251),
    );
  mkdirSync(join(dataDir, "media", "uploads"), { recursive: true });
  writeFileSync(join(dataDir, "media", "uploads", "u1.part"), "first half of an upload");
}, 90_000);

test("--dry-run lists what would be copied and copies nothing", async () => {
  const r = await run(["storage", "migrate", "--to", `s3://${s3.bucket}/site`, "--dry-run", "--json"], s3Keys());
  expect(r.code, r.err + r.out).toBe(0);
  const report = JSON.parse(r.out);
  expect(report.dry_run).toBe(true);
  expect(report.keys).toContain(`public/${facts.logoKey}`);
  expect(report.keys.some((k: string) => k.startsWith("public/widgets/"))).toBe(true);
  expect(report.keys).not.toContain("media/uploads/u1.part");
  expect(report.keys.length).toBe(report.files);
  expect(report.files).toBeGreaterThan(FILLER);
  expect(await s3.keys()).toEqual([]);
  expect(existsSync(join(dataDir, "storage.json"))).toBe(false);
  // The human form names each file.
  const human = await run(["storage", "migrate", "--to", `s3://${s3.bucket}/site`, "--dry-run"], s3Keys());
  expect(human.out).toContain(`public/${facts.logoKey}`);
}, 30_000);

test("killed half-way, nothing is switched; the rerun resumes, verifies and switches", async () => {
  const p = Bun.spawn([bin, "storage", "migrate", "--to", `s3://${s3.bucket}/site`], {
    cwd,
    env: env(s3Keys()),
    stdout: "pipe",
    stderr: "pipe",
  });
  let seen = "";
  const reader = p.stderr.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += new TextDecoder().decode(value);
    const m = [...seen.matchAll(/copied (\d+)\//g)].pop();
    if (m && Number(m[1]) >= 100) {
      p.kill(9);
      break;
    }
  }
  expect(await p.exited).not.toBe(0);
  expect(p.signalCode).toBe("SIGKILL");
  const before = await s3.sizes("site/");
  const partial = before.size;
  expect(partial).toBeGreaterThanOrEqual(100);
  expect(partial).toBeLessThan(FILLER);
  expect(existsSync(join(dataDir, "storage.json"))).toBe(false);
  // Between the two passes a file goes (an erasure): its copy must not survive in the bucket.
  const erased = (await s3.keys("site/media/filler/"))[0]!;
  rmSync(join(dataDir, erased.slice("site/".length)));
  // The copies that were whole at the kill (an upload cut off mid-body may have left a shorter object).
  const whole = [...before].filter(([key, size]) => {
    const local = join(dataDir, key.slice("site/".length));
    return existsSync(local) && statSync(local).size === size;
  }).length;

  const r = await run(["storage", "migrate", "--to", `s3://${s3.bucket}/site`, "--json"], s3Keys());
  expect(r.code, r.err + r.out).toBe(0);
  const report = JSON.parse(r.out);
  // Every whole copy made before the kill is skipped (not the erased file's); a cut-off one is copied again.
  expect(report.skipped).toBe(whole);
  // At most 8 uploads are in flight at once (storage-migrate.ts), so at most 8 were cut off.
  expect(whole).toBeGreaterThanOrEqual(partial - 1 - 8);
  expect(report.copied + report.skipped).toBe(report.files);
  expect(report.deleted).toEqual([erased.slice("site/".length)]);
  expect(report.verified).toBe(true);
  expect(report.upload_parts_moved).toBe(1);
  expect(readFileSync(join(dataDir, "tmp", "uploads", "u1.part"), "utf8")).toBe("first half of an upload");
  const keys = await s3.keys("site/");
  expect(keys.length).toBe(report.files);
  expect(keys).toContain(`site/public/${facts.logoKey}`);
  const filler = keys.filter((k) => k.startsWith("site/media/filler/"));
  expect(filler.length).toBe(FILLER - 1);
  expect(keys).not.toContain(erased);
  expect((await s3.client().file("site/media/filler/f0399.bin").stat()).size).toBe(8192 + 399);
  const file = join(dataDir, "storage.json");
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({
    url: `s3://${s3.bucket}/site`,
    endpoint: s3.endpoint,
  });

  console.log(
    `storage migrate: SIGKILL after ${partial} of ${report.files} objects; the rerun copied ${report.copied} and skipped ${report.skipped}, verified, switched`,
  );
  // A data directory that has switched is refused (its local folders may be gone: a pass would empty the bucket).
  const again = await run(["storage", "migrate", "--to", `s3://${s3.bucket}/site`, "--json"], s3Keys());
  expect(again.code).toBe(2);
  expect(again.err).toContain("already keeps its files in object storage");
  expect((await s3.keys("site/")).length).toBe(report.files);
}, 90_000);

test("after the switch, serve reads published files from the bucket through the CDN address and writes new ones there", async () => {
  // No storage variable at all: the switch is storage.json. The local copies go, to prove nothing reads them.
  rmSync(join(dataDir, "media"), { recursive: true, force: true });
  rmSync(join(dataDir, "public"), { recursive: true, force: true });
  await serve();
  try {
    const logo = await fetch(facts.logoUrl);
    expect(logo.status).toBe(200);
    expect(new Uint8Array(await logo.arrayBuffer())).toEqual(facts.logoBytes);
    const doc = await fetch(facts.documentUrl);
    expect(doc.status).toBe(200);
    expect(await doc.text()).toContain(WORDS.slice(0, 30));
    // A new file lands in the bucket, not on the box's disk.
    const before = await s3.keys("site/public/widgets/");
    const w = await (
      await fetch(`${url}/v1/widgets`, {
        method: "POST",
        headers: { authorization: `Bearer ${facts.key}`, "content-type": "application/json" },
        body: JSON.stringify({ brand_id: facts.brandId, layout: "wall", theme: "dark" }),
      })
    ).json();
    expect(w.document_url, JSON.stringify(w)).toBeTruthy();
    await until(
      "the new widget document in the bucket",
      async () => (await s3.keys("site/public/widgets/")).length > before.length,
      20_000,
    );
    expect((await fetch(w.document_url)).status).toBe(200);
    expect(existsSync(join(dataDir, "public"))).toBe(false);
    expect(existsSync(join(dataDir, "media"))).toBe(false);
  } finally {
    await stopServe();
  }
}, 60_000);

test("a backup of a switched data directory carries the switch, so a restored box reads the bucket", async () => {
  const archive = join(cwd, "backup.tar.gz");
  const r = await run(["backup", "--to", archive]);
  expect(r.code, r.err + r.out).toBe(0);
  const list = Bun.spawnSync(["tar", "-tzf", archive]).stdout.toString().split("\n");
  expect(list).toContain("./storage.json");
  expect(list).toContain("./plaudit.db");
}, 30_000);

test("restoring that backup brings the switch back and says the bucket itself is not in the archive", async () => {
  const archive = join(cwd, "backup.tar.gz");
  const target = join(cwd, "restored", "data");
  const r = await run(["restore", "--from", archive, "--data-dir", target]);
  expect(r.code, r.err + r.out).toBe(0);
  expect(r.out).toContain(`object storage (s3://${s3.bucket}/site)`);
  expect(r.out).toContain("The bucket itself is not in the archive");
  expect(JSON.parse(readFileSync(join(target, "storage.json"), "utf8")).url).toBe(`s3://${s3.bucket}/site`);
  const json = await run(["restore", "--from", archive, "--data-dir", join(cwd, "restored-json"), "--json"]);
  expect(JSON.parse(json.out)).toMatchObject({ object_storage: `s3://${s3.bucket}/site`, testimonials: 1 });
}, 30_000);
