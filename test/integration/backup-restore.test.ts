/**
 * Backups and restore, on the executable. The round trip: a server with a written testimonial sent through the
 * public capture route, a recorded video processed by the server itself, an API key, a published widget and a
 * public wall; `plaudit backup` while it serves; stop; the data directory emptied; `plaudit restore --from`; start
 * again: every testimonial is listed, each of its files (signed and published) answers 200 with the same bytes,
 * the old API key works, the widget document and the wall answer with both testimonials, and the owner signs in.
 * A restore into a data directory that holds anything is refused and changes nothing. Scheduled backups
 * (PLAUDIT_BACKUP_SCHEDULE every second) write archives to a folder and to an S3 prefix (s3rver), keep only
 * PLAUDIT_BACKUP_KEEP of them, never touch other files there, and restore; a failing target reaches the health
 * answer (operator organisation only) and `plaudit doctor`.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureFirstSentence } from "../fixtures/media/make-fixtures";
import { S3_KEYS, startS3, type S3Server } from "../helpers/s3";
import { freePort, plaudit, serveEnv, startServe, type ServeProcess } from "../helpers/serve-process";
import { httpApi, publish, sendWritten, wallBrand, type Api } from "../helpers/walls";
import { until } from "../helpers/wait";

const OWNER = { email: "owner@example.com", password: "owner-password-1" };
const CONSENT = "I agree that my words and recording may be published.";
const WRITTEN = "Restored or not, Plaudit kept every word we collected.";
const SCHEDULED = /^plaudit-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/;

let work = "";
let s3: S3Server;
const servers: ServeProcess[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "plaudit-backup-"));
  s3 = await startS3("plaudit-backups");
}, 60_000);
afterAll(async () => {
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill(9);
  await s3?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const sha = (bytes: ArrayBuffer | Uint8Array) =>
  createHash("sha256")
    .update(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))
    .digest("hex");

/** A fresh working folder with an organisation (and its owner) made by the executable's CLI. */
async function install(name: string, env: (port: number) => Record<string, string>, operator = false) {
  const cwd = join(work, name);
  mkdirSync(cwd);
  const port = freePort();
  const e = env(port);
  const org = await plaudit(cwd, e, [
    "org",
    "create",
    "--name",
    "Acme",
    ...(operator ? ["--operator"] : ["--plan", "core"]),
    "--owner-email",
    OWNER.email,
    "--owner-password",
    OWNER.password,
    "--json",
  ]);
  expect(org.code, org.err).toBe(0);
  const orgId = JSON.parse(org.out).id as string;
  return { cwd, port, env: e, orgId, dataDir: join(cwd, "data") };
}

async function serve(cwd: string, port: number, env: Record<string, string>) {
  const s = await startServe(cwd, port, env);
  servers.push(s);
  return s;
}

/** Signs the owner in; the headers of a dashboard session. */
async function signIn(url: string, orgId: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-svc-org": orgId, "x-svc-csrf": "1" },
    body: JSON.stringify(OWNER),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, "x-svc-org": orgId, "x-svc-csrf": "1" };
}

/**
 * Sends a recording through the capture route's tus upload; its testimonial id. The speech recording's first
 * sentence (4 s): any processed recording has the files a restore must bring back.
 */
