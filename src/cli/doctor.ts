/**
 * `plaudit doctor`: checks what the appliance needs and says, for each missing piece, how to fix it; then proves
 * the media pipeline with a two-second test recording run through the processing code (src/media/self-test.ts),
 * printing each step with its time. "Ready" only when every required check and every step passed; exit code 1
 * otherwise.
 */
import { statfsSync, accessSync, constants, existsSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config";
import { openDb } from "../platform/db/client";
import { pendingMigrations } from "../platform/db/migrate";
import { dbPath } from "../platform/db/path";
import { findFfmpeg, findFfprobe, findPocketsphinx, findWhisper } from "../media/binaries";
import { firstFailure, runSelfTest, type SelfTestResult, type SelfTestStep } from "../media/self-test";
import { speechEngineInUse, whisperModelHint } from "../media/speech/select";
import { backupStatus } from "../platform/backup/status";
import type { Args } from "./args";
import { print } from "./output";
import { recordingAddressProblem } from "../platform/secure-address";
import { tlsCertificates, type CertRow } from "../platform/tls/tables";

/** One check's outcome. */
export interface Check {
  name: string;
  ok: boolean;
  required: boolean;
  detail: string;
  fix?: string;
}

/** Runs every check. */
export function runChecks(config: Config): Check[] {
  const checks: Check[] = [];
  const add = (c: Check) => checks.push(c);
  add({
    name: "config",
    ok: true,
    required: true,
    detail: `base ${config.baseUrl}, cdn ${config.cdnUrl}, app ${config.appUrl}, site ${config.siteUrl}`,
  });
  // A warning, not a failure: on localhost, behind a tunnel or while setting up, plain HTTP is fine.
  const address = recordingAddressProblem(config);
  add({
    name: "public address",
    ok: !address,
    required: false,
    detail: address?.detail ?? `capture pages at ${new URL(config.siteUrl).origin} can record (https or this machine)`,
    fix: address?.fix,
  });
  let writable = true;
  try {
    if (existsSync(config.dataDir)) accessSync(config.dataDir, constants.W_OK);
  } catch {
    writable = false;
  }
  add({
    name: "data directory",
    ok: writable,
    required: true,
    detail: config.dataDir,
    fix: writable ? undefined : `Make ${config.dataDir} writable by this user, or set PLAUDIT_DATA_DIR.`,
  });
  try {
    const s = statfsSync(existsSync(config.dataDir) ? config.dataDir : ".");
    const freeGb = (s.bavail * s.bsize) / 1024 ** 3;
    add({
      name: "disk",
      ok: freeGb >= 1,
      required: false,
      detail: `${freeGb.toFixed(1)} GB free`,
      fix: freeGb >= 1 ? undefined : "Free some disk space: recordings and renders need room.",
    });
  } catch (e) {
    add({ name: "disk", ok: false, required: false, detail: String(e) });
  }
  if (existsSync(dbPath(config.dataDir))) {
    const pending = pendingMigrations(openDb(dbPath(config.dataDir)));
    add({
      name: "database",
      ok: pending.length === 0,
      required: false,
      detail: pending.length ? `${pending.length} migration(s) pending` : "up to date",
      fix: pending.length ? "Run `plaudit migrate` (serve also applies them at start)." : undefined,
    });
  } else add({ name: "database", ok: true, required: false, detail: "not created yet; `plaudit serve` creates it" });
  const ffmpeg = findFfmpeg(config);
  add({
    name: "ffmpeg",
    ok: !!ffmpeg,
    required: true,
    detail: ffmpeg ? `${ffmpeg.path} (${ffmpeg.via})` : "not found",
    fix: ffmpeg ? undefined : "Install it (apt-get install ffmpeg) or set PLAUDIT_FFMPEG_PATH.",
  });
  const ffprobe = findFfprobe(config);
  add({
    name: "ffprobe",
    ok: !!ffprobe,
    required: true,
    detail: ffprobe ? `${ffprobe.path} (${ffprobe.via})` : "not found",
    fix: ffprobe ? undefined : "Install it (apt-get install ffmpeg) or set PLAUDIT_FFPROBE_PATH.",
  });
  const whisper = findWhisper(config);
  const model = config.whisperModel && existsSync(config.whisperModel);
  const sphinx = findPocketsphinx();
  add({
    name: "speech: whisper.cpp",
    ok: !!whisper && !!model,
    required: false,
    detail: whisper ? `${whisper.path}; model ${model ? config.whisperModel : "missing"}` : "whisper-cli not found",
    fix:
      whisper && model
        ? undefined
        : "Run install.sh (builds whisper-cli) and set PLAUDIT_WHISPER_MODEL to a ggml model such as ggml-base.en.bin.",
  });
  add({
    name: "speech: pocketsphinx",
    ok: !!sphinx,
    required: !(whisper && model),
    detail: sphinx ? sphinx.path : "not found",
    fix: sphinx ? undefined : "apt-get install pocketsphinx pocketsphinx-en-us (offline speech recognition).",
  });
  const inUse = speechEngineInUse(config);
  add({
    name: "speech engine in use",
    ok: !inUse.drafts && inUse.engine !== null,
    required: false,
    detail: inUse.summary,
    // On the server itself, the fix may say where the model goes.
    fix: (inUse.drafts ? whisperModelHint(config) : inUse.fix) ?? undefined,
  });
  add({
    name: "mail",
    ok: true,
    required: false,
    detail: config.smtpUrl
      ? `SMTP ${new URL(config.smtpUrl).host}`
      : "no SMTP: messages are kept in the dashboard's outbox",
    fix: config.smtpUrl ? undefined : "Set PLAUDIT_SMTP_URL=smtp://user:pass@host:587 to send mail.",
  });
  add(backupCheck(config));
  for (const c of certificateChecks(config)) add(c);
  add({
    name: "reels: language model",
    ok: true,
    required: false,
    detail: config.llm ? config.llm.url : "not configured: clip suggestions use the built-in rule",
  });
  return checks;
}

/**
 * Built-in HTTPS: the box's certificate (kept, valid until when, due) and every custom domain's, with the last
 * failed order or renewal. Read from the database: `doctor` never orders a certificate itself.
 */
function certificateChecks(config: Config): Check[] {
  if (!config.https) return [];
  const name = config.https.domain ?? "operator";
  if (!existsSync(dbPath(config.dataDir)))
    return [{ name: "https", ok: false, required: false, detail: `no certificate yet for ${name}: serve orders it` }];
  const db = openDb(dbPath(config.dataDir));
  let rows: CertRow[] = [];
  try {
    rows = db.select().from(tlsCertificates).all();
  } catch {
    // Before the migration that made the table: serve applies it at start.
  }
  const now = Date.now();
  const day = 24 * 3600_000;
  const box = rows.find((r) => r.name === name);
  const checks: Check[] = [
    {
      name: "https",
      ok: !!box?.notAfter && box.notAfter > now && !box.lastError,
      required: false,
      detail: box?.notAfter
        ? `${name}: certificate valid until ${new Date(box.notAfter).toISOString()} (${Math.floor((box.notAfter - now) / day)} days)${box.source === "operator" ? ", from PLAUDIT_TLS_CERT_FILE" : ""}${box.lastError ? `; the last renewal FAILED: ${box.lastError}` : ""}`
        : `${name}: no certificate yet${box?.lastError ? `: ${box.lastError}` : ""}`,
      fix:
        box?.notAfter && !box.lastError
          ? undefined
          : `Point ${name}'s DNS at this server and open ports 80 and 443 (PLAUDIT_PORT, PLAUDIT_HTTPS_PORT); plaudit serve orders and renews it (see plaudit tls status).`,
    },
  ];
  const others = rows.filter((r) => r.name !== name);
  const failing = others.filter((r) => r.lastError);
  if (others.length)
    checks.push({
      name: "custom domains",
      ok: failing.length === 0,
      required: false,
      detail: failing.length
        ? failing.map((r) => `${r.name}: ${r.lastError}`).join("; ")
        : `${others.length} with a certificate (${others.map((r) => r.name).join(", ")})`,
      fix: failing.length
        ? "Check each domain's DNS record in its brand's settings; Plaudit tries again on its own."
        : undefined,
    });
  db.$client.close();
  return checks;
}

/** The scheduled backups: the schedule, the last one written, and whether the last attempt failed. */
function backupCheck(config: Config): Check {
  const b = backupStatus(config, Date.now());
  if (!b.schedule)
    return {
      name: "backups",
      ok: false,
      required: false,
      detail: "no schedule: only backups taken by hand (plaudit backup --to FILE)",
      fix: 'Set PLAUDIT_BACKUP_SCHEDULE (e.g. "0 3 * * *", daily at 03:00 UTC) and PLAUDIT_BACKUP_TO.',
    };
  const last = b.lastSuccess
    ? `last backup ${new Date(b.lastSuccess.at).toISOString()} (${b.lastSuccess.archive})`
    : "no backup written yet";
  const failed =
    b.lastFailure && b.failing
      ? `; the last attempt FAILED at ${new Date(b.lastFailure.at).toISOString()}: ${b.lastFailure.error}`
      : "";
  return {
    name: "backups",
    ok: !b.failing,
    required: false,
    detail: `"${b.schedule}" to ${b.to}, keeping ${b.keep}; ${last}${failed}`,
    fix: b.failing
      ? `Check that PLAUDIT_BACKUP_TO (${b.to}) is reachable and writable by the server's user; the schedule tries again at ${b.nextRunAt ? new Date(b.nextRunAt).toISOString() : "its next run"}.`
      : undefined,
  };
}

function stepLine(s: SelfTestStep): string {
  const mark = s.ok ? "ok  " : s.skipped ? "skip" : "FAIL";
  const time = s.skipped ? "" : ` (${s.ms} ms)`;
  return `${mark} ${s.name}${time}: ${s.detail}${s.fix ? `\n     fix: ${s.fix}` : ""}`;
}

/** The closing verdict: "ready", or what stops Plaudit and what to do first. */
function verdict(bad: Check[], test: SelfTestResult): string {
  const failed = firstFailure(test);
  if (!bad.length && !failed)
    return `\nReady: every required check passed and a test recording went through the whole pipeline in ${(test.ms / 1000).toFixed(1)} s.`;
  const lines = ["", "Plaudit cannot process recordings on this machine yet. Fix this first:"];
  for (const c of bad) lines.push(`  - check "${c.name}" failed${c.fix ? `: ${c.fix}` : ""}`);
  if (failed) lines.push(`  - step "${failed.name}" failed${failed.fix ? `: ${failed.fix}` : ""}`);
  return lines.join("\n");
}

/** Prints the checks and the pipeline self-test; exit code 1 when a required check or a step failed. */
export async function doctor(config: Config, args: Args): Promise<number> {
  const checks = runChecks(config);
  const bad = checks.filter((c) => !c.ok && c.required);
  // Work files go where processing puts them (the data folder's tmp/) once it exists, else the system's temp folder.
  const tmpRoot = existsSync(join(config.dataDir, "tmp")) ? join(config.dataDir, "tmp") : undefined;
  const test = await runSelfTest(config, { tmpRoot });
  const ok = bad.length === 0 && test.ok;
  print(args, { ok, checks, self_test: test }, [
    ...checks.map(
      (c) =>
        `${c.ok ? "ok  " : c.required ? "FAIL" : "warn"} ${c.name}: ${c.detail}${c.fix ? `\n     fix: ${c.fix}` : ""}`,
    ),
    "",
    "Pipeline self-test (a two-second test recording through the processing code):",
    ...test.steps.map(stepLine),
    verdict(bad, test),
  ]);
  return ok ? 0 : 1;
}
