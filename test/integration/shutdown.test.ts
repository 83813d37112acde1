/**
 * `plaudit serve` stops cleanly on SIGTERM, tested on the executable: a recording upload whose body is still
 * arriving when the signal comes is answered 204 and kept; new connections are refused from the moment the signal
 * is handled; the process exits 0 within the grace period (PLAUDIT_SHUTDOWN_GRACE_SECONDS); a processing job that
 * was running is left under its lease with nothing marked failed, and its ffmpeg/speech child processes end with
 * the server; started again, the server claims it once the lease has run out and both testimonials end ready.
 * A SIGTERM that comes while the app is still loading (the health check answers before it, src/cli/serve.ts) stops
 * the server the same way once the app is loaded: exit 0, the database closed cleanly (no WAL left behind).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureFirstSentence, ensureMediaFixtures } from "../fixtures/media/make-fixtures";
import { freePort, plaudit, serveEnv, startServe, type ServeProcess } from "../helpers/serve-process";
import { ensureBinary } from "../helpers/binary";
import { until } from "../helpers/wait";

const CONSENT = "I agree that my recording may be published.";
const GRACE_SECONDS = 2;
const LEASE_SECONDS = 5;

let cwd = "";
let port = 0;
let env: Record<string, string> = {};
let server: ServeProcess | null = null;

beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), "plaudit-shutdown-"));
  port = freePort();
  env = serveEnv(port, {
    PLAUDIT_SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    PLAUDIT_JOB_LEASE_SECONDS: String(LEASE_SECONDS),
  });
});
afterAll(async () => {
  if (server?.proc.exitCode === null) server.proc.kill(9);
  if (cwd) rmSync(cwd, { recursive: true, force: true });
});

/** The processing job of a testimonial, read straight from the database. */
function processJob(submissionId: string) {
  const db = new Database(join(cwd, "data", "plaudit.db"), { readonly: true });
  try {
    return db
      .query(
        "SELECT status, attempts, locked_by AS lockedBy, last_error AS lastError FROM jobs WHERE kind = 'submission.process' AND json_extract(payload, '$.submissionId') = ?",
      )
      .get(submissionId) as {
      status: string;
      attempts: number;
      lockedBy: string | null;
      lastError: string | null;
    } | null;
  } finally {
    db.close();
  }
}

/** The process ids of `pid`'s children (Linux /proc), empty where the kernel does not list them. */
function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
}

/**
 * Bytes the kernel holds unread for the server on the loopback connection from `clientPort` to `serverPort`
 * (/proc/net/tcp's rx_queue of the server's socket), or null while it has no such connection. Zero once the server
 * has accepted the connection and read what was sent.
 */
function unreadByServer(serverPort: number, clientPort: number): number | null {
  const hex = (p: number) => p.toString(16).toUpperCase().padStart(4, "0");
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f[1]?.endsWith(`:${hex(serverPort)}`) && f[2]?.endsWith(`:${hex(clientPort)}`))
      return Number.parseInt(f[4]!.split(":")[1]!, 16);
  }
  return null;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z");
  } catch {
    return false;
  }
};

