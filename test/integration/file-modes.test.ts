/**
 * The data directory's secrets are the owner's alone, checked on the executable (dist/plaudit) with the usual
 * umask 022, where files made without an explicit mode would be 0644: a data directory Plaudit creates is 0700;
 * plaudit.db, its -wal and -shm, and secret.key are 0600 (an existing database left 0644 is tightened at open);
 * `plaudit backup` writes its archive 0600, and the database and secret inside it are 0600 too. The same holds
 * for the data directory of a running server, and for a backup taken while it serves.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { binaryEnv, ensureBinary } from "../helpers/binary";
import { startServer, type RunningServer } from "../helpers/server";

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
let bin = "";
let work = "";
let server: RunningServer;

/** Runs the executable with a data directory and umask 022; fails the test on a non-zero exit. */
function plaudit(dataDir: string, ...args: string[]) {
  const p = Bun.spawnSync(["sh", "-c", 'umask 022 && exec "$0" "$@"', bin, ...args], {
    cwd: work,
    env: binaryEnv({ PLAUDIT_DATA_DIR: dataDir, PLAUDIT_SELF_TEST: "0" }),
    stdout: "pipe",
    stderr: "pipe",
  });
  if (p.exitCode !== 0) throw new Error(`plaudit ${args.join(" ")} exited ${p.exitCode}: ${p.stderr}${p.stdout}`);
  return p.stdout.toString();
}

/** `tar -tv` lines of an archive: mode string and name. */
function listing(archive: string): Map<string, string> {
  const p = Bun.spawnSync(["tar", "-tvzf", archive], { stdout: "pipe", stderr: "pipe" });
  expect(p.exitCode).toBe(0);
  return new Map(
    p.stdout
      .toString()
      .trim()
      .split("\n")
      .map((line) => {
        const parts = line.trim().split(/\s+/);
        return [parts[parts.length - 1]!.replace(/^\.\//, ""), parts[0]!];
      }),
  );
}

beforeAll(async () => {
  bin = await ensureBinary();
  work = mkdtempSync(join(tmpdir(), "plaudit-modes-"));
  server = await startServer();
}, 240_000);

afterAll(async () => {
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("a data directory of its own", () => {
  test("created 0700 with plaudit.db and secret.key 0600; a loose database is tightened at the next open", () => {
    const data = join(work, "fresh", "data");
    plaudit(data, "migrate");
    plaudit(data, "org", "create", "--name", "Modes", "--json");
    expect(mode(data)).toBe("700");
    expect(mode(join(data, "plaudit.db"))).toBe("600");
    expect(mode(join(data, "secret.key"))).toBe("600");
    for (const side of ["-wal", "-shm"])
      if (existsSync(join(data, `plaudit.db${side}`))) expect(mode(join(data, `plaudit.db${side}`))).toBe("600");

    chmodSync(join(data, "plaudit.db"), 0o644);
    chmodSync(join(data, "secret.key"), 0o644);
    plaudit(data, "migrate");
    expect(mode(join(data, "plaudit.db"))).toBe("600");
    plaudit(data, "org", "create", "--name", "Modes again", "--json");
    expect(mode(join(data, "secret.key"))).toBe("600");
  }, 60_000);

  test("plaudit backup writes a 0600 archive whose database and secret are 0600", () => {
    const data = join(work, "fresh", "data");
    const archive = join(work, "x.tar.gz");
    plaudit(data, "backup", "--to", archive);
    expect(mode(archive)).toBe("600");
    const entries = listing(archive);
    expect(entries.get("plaudit.db")).toBe("-rw-------");
    expect(entries.get("secret.key")).toBe("-rw-------");
    // A second backup over an existing, looser file is 0600 too.
    chmodSync(archive, 0o644);
    plaudit(data, "backup", "--to", archive);
    expect(mode(archive)).toBe("600");
  }, 60_000);
});

describe("a running server", () => {
  test("its database, WAL, shared memory and secret are 0600; a backup taken while it serves is 0600", async () => {
    // Something written, so the WAL and shared-memory files exist.
    const key = await server.createKey("live");
    expect((await fetch(`${server.url}/v1/brands`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    expect(mode(server.dataDir)).toBe("700");
    for (const file of ["plaudit.db", "plaudit.db-wal", "plaudit.db-shm", "secret.key"])
      expect([file, mode(join(server.dataDir, file))]).toEqual([file, "600"]);
    const archive = join(work, "live.tar.gz");
    plaudit(server.dataDir, "backup", "--to", archive);
    expect(mode(archive)).toBe("600");
    expect(listing(archive).get("plaudit.db")).toBe("-rw-------");
  }, 60_000);
});
