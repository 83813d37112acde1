/**
 * `install.sh --service`'s service part (scripts/install-service.sh) against a temporary root
 * (PLAUDIT_INSTALL_ROOT: every path under it, no user created, no systemd touched): the executable with its helpers
 * and the command link, the settings file (0640, written once, never overwritten), the unit with what a VPS needs
 * (its own user, the data directory under /var/lib/plaudit, restart on failure, ports 80/443 without root, the
 * journal, a stop that waits for serve's grace period), checked by `systemd-analyze verify` where it exists. A
 * second run changes nothing; an upgrade backs up the data directory with the executable it replaces, keeps that
 * one as plaudit.previous, and a rollback (plaudit.previous back, the backup restored) works.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { ROOT } from "../../scripts/build.ts";
import { binaryEnv, ensureBinary } from "../helpers/binary";

const SCRIPT = join(ROOT, "scripts", "install-service.sh");
let work = "";
let root = "";
let bin = "";

beforeAll(async () => {
  bin = await ensureBinary();
  work = mkdtempSync(join(tmpdir(), "plaudit-install-"));
  root = join(work, "root");
}, 240_000);
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs the service part of install.sh with a dist folder; fails the test on a non-zero exit. */
function installService(dist: string) {
  const started = performance.now();
  const p = Bun.spawnSync(["bash", SCRIPT, dist], {
    env: binaryEnv({ PLAUDIT_INSTALL_ROOT: root }),
    stdout: "pipe",
    stderr: "pipe",
  });
  const out = p.stdout.toString() + p.stderr.toString();
  if (p.exitCode !== 0) throw new Error(`install-service.sh exited ${p.exitCode}:\n${out}`);
  return { out, ms: Math.round(performance.now() - started) };
}

/** Every path under the root with its type, mode, size, change time and link target. */
function manifest(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const st = lstatSync(path);
      const link = st.isSymbolicLink() ? ` -> ${readlinkSync(path)}` : "";
      out.push(`${relative(root, path)} ${(st.mode & 0o7777).toString(8)} ${st.size} ${st.mtimeMs}${link}`);
      if (st.isDirectory()) walk(path);
    }
  };
  walk(root);
  return out;
}

const at = (path: string) => join(root, path);
const mode = (path: string) => (lstatSync(at(path)).mode & 0o777).toString(8);
const same = (a: string, b: string) => Bun.spawnSync(["cmp", "-s", a, b]).exitCode === 0;

/** The installed executable run on the service's data directory (inside the root). */
function plaudit(exe: string, ...args: string[]) {
  const p = Bun.spawnSync([at(exe), ...args], {
    cwd: work,
    env: binaryEnv({ PLAUDIT_DATA_DIR: at("var/lib/plaudit/data"), PLAUDIT_LOG_LEVEL: "warn" }),
    stdout: "pipe",
    stderr: "pipe",
  });
  if (p.exitCode !== 0) throw new Error(`${exe} ${args.join(" ")} exited ${p.exitCode}: ${p.stderr}${p.stdout}`);
  return p.stdout.toString();
}

test("install.sh --help names --service; an unknown option is still refused", () => {
  const help = Bun.spawnSync(["bash", join(ROOT, "install.sh"), "--help"], { stdout: "pipe" });
  expect(help.exitCode).toBe(0);
  expect(help.stdout.toString()).toContain("./install.sh --service");
  expect(help.stdout.toString()).toContain("/etc/plaudit/plaudit.env");
  const bad = Bun.spawnSync(["bash", join(ROOT, "install.sh"), "--servic"], { stdout: "pipe", stderr: "pipe" });
  expect(bad.exitCode).toBe(2);
});

test("first run: the executable, its helpers, the command, the settings and the unit, with their modes", () => {
  const { out } = installService(join(ROOT, "dist"));
  expect(out).toContain("systemd is not running here: the unit is written but not started");
  expect(out).toContain("systemctl daemon-reload && systemctl enable --now plaudit");
  expect(same(at("usr/local/lib/plaudit/plaudit"), bin)).toBe(true);
  expect(mode("usr/local/lib/plaudit/plaudit")).toBe("755");
  for (const helper of ["whisper-cli", "ffmpeg"])
    if (existsSync(join(ROOT, "dist", helper)))
      expect(same(at(`usr/local/lib/plaudit/${helper}`), join(ROOT, "dist", helper))).toBe(true);
  expect(readlinkSync(at("usr/local/bin/plaudit"))).toBe("/usr/local/lib/plaudit/plaudit");
  expect(existsSync(at("usr/local/lib/plaudit/plaudit.previous"))).toBe(false);
  expect(mode("var/lib/plaudit")).toBe("750");
  expect(mode("var/lib/plaudit/backups")).toBe("700");
  expect(mode("etc/plaudit")).toBe("750");
  expect(mode("etc/plaudit/plaudit.env")).toBe("640");
  const env = readFileSync(at("etc/plaudit/plaudit.env"), "utf8");
  for (const name of ["PLAUDIT_DOMAIN", "PLAUDIT_ACME_EMAIL", "PLAUDIT_BACKUP_SCHEDULE", "PLAUDIT_SMTP_URL"])
    expect(env).toMatch(new RegExp(`^#${name}=\\S`, "m"));
  // Only comments: a fresh install starts with the defaults.
  expect(env.split("\n").filter((l) => l.trim() && !l.startsWith("#"))).toEqual([]);

  expect(mode("etc/systemd/system/plaudit.service")).toBe("644");
  const unit = readFileSync(at("etc/systemd/system/plaudit.service"), "utf8");
  for (const line of [
    "User=plaudit",
    "WorkingDirectory=/var/lib/plaudit",
    "Environment=PLAUDIT_DATA_DIR=/var/lib/plaudit/data",
    "EnvironmentFile=-/etc/plaudit/plaudit.env",
    "ExecStart=/usr/local/bin/plaudit serve",
    "Restart=on-failure",
    "RestartSec=5",
    "AmbientCapabilities=CAP_NET_BIND_SERVICE",
    "CapabilityBoundingSet=CAP_NET_BIND_SERVICE",
    "NoNewPrivileges=yes",
    "ProtectSystem=strict",
    "ReadWritePaths=/var/lib/plaudit",
    "ProtectHome=yes",
    "PrivateTmp=yes",
    "TimeoutStopSec=30",
    "KillSignal=SIGTERM",
    "KillMode=mixed",
    "StandardOutput=journal",
    "StandardError=journal",
    "WantedBy=multi-user.target",
  ])
    expect(unit.split("\n")).toContain(line);
}, 60_000);

