/**
 * `plaudit doctor`: checks what the appliance needs and says, for each missing piece, how to fix it.
 * Exit code 1 when something required is missing.
 */
import { statfsSync, accessSync, constants, existsSync } from "node:fs";
import type { Config } from "../config";
import { openDb } from "../platform/db/client";
import { pendingMigrations } from "../platform/db/migrate";
import { dbPath } from "../bootstrap";
import { findFfmpeg, findFfprobe, findPocketsphinx, findWhisper } from "../media/binaries";
import type { Args } from "./args";
import { print } from "./output";

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
  add({ name: "config", ok: true, required: true, detail: `base ${config.baseUrl}, cdn ${config.cdnUrl}, app ${config.appUrl}, site ${config.siteUrl}` });
  let writable = true;
  try {
    if (existsSync(config.dataDir)) accessSync(config.dataDir, constants.W_OK);
  } catch {
    writable = false;
  }
  add({ name: "data directory", ok: writable, required: true, detail: config.dataDir, fix: writable ? undefined : `Make ${config.dataDir} writable by this user, or set PLAUDIT_DATA_DIR.` });
  try {
    const s = statfsSync(existsSync(config.dataDir) ? config.dataDir : ".");
    const freeGb = (s.bavail * s.bsize) / 1024 ** 3;
    add({ name: "disk", ok: freeGb >= 1, required: false, detail: `${freeGb.toFixed(1)} GB free`, fix: freeGb >= 1 ? undefined : "Free some disk space: recordings and renders need room." });
  } catch (e) {
    add({ name: "disk", ok: false, required: false, detail: String(e) });
  }
  if (existsSync(dbPath(config.dataDir))) {
    const pending = pendingMigrations(openDb(dbPath(config.dataDir)));
    add({ name: "database", ok: pending.length === 0, required: false, detail: pending.length ? `${pending.length} migration(s) pending` : "up to date", fix: pending.length ? "Run `plaudit migrate` (serve also applies them at start)." : undefined });
  } else add({ name: "database", ok: true, required: false, detail: "not created yet; `plaudit serve` creates it" });
  const ffmpeg = findFfmpeg(config);
  add({ name: "ffmpeg", ok: !!ffmpeg, required: true, detail: ffmpeg ? `${ffmpeg.path} (${ffmpeg.via})` : "not found", fix: ffmpeg ? undefined : "Install it (apt-get install ffmpeg) or set PLAUDIT_FFMPEG_PATH." });
  const ffprobe = findFfprobe(config);
  add({ name: "ffprobe", ok: !!ffprobe, required: true, detail: ffprobe ? `${ffprobe.path} (${ffprobe.via})` : "not found", fix: ffprobe ? undefined : "Install it (apt-get install ffmpeg) or set PLAUDIT_FFPROBE_PATH." });
  const whisper = findWhisper(config);
  const model = config.whisperModel && existsSync(config.whisperModel);
  const sphinx = findPocketsphinx();
  add({ name: "speech: whisper.cpp", ok: !!whisper && !!model, required: false, detail: whisper ? `${whisper.path}; model ${model ? config.whisperModel : "missing"}` : "whisper-cli not found", fix: whisper && model ? undefined : "Run install.sh (builds whisper-cli) and set PLAUDIT_WHISPER_MODEL to a ggml model such as ggml-base.en.bin." });
  add({ name: "speech: pocketsphinx", ok: !!sphinx, required: !(whisper && model), detail: sphinx ? sphinx.path : "not found", fix: sphinx ? undefined : "apt-get install pocketsphinx pocketsphinx-en-us (offline speech recognition)." });
  add({ name: "mail", ok: true, required: false, detail: config.smtpUrl ? `SMTP ${new URL(config.smtpUrl).host}` : "no SMTP: messages are kept in the dashboard's outbox", fix: config.smtpUrl ? undefined : "Set PLAUDIT_SMTP_URL=smtp://user:pass@host:587 to send mail." });
  add({ name: "reels: language model", ok: true, required: false, detail: config.llm ? config.llm.url : "not configured: clip suggestions use the built-in rule" });
  return checks;
}

/** Prints the checks; exit code 1 when a required one failed. */
export function doctor(config: Config, args: Args): number {
  const checks = runChecks(config);
  const bad = checks.filter((c) => !c.ok && c.required);
  print(args, { ok: bad.length === 0, checks }, [
    ...checks.map((c) => `${c.ok ? "ok  " : c.required ? "FAIL" : "warn"} ${c.name}: ${c.detail}${c.fix ? `\n     fix: ${c.fix}` : ""}`),
    bad.length ? `\n${bad.length} required check(s) failed.` : "\nEverything required is in place.",
  ]);
  return bad.length ? 1 : 0;
}