test("SIGTERM: the upload in flight is answered and kept, new connections are refused, exit 0; the running job is claimed again later", async () => {
  const fx = ensureMediaFixtures();
  const org = await plaudit(cwd, env, [
    "org",
    "create",
    "--name",
    "Acme",
    "--plan",
    "core",
    "--owner-email",
    "owner@example.com",
    "--owner-password",
    "owner-password-1",
    "--json",
  ]);
  expect(org.code, org.err).toBe(0);
  const orgId = JSON.parse(org.out).id;
  const key = JSON.parse((await plaudit(cwd, env, ["key", "create", "--org", orgId, "--mode", "live", "--json"])).out)
    .secret as string;
  server = await startServe(cwd, port, env);
  const url = server.url;
  const api = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await r.text();
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text}`);
    return JSON.parse(text);
  };
  const brand = (await api("GET", "/v1/brands")).data[0].id;
  const link = await api("POST", `/v1/brands/${brand}/links`, {
    title: "Tell us",
    prompts: [{ text: "How was it?" }],
    consent_text: CONSENT,
    consent_version: "v1",
  });
  // A: the whole recording (13.6 s), so its processing is still running when the grace ends. B: its first sentence
  // (4 s): its upload is cut in two by the signal and processed after the restart, which any recording shows.
  const whole = new Uint8Array(readFileSync(fx.webm));
  const bytes = new Uint8Array(readFileSync(ensureFirstSentence().webm));
  const startUpload = async (name: string, file: Uint8Array) => {
    const r = await fetch(`${url}/public/links/${link.id}/submissions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        kind: "video",
        respondent: { name },
        consent: { agreed: true, text: CONSENT, version: "v1" },
        upload: { size: file.length, type: "video/webm" },
      }),
    });
    expect(r.status).toBe(201);
    const body = await r.json();
    return { id: body.submission_id as string, upload: new URL(body.upload.url) };
  };

  // Testimonial A arrives whole; its processing job starts.
  const a = await startUpload("Avery Early", whole);
  const put = await fetch(a.upload, {
    method: "PATCH",
    headers: { "tus-resumable": "1.0.0", "content-type": "application/offset+octet-stream", "upload-offset": "0" },
    body: whole,
  });
  expect(put.status).toBe(204);
  await until("A's processing job to be running", () => processJob(a.id)?.status === "running", 30_000, 20);

  // Testimonial B's upload: headers and half the bytes now, the rest after SIGTERM.
  const b = await startUpload("Blake Late", bytes);
  const sock = connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => sock.once("connect", resolve).once("error", reject));
  let answer = "";
  sock.on("data", (d) => (answer += d.toString("latin1")));
  const closed = new Promise<void>((resolve) => sock.once("close", () => resolve()));
  sock.write(
    `PATCH ${b.upload.pathname}${b.upload.search} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nTus-Resumable: 1.0.0\r\n` +
      `Content-Type: application/offset+octet-stream\r\nUpload-Offset: 0\r\nContent-Length: ${bytes.length}\r\n\r\n`,
  );
  const half = Math.floor(bytes.length / 2);
  sock.write(bytes.subarray(0, half));
  // The server is reading the upload: it accepted the connection and has read every byte sent so far.
  await until(
    "the server to read the first half of B's upload",
    () => unreadByServer(port, sock.localPort!) === 0,
    30_000,
    20,
  );

  const children = childrenOf(server.proc.pid);
  const signalled = performance.now();
  server.proc.kill("SIGTERM");
  // Once the signal is handled the listening socket is closed: a new connection is refused while the upload is still
  // in flight (until then /healthz may still answer).
  const refused = await until(
    "new connections to be refused",
    () =>
      fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) }).then(
        () => null,
        (e) => String(e?.code ?? e),
      ),
    20_000,
    50,
  );
  expect(refused).toBe("ECONNREFUSED");
  expect(server.proc.exitCode).toBeNull();
  sock.end(bytes.subarray(half));
  await closed;
  expect(answer).toStartWith("HTTP/1.1 204");
  expect(answer.toLowerCase()).toContain(`upload-offset: ${bytes.length}`);

  const code = await server.stop(null, 15_000);
  const stoppedMs = performance.now() - signalled;
  // Exit 0 without waiting for A's processing (A is left running below): the grace ended it, however long it took.
  expect(code).toBe(0);
  const firstLog = server.log();
  expect(firstLog).not.toContain('"level":"error"');

  // A was still being processed when the grace ran out: left under its claim, not failed, not retried early.
  const left = processJob(a.id)!;
  expect(left).toMatchObject({ status: "running", attempts: 1, lastError: null });
  expect(firstLog).toContain("job left to its lease at shutdown");
  // B's upload is complete and queued for processing.
  expect(processJob(b.id)).toMatchObject({ status: "queued", attempts: 0 });
  expect(readdirSync(join(cwd, "data", "media", "uploads")).filter((n) => n.endsWith(".part"))).toEqual([]);
  // The server's ffmpeg or speech child processes did not outlive it.
  await until("the server's child processes to end", () => children.every((pid) => !alive(pid)), 20_000);

  // Started again: B at once, A once its lease has run out; both end ready, each processed to the end once.
  server = await startServe(cwd, port, env);
  const ready = async (id: string) => (await api("GET", `/v1/submissions/${id}`)).status === "ready";
  await until(
    "both testimonials to be processed",
    async () => (await ready(a.id)) && (await ready(b.id)),
    400_000,
    250,
  );
  const again = processJob(a.id)!;
  expect(again).toMatchObject({ status: "done", attempts: 2 });
  expect(again.lockedBy).not.toBe(left.lockedBy);
  expect(processJob(b.id)).toMatchObject({ status: "done", attempts: 1 });
  for (const id of [a.id, b.id]) {
    const s = await api("GET", `/v1/submissions/${id}`);
    expect(Object.keys(s.media)).toContain("video");
    expect((await fetch(s.media.video.url)).status).toBe(200);
  }
  expect(await server.stop()).toBe(0);
  console.log(
    `shutdown: exit 0 ${Math.round(stoppedMs)} ms after SIGTERM (grace ${GRACE_SECONDS} s); ${children.length} child process(es) ended with it; the left job was done on its second claim`,
  );
}, 480_000);

test("SIGTERM while the app is still loading: the server stops once it is loaded, exit 0, the database closed cleanly", async () => {
  const dir = mkdtempSync(join(tmpdir(), "plaudit-shutdown-early-"));
  const early = freePort();
  const earlyEnv = serveEnv(early);
  try {
    // An organisation exists, so the start is a restart: the port opens before the app loads.
    expect((await plaudit(dir, earlyEnv, ["org", "create", "--name", "Early", "--operator"])).code).toBe(0);
    const proc = Bun.spawn([await ensureBinary(), "serve"], {
      cwd: dir,
      env: earlyEnv,
      stdout: "ignore",
      stderr: "pipe",
    });
    const url = `http://127.0.0.1:${early}`;
    await until(
      "the health check to answer",
      async () => (await fetch(`${url}/healthz`).catch(() => null))?.ok,
      30_000,
      2,
    );
    proc.kill("SIGTERM");
    const [code, err] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
    expect({ code, err }).toEqual({ code: 0, err: expect.not.stringContaining("rror") });
    // Closed, not cut off: the last connection wrote the WAL back into the database file and removed it.
    expect(existsSync(join(dir, "data", "plaudit.db-wal"))).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