test("systemd-analyze verify accepts the unit (where the tool exists)", () => {
  const tool = Bun.which("systemd-analyze");
  if (!tool) {
    console.log("systemd-analyze is not installed (Debian package systemd): the unit was not verified");
    return;
  }
  // Verified inside the root, so its ExecStart is the executable installed there; the stock units it is ordered
  // against (multi-user.target, network-online.target) come from this machine.
  mkdirSync(at("usr/lib/systemd"), { recursive: true });
  Bun.spawnSync(["cp", "-a", "/usr/lib/systemd/system", at("usr/lib/systemd/")]);
  const p = Bun.spawnSync([tool, `--root=${root}`, "verify", "plaudit.service"], { stdout: "pipe", stderr: "pipe" });
  // It reports parse problems as warnings and still exits 0: both must be clean.
  expect(p.stderr.toString()).toBe("");
  expect(p.exitCode).toBe(0);
  rmSync(at("usr/lib/systemd"), { recursive: true, force: true });
  rmSync(at("usr/lib"), { recursive: true, force: true });
});

test("a second run changes nothing, with or without a data directory; the settings file is never overwritten", () => {
  const before = manifest();
  const second = installService(join(ROOT, "dist"));
  expect(second.out).toContain("Executable: up to date");
  expect(second.out).toContain("kept as it is");
  expect(second.out).toContain("Unit: up to date");
  expect(manifest()).toEqual(before);

  // The service's data directory, as the first start would make it; the operator edits the settings.
  plaudit("usr/local/lib/plaudit/plaudit", "org", "create", "--name", "Acme", "--json");
  writeFileSync(at("etc/plaudit/plaudit.env"), "PLAUDIT_BACKUP_SCHEDULE=0 3 * * *\n");
  chmodSync(at("etc/plaudit/plaudit.env"), 0o640);
  const withData = manifest();
  const third = installService(join(ROOT, "dist"));
  expect(manifest()).toEqual(withData);
  expect(readdirSync(at("var/lib/plaudit/backups"))).toEqual([]);
  console.log(`install-service.sh: a second run took ${second.ms} ms, a third (with a data directory) ${third.ms} ms`);
}, 60_000);

test("an upgrade: backed up by the executable it replaces, which stays as plaudit.previous; rolling back works", async () => {
  // A "newer build": another executable file that runs the same program.
  const dist = join(work, "dist-next");
  mkdirSync(dist);
  writeFileSync(join(dist, "plaudit"), `#!/bin/sh\nexec "${bin}" "$@"\n`);
  chmodSync(join(dist, "plaudit"), 0o755);
  const settings = readFileSync(at("etc/plaudit/plaudit.env"), "utf8");
  const unit = readFileSync(at("etc/systemd/system/plaudit.service"), "utf8");
  const orgs = JSON.parse(plaudit("usr/local/lib/plaudit/plaudit", "org", "list", "--json"));

  const { out } = installService(dist);
  expect(out).toContain("Backing up");
  const backups = readdirSync(at("var/lib/plaudit/backups"));
  expect(backups).toHaveLength(1);
  expect(backups[0]).toMatch(/^pre-upgrade-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
  const archive = at(`var/lib/plaudit/backups/${backups[0]}`);
  expect(mode(`var/lib/plaudit/backups/${backups[0]}`)).toBe("600");
  const listing = Bun.spawnSync(["tar", "-tzf", archive], { stdout: "pipe" }).stdout.toString().split("\n");
  expect(listing).toContain("./plaudit.db");
  expect(listing).toContain("./secret.key");
  expect(same(at("usr/local/lib/plaudit/plaudit"), join(dist, "plaudit"))).toBe(true);
  expect(same(at("usr/local/lib/plaudit/plaudit.previous"), bin)).toBe(true);
  expect(readFileSync(at("etc/plaudit/plaudit.env"), "utf8")).toBe(settings);
  expect(readFileSync(at("etc/systemd/system/plaudit.service"), "utf8")).toBe(unit);

  // Once more with the same build: nothing changes, no second backup.
  const before = manifest();
  installService(dist);
  expect(manifest()).toEqual(before);

  // Rolling back: the previous executable back in place, the data directory from the pre-upgrade backup.
  renameSync(at("usr/local/lib/plaudit/plaudit.previous"), at("usr/local/lib/plaudit/plaudit"));
  renameSync(at("var/lib/plaudit/data"), at("var/lib/plaudit/data.failed-upgrade"));
  const restored = JSON.parse(
    plaudit(
      "usr/local/lib/plaudit/plaudit",
      "restore",
      "--from",
      archive,
      "--data-dir",
      at("var/lib/plaudit/data"),
      "--json",
    ),
  );
  expect(restored.data_dir).toBe(at("var/lib/plaudit/data"));
  expect(JSON.parse(plaudit("usr/local/lib/plaudit/plaudit", "org", "list", "--json"))).toEqual(orgs);
}, 120_000);