async function sendVideo(url: string, linkId: string, name: string): Promise<string> {
  const bytes = new Uint8Array(readFileSync(ensureFirstSentence().webm));
  const r = await fetch(`${url}/public/links/${linkId}/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      kind: "video",
      respondent: { name },
      consent: { agreed: true, text: CONSENT, version: "2026-11-01" },
      upload: { size: bytes.length, type: "video/webm" },
    }),
  });
  expect(r.status).toBe(201);
  const started = await r.json();
  const put = await fetch(started.upload.url, {
    method: "PATCH",
    headers: { "tus-resumable": "1.0.0", "content-type": "application/offset+octet-stream", "upload-offset": "0" },
    body: bytes,
  });
  expect(put.status).toBe(204);
  return started.submission_id;
}

/** Every file a testimonial has (signed variants by name, published copies by address) with its bytes' hash. */
async function filesOf(api: Api, id: string): Promise<Record<string, string>> {
  const s = (await api("GET", `/v1/submissions/${id}`)).body;
  const out: Record<string, string> = {};
  for (const [variant, m] of Object.entries(s.media as Record<string, { url: string }>)) {
    const res = await fetch(m.url);
    expect(res.status, `${id} ${variant}`).toBe(200);
    out[`media:${variant}`] = sha(await res.arrayBuffer());
  }
  for (const [field, address] of Object.entries((s.public_media ?? {}) as Record<string, string | null>)) {
    if (!address) continue;
    const res = await fetch(address);
    expect(res.status, `${id} ${field}`).toBe(200);
    out[`public:${field}:${address}`] = sha(await res.arrayBuffer());
  }
  return out;
}

/** Files under media/ and public/ in an archive (published copies are hard links to the media files). */
function archivedFiles(archive: string): number {
  const p = Bun.spawnSync(["tar", "-tvzf", archive], { stdout: "pipe" });
  return p.stdout
    .toString()
    .split("\n")
    .filter((l) => (l.startsWith("-") || l.startsWith("h")) && /\s\.\/(media|public)\//.test(l)).length;
}

/** Names in a folder, sorted. */
const namesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);

describe("the round trip", () => {
  test("backup, wipe, restore: every testimonial, file, key, widget, wall and sign-in still works; a non-empty directory is refused", async () => {
    const site = await install("roundtrip", (port) => serveEnv(port));
    const key = JSON.parse(
      (await plaudit(site.cwd, site.env, ["key", "create", "--org", site.orgId, "--mode", "live", "--json"])).out,
    ).secret as string;
    let server = await serve(site.cwd, site.port, site.env);
    const api = httpApi(server.url, key);
    const brand = await wallBrand(api);
    const [written] = await sendWritten(api, brand.linkId, [{ text: WRITTEN, name: "Robin Writer", rating: 5 }]);
    const video = await sendVideo(server.url, brand.linkId, "Vic Video");
    await until(
      "the video to be processed",
      async () => (await api("GET", `/v1/submissions/${video}`)).body.status === "ready",
      180_000,
      250,
    );
    // The offline recogniser's words are a draft: checked first, as the team would before publishing them.
    expect((await api("POST", `/v1/submissions/${video}/transcript/confirm`)).status).toBe(200);
    await publish(api, [written!, video]);
    const widget = (await api("POST", "/v1/widgets", { brand_id: brand.id, layout: "wall", theme: "light" })).body;
    expect(widget.document_url, JSON.stringify(widget)).toBeTruthy();
    const shows = async (address: string) => {
      const res = await fetch(address);
      const text = await res.text();
      return res.status === 200 && text.includes("Robin Writer") && text.includes("Vic Video") ? text : null;
    };
    await until("the widget document with both testimonials", () => shows(widget.document_url), 30_000, 200);
    await until("the wall with both testimonials", () => shows(brand.wallUrl), 30_000, 200);
    const ids = (await api("GET", "/v1/submissions?limit=50")).body.data.map((s: { id: string }) => s.id).sort();
    expect(ids).toEqual([written, video].sort());
    const files: Record<string, Record<string, string>> = {};
    for (const id of ids) files[id] = await filesOf(api, id);
    expect(Object.keys(files[video]!).some((k) => k.startsWith("media:video"))).toBe(true);
    expect(Object.keys(files[video]!).some((k) => k.startsWith("public:video_url"))).toBe(true);

    // The backup is taken while serving; then the server stops and the data directory is emptied.
    const archive = join(work, "roundtrip.tar.gz");
    const b = await plaudit(site.cwd, site.env, ["backup", "--to", archive, "--json"]);
    expect(b.code, b.err).toBe(0);
    expect(await server.stop()).toBe(0);
    for (const name of readdirSync(site.dataDir)) rmSync(join(site.dataDir, name), { recursive: true, force: true });
    expect(namesIn(site.dataDir)).toEqual([]);

    const r = await plaudit(site.cwd, site.env, ["restore", "--from", archive, "--json"]);
    expect(r.code, r.err + r.out).toBe(0);
    const report = JSON.parse(r.out);
    expect(report).toMatchObject({ data_dir: site.dataDir, testimonials: 2, object_storage: null });
    expect(report.files).toBe(archivedFiles(archive));
    expect(report.files).toBeGreaterThan(5);
    const human = await plaudit(site.cwd, site.env, ["restore", "--from", archive, "--data-dir", join(work, "second")]);
    expect(human.code, human.err).toBe(0);
    expect(human.out).toContain("2 testimonials");

    server = await serve(site.cwd, site.port, site.env);
    const after = httpApi(server.url, key);
    const listed = await after("GET", "/v1/submissions?limit=50");
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((s: { id: string }) => s.id).sort()).toEqual(ids);
    for (const id of ids) expect(await filesOf(after, id)).toEqual(files[id]!);
    expect((await after("GET", `/v1/submissions/${written}`)).body.text_input).toBe(WRITTEN);
    expect(await shows(widget.document_url)).toBeTruthy();
    expect(await shows(brand.wallUrl)).toBeTruthy();
    expect((await fetch(`${server.url}/v1/me`, { headers: await signIn(server.url, site.orgId) })).status).toBe(200);
    expect(await server.stop()).toBe(0);

    // Into a data directory that holds anything: refused, exit 1, nothing changed.
    const before = namesIn(site.dataDir);
    const dbHash = sha(readFileSync(join(site.dataDir, "plaudit.db")));
    const refused = await plaudit(site.cwd, site.env, ["restore", "--from", archive]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`${site.dataDir} is not empty`);
    expect(refused.err).toContain("plaudit.db");
    expect(namesIn(site.dataDir)).toEqual(before);
    expect(sha(readFileSync(join(site.dataDir, "plaudit.db")))).toBe(dbHash);
    expect(namesIn(work).filter((n) => n.includes("-restore-"))).toEqual([]);
    expect(namesIn(site.cwd).filter((n) => n.includes("-restore-"))).toEqual([]);
  }, 300_000);

  test("run as root into a folder another user owns (/var/lib/plaudit), the restored files go to that user", async () => {
    if (process.getuid?.() !== 0) {
      console.log("not root: the hand-over of restored files to the folder's owner was not exercised");
      return;
    }
    const parent = join(work, "service-home");
    mkdirSync(parent);
    chownSync(parent, 65534, 65534);
    const target = join(parent, "data");
    const r = await plaudit(work, serveEnv(freePort()), [
      "restore",
      "--from",
      join(work, "roundtrip.tar.gz"),
      "--data-dir",
      target,
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("belong to uid 65534");
    const owners = Bun.spawnSync(["find", target, "-printf", "%U:%G\\n"], { stdout: "pipe" }).stdout.toString();
    expect(new Set(owners.trim().split("\n"))).toEqual(new Set(["65534:65534"]));
    expect(statSync(target).mode & 0o777).toBe(0o700);
  }, 60_000);

  test("an archive without the database or the secret, or not an archive at all, is refused before anything is placed", async () => {
    const dir = join(work, "bad");
    mkdirSync(join(dir, "stage"), { recursive: true });
    writeFileSync(join(dir, "stage", "plaudit.db"), "not a database");
    const noSecret = join(dir, "no-secret.tar.gz");
    Bun.spawnSync(["tar", "-czf", noSecret, "-C", join(dir, "stage"), "."]);
    writeFileSync(join(dir, "stage", "secret.key"), "00ff\n");
    const badDb = join(dir, "bad-db.tar.gz");
    Bun.spawnSync(["tar", "-czf", badDb, "-C", join(dir, "stage"), "."]);
    writeFileSync(join(dir, "text.tar.gz"), "hello");
    const env = serveEnv(freePort());
    const cases: [string, string][] = [
      [noSecret, "it has no secret.key"],
      [badDb, "The database in"],
      [join(dir, "text.tar.gz"), "is not a readable .tar.gz archive"],
      [join(dir, "missing.tar.gz"), "There is no file"],
    ];
    for (const [archive, message] of cases) {
      const target = join(dir, "target");
      const r = await plaudit(dir, env, ["restore", "--from", archive, "--data-dir", target]);
      expect(r.code, r.out).toBe(1);
      expect(r.err).toContain(message);
      expect(existsSync(target)).toBe(false);
      expect(namesIn(dir).filter((n) => n.includes("-restore-"))).toEqual([]);
    }
  }, 60_000);
});

describe("scheduled backups", () => {
  test("to a folder, every second: only PLAUDIT_BACKUP_KEEP archives stay, other files are left alone, the health answer shows it, the newest restores", async () => {
    const folder = join(work, "nightly");
    mkdirSync(folder);
    writeFileSync(join(folder, "pre-upgrade-2026-11-01T00-00-00Z.tar.gz"), "kept");
    writeFileSync(join(folder, "notes.txt"), "kept too");
    const site = await install(
      "scheduled",
      (port) =>
        serveEnv(port, {
          PLAUDIT_BACKUP_SCHEDULE: "* * * * * *",
          PLAUDIT_BACKUP_TO: folder,
          PLAUDIT_BACKUP_KEEP: "2",
        }),
      true,
    );
    const server = await serve(site.cwd, site.port, site.env);
    const seen = new Set<string>();
    await until(
      "five scheduled archives",
      () => {
        for (const n of namesIn(folder)) if (SCHEDULED.test(n)) seen.add(n);
        return seen.size >= 5;
      },
      30_000,
      50,
    );
    await until(
      "the retention to catch up",
      () => namesIn(folder).filter((n) => SCHEDULED.test(n)).length === 2,
      30_000,
    );
    const health = await fetch(`${server.url}/v1/system/health`, { headers: await signIn(server.url, site.orgId) });
    expect(health.status).toBe(200);
    const backups = (await health.json()).backups;
    expect(backups).toMatchObject({ schedule: "* * * * * *", destination: folder, keep: 2, failing: false });
    expect(backups.last_archive).toStartWith(join(folder, "plaudit-backup-"));
    // Every second: the next run is on a whole second after the last success.
    expect(Date.parse(backups.next_run_at)).toBeGreaterThan(Date.parse(backups.last_success_at));
    expect(Date.parse(backups.next_run_at) % 1000).toBe(0);
    expect(await server.stop()).toBe(0);
    const kept = namesIn(folder).filter((n) => SCHEDULED.test(n));
    for (const n of kept) seen.add(n);
    expect(kept.length).toBeLessThanOrEqual(3);
    // Sorted by name is sorted by time; the newest ones stayed.
    expect(kept).toEqual([...seen].sort().slice(-kept.length));
    expect(readFileSync(join(folder, "pre-upgrade-2026-11-01T00-00-00Z.tar.gz"), "utf8")).toBe("kept");
    expect(readFileSync(join(folder, "notes.txt"), "utf8")).toBe("kept too");
    expect(namesIn(folder).filter((n) => n.endsWith(".part"))).toEqual([]);

    // The newest restores into a directory that does not exist yet.
    const target = join(work, "from-schedule", "data");
    const r = await plaudit(site.cwd, site.env, [
      "restore",
      "--from",
      join(folder, kept.at(-1)!),
      "--data-dir",
      target,
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("0 testimonials");
    expect(namesIn(target)).toContain("plaudit.db");
    expect(namesIn(target)).toContain("secret.key");

    // A data directory emptied but for its backups/ folder (the default target) takes the restore from there.
    const kept2 = join(work, "keeps-backups", "data");
    mkdirSync(join(kept2, "backups"), { recursive: true });
    Bun.spawnSync(["cp", join(folder, kept.at(-1)!), join(kept2, "backups")]);
    const again = await plaudit(site.cwd, { ...site.env, PLAUDIT_DATA_DIR: kept2 }, [
      "restore",
      "--from",
      join(kept2, "backups", kept.at(-1)!),
    ]);
    expect(again.code, again.err).toBe(0);
    expect(namesIn(kept2)).toEqual(expect.arrayContaining(["backups", "plaudit.db", "secret.key"]));
    expect(namesIn(join(kept2, "backups"))).toEqual([kept.at(-1)!]);
  }, 90_000);

  test("to an S3 prefix: archives in the bucket, only PLAUDIT_BACKUP_KEEP kept, restore --from s3://…", async () => {
    const s3Env = {
      PLAUDIT_S3_ENDPOINT: s3.endpoint,
      PLAUDIT_S3_REGION: "us-east-1",
      PLAUDIT_S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
      PLAUDIT_S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
    };
    await s3.client().write("backups/nightly/pre-upgrade-2026-11-01T00-00-00Z.tar.gz", "kept");
    const site = await install("to-s3", (port) =>
      serveEnv(port, {
        ...s3Env,
        PLAUDIT_BACKUP_SCHEDULE: "* * * * * *",
        PLAUDIT_BACKUP_TO: `s3://${s3.bucket}/backups/nightly`,
        PLAUDIT_BACKUP_KEEP: "2",
      }),
    );
    const server = await serve(site.cwd, site.port, site.env);
    const scheduled = async () =>
      (await s3.keys("backups/nightly/"))
        .map((k) => k.slice("backups/nightly/".length))
        .filter((n) => SCHEDULED.test(n));
    const seen = new Set<string>();
    await until(
      "four archives in the bucket",
      async () => {
        for (const n of await scheduled()) seen.add(n);
        return seen.size >= 4;
      },
      40_000,
      100,
    );
    await until("the retention to catch up in the bucket", async () => (await scheduled()).length === 2, 30_000);
    expect(await server.stop()).toBe(0);
    const kept = await scheduled();
    for (const n of kept) seen.add(n);
    expect(kept.length).toBeLessThanOrEqual(3);
    expect(kept).toEqual([...seen].sort().slice(-kept.length));
    expect(await s3.keys("backups/nightly/pre-upgrade-")).toEqual([
      "backups/nightly/pre-upgrade-2026-11-01T00-00-00Z.tar.gz",
    ]);
    // Files stay in the data directory (no PLAUDIT_STORAGE_URL); the archive passed through tmp/ and is gone from it.
    expect(namesIn(join(site.dataDir, "tmp")).filter((n) => n.endsWith(".tar.gz"))).toEqual([]);
    expect(JSON.parse(readFileSync(join(site.dataDir, "backup-status.json"), "utf8")).lastSuccess.archive).toStartWith(
      `s3://${s3.bucket}/backups/nightly/plaudit-backup-`,
    );

    const target = join(work, "from-s3", "data");
    const from = `s3://${s3.bucket}/backups/nightly/${kept.at(-1)}`;
    const r = await plaudit(site.cwd, { ...site.env, PLAUDIT_DATA_DIR: target }, ["restore", "--from", from, "--json"]);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ data_dir: target, from, testimonials: 0 });
    const missing = await plaudit(site.cwd, { ...site.env, PLAUDIT_DATA_DIR: join(work, "from-s3", "other") }, [
      "restore",
      "--from",
      `s3://${s3.bucket}/backups/nightly/nothing-here.tar.gz`,
    ]);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain("There is no object");
  }, 90_000);

  test("a failing target is logged, shown to the operator's owners in the health answer and by plaudit doctor; other organisations see no backups", async () => {
    const blocker = join(work, "a-file");
    writeFileSync(blocker, "a file where a folder should be");
    const site = await install(
      "failing",
      (port) => serveEnv(port, { PLAUDIT_BACKUP_SCHEDULE: "* * * * * *", PLAUDIT_BACKUP_TO: join(blocker, "backups") }),
      true,
    );
    const hosted = await plaudit(site.cwd, site.env, [
      "org",
      "create",
      "--name",
      "Hosted",
      "--plan",
      "core",
      "--owner-email",
      "hosted@example.com",
      "--owner-password",
      "hosted-password-1",
      "--json",
    ]);
    expect(hosted.code, hosted.err).toBe(0);
    const server = await serve(site.cwd, site.port, site.env);
    const headers = await signIn(server.url, site.orgId);
    const backups = await until(
      "the failure in the health answer",
      async () => {
        const b = (await (await fetch(`${server.url}/v1/system/health`, { headers })).json()).backups;
        return b?.failing ? b : null;
      },
      15_000,
      100,
    );
    expect(backups).toMatchObject({ last_success_at: null, last_archive: null });
    expect(backups.last_error).toContain(`The backup to ${join(blocker, "backups")} failed`);
    expect(Date.parse(backups.last_failure_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(server.log()).toContain("scheduled backup FAILED");

    const hostedOrg = JSON.parse(hosted.out).id as string;
    const login = await fetch(`${server.url}/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-svc-org": hostedOrg, "x-svc-csrf": "1" },
      body: JSON.stringify({ email: "hosted@example.com", password: "hosted-password-1" }),
    });
    const hostedHeaders = {
      cookie: login.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
      "x-svc-org": hostedOrg,
      "x-svc-csrf": "1",
    };
    const theirs = await (await fetch(`${server.url}/v1/system/health`, { headers: hostedHeaders })).json();
    expect(theirs.media_pipeline).toBeTruthy();
    expect(theirs.backups).toBeNull();
    expect(await server.stop()).toBe(0);

    const doctor = await plaudit(site.cwd, site.env, ["doctor", "--json"]);
    const check = JSON.parse(doctor.out).checks.find((c: { name: string }) => c.name === "backups");
    expect(check).toMatchObject({ ok: false, required: false });
    expect(check.detail).toContain("no backup written yet");
    expect(check.detail).toContain("the last attempt FAILED");
    expect(check.fix).toContain("PLAUDIT_BACKUP_TO");
  }, 120_000);

  test("an invalid schedule stops the start with a message naming the variable", async () => {
    const r = await plaudit(work, serveEnv(freePort(), { PLAUDIT_BACKUP_SCHEDULE: "every night" }), ["serve"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("PLAUDIT_BACKUP_SCHEDULE must be a cron pattern");
  }, 30_000);
});
