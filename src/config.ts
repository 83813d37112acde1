/**
 * The only reader of environment variables. `loadConfig` is called once at start; every other module gets
 * the resulting `Config` passed in. Invalid values stop the start with a message that says what to fix.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ipaddr from "ipaddr.js";
import { Cron } from "croner";

/** Everything the appliance can be configured with. */
export interface Config {
  port: number;
  hostname: string;
  dataDir: string;
  /** Where files are kept: null for the data directory, or an S3-compatible bucket (PLAUDIT_STORAGE_URL=s3://…). */
  s3: {
    url: string;
    endpoint: string | null;
    region: string | null;
    accessKeyId: string | null;
    secretAccessKey: string | null;
  } | null;
  /**
   * Built-in HTTPS (issue 24), or null when the box serves plain HTTP only (on localhost, or behind a reverse
   * proxy that holds the certificate). With it, `port` is the plain HTTP port that answers ACME challenges and
   * redirects everything else to HTTPS.
   */
  https: HttpsConfig | null;
  /** API address; `/v1` and `/public` live under it. */
  baseUrl: string;
  /** Where widget documents, the widget script and published media are served. */
  cdnUrl: string;
  /**
   * PLAUDIT_CDN_ORIGIN_URL (default: `cdnUrl`): the box's own address for the CDN area. The box mounts its CDN
   * routes there, and the signed addresses of private files (`/signed/…`, which only the box can answer) use it.
   * Set it (e.g. `{base}/cdn`) when `cdnUrl` points straight at a bucket (docs/scaling.md).
   */
  cdnOriginUrl: string;
  /** The dashboard. */
  appUrl: string;
  /** Walls, capture pages and removal pages. */
  siteUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * PLAUDIT_MAIL_BULK_PER_MINUTE (default 60; 0: no pacing): request campaigns' emails leave at most this many a
   * minute, server-wide, so a 1,000-person list does not trip the SMTP provider's rate limits or spam filters.
   */
  mailBulkPerMinute: number;
  whisperModel: string | null;
  whisperBin: string | null;
  ffmpegPath: string | null;
  ffprobePath: string | null;
  llm: { url: string; apiKey: string | null; model: string } | null;
  stripeSecretKey: string | null;
  /** Stripe price id per plan id, for checkout. */
  stripePrices: Record<string, string | null>;
  oauth: {
    github: { clientId: string; clientSecret: string } | null;
    google: { clientId: string; clientSecret: string } | null;
  };
  docsUrl: string;
  /** `synchronous=FULL` instead of NORMAL. */
  syncFull: boolean;
  /** Run the job workers and schedules inside `serve`. */
  workers: boolean;
  /** `serve` runs the media self-test in the background after start (PLAUDIT_SELF_TEST=0 turns it off, e.g. for benchmarks). */
  selfTest: boolean;
  /** Media jobs (processing, renders) run at once; new testimonials go first. */
  mediaConcurrency: number;
  /** Seconds a claimed job's lease lasts before another worker may take it. */
  jobLeaseSeconds: number;
  logLevel: "debug" | "info" | "warn" | "error";
  /** PLAUDIT_WEBHOOKS_ALLOW_PRIVATE=1 (development only, off by default): webhook URLs may name localhost and resolve to loopback or private addresses; cloud metadata addresses stay refused. */
  webhooksAllowPrivate: boolean;
  /**
   * PLAUDIT_TRUSTED_PROXIES (default none): addresses or CIDR ranges of reverse proxies in front of Plaudit, comma
   * separated. Only a peer in this list may name the client in `X-Forwarded-For` (see platform/client-address.ts),
   * or say with `X-Forwarded-Proto: https` that the browser used HTTPS (cookies get `Secure`: platform/request-scheme.ts).
   */
  trustedProxies: string[];
  /**
   * PLAUDIT_DNS_SERVERS (default: the system's resolver): `host[:port]` list of DNS servers used to check that
   * brands' custom domains point at this box (split-horizon DNS, tests).
   */
  dnsServers: string[];
  /**
   * PLAUDIT_VALIDATE_RESPONSES=1 checks every API answer against its route's response schema and answers 500
   * `response_invalid` on a mismatch. On by default under `bun test` (NODE_ENV=test), off otherwise (the
   * executable is built with NODE_ENV=production): see docs/design-decisions.md, "Schemas once".
   */
  validateResponses: boolean;
  /** Scheduled backups and where archives go (PLAUDIT_BACKUP_*; see the operations block in `loadConfig`). */
  backups: BackupSettings;
  /**
   * PLAUDIT_SHUTDOWN_GRACE_SECONDS (default 20): on SIGTERM, how long `serve` waits for requests in flight and
   * running jobs before it closes what is left (jobs left then keep their leases and are claimed again later).
   */
  shutdownGraceMs: number;
}

/** PLAUDIT_BACKUP_SCHEDULE, PLAUDIT_BACKUP_TO, PLAUDIT_BACKUP_KEEP, and the PLAUDIT_S3_* access an s3:// target uses. */
export interface BackupSettings {
  /** Cron pattern (5 or 6 fields, UTC) of the scheduled backup; null: no scheduled backups. */
  schedule: string | null;
  /** A folder (absolute path) or `s3://bucket/prefix`. */
  to: string;
  /** Archives of the schedule kept; older ones are deleted after a new one is written. */
  keep: number;
  /** Endpoint, region and keys for an `s3://` target or `plaudit restore --from s3://…` (the storage ones). */
  s3: { endpoint: string | null; region: string | null; accessKeyId: string | null; secretAccessKey: string | null };
}

/** How the box serves HTTPS itself: its name, port, and where its certificate comes from. */
export interface HttpsConfig {
  /** PLAUDIT_DOMAIN (`--domain`): the box's own host name; its certificate is ordered from the ACME server. */
  domain: string | null;
  /** PLAUDIT_HTTPS_PORT (default 443). */
  port: number;
  acme: {
    /** PLAUDIT_ACME_DIRECTORY_URL (default: Let's Encrypt production). */
    directoryUrl: string;
    /** PLAUDIT_ACME_EMAIL: the ACME account's contact (expiry warnings from the CA). */
    email: string | null;
    /** PLAUDIT_ACME_CA_FILE: a PEM bundle trusted when talking to the ACME server (a private CA, a test server). */
    caFile: string | null;
  };
  /** PLAUDIT_TLS_CERT_FILE and PLAUDIT_TLS_KEY_FILE: a certificate the operator brings (reloaded when they change). */
  certFiles: { cert: string; key: string } | null;
}

/** Let's Encrypt's production directory: the default ACME server. */
export const LETS_ENCRYPT = "https://acme-v02.api.letsencrypt.org/directory";

/** A host name a certificate can be ordered for: letters, digits and hyphens in dot-separated labels, not an IP. */
export function isDomainName(name: string): boolean {
  if (name.length > 253 || !name.includes(".")) return false;
  if (/^[\d.]+$/.test(name) || name.includes(":")) return false;
  const labels = name.split(".");
  return labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)) && !/^\d+$/.test(labels.at(-1)!);
}

/** A configuration value that cannot be used; the message names the variable and the fix. */
export class ConfigError extends Error {}

type Source = Record<string, string | undefined>;

/** Command-line flags that override environment variables (`--port 4000`). */
export const CONFIG_FLAGS: Record<string, string> = {
  "--port": "PLAUDIT_PORT",
  "--domain": "PLAUDIT_DOMAIN",
  "--https-port": "PLAUDIT_HTTPS_PORT",
  "--host": "PLAUDIT_HOST",
  "--data-dir": "PLAUDIT_DATA_DIR",
  "--base-url": "PLAUDIT_BASE_URL",
  "--cdn-url": "PLAUDIT_CDN_URL",
  "--cdn-origin-url": "PLAUDIT_CDN_ORIGIN_URL",
  "--app-url": "PLAUDIT_APP_URL",
  "--site-url": "PLAUDIT_SITE_URL",
  "--smtp-url": "PLAUDIT_SMTP_URL",
  "--whisper-model": "PLAUDIT_WHISPER_MODEL",
  "--ffmpeg": "PLAUDIT_FFMPEG_PATH",
  "--llm-url": "PLAUDIT_LLM_URL",
  "--s3-endpoint": "PLAUDIT_S3_ENDPOINT",
  "--s3-region": "PLAUDIT_S3_REGION",
  "--s3-access-key-id": "PLAUDIT_S3_ACCESS_KEY_ID",
  "--s3-secret-access-key": "PLAUDIT_S3_SECRET_ACCESS_KEY",
};

/**
 * The file in the data directory where `plaudit storage migrate` records the switch to object storage:
 * `{"url":"s3://…","endpoint","region","accessKeyId","secretAccessKey"}` (owner-only, like `secret.key`). Read when
 * PLAUDIT_STORAGE_URL is not set; each PLAUDIT_S3_* variable overrides the value in the file.
 */
export const STORAGE_FILE = "storage.json";

/** The storage settings a data directory's storage.json holds, as PLAUDIT_* variables (empty when none). */
function storageFileEnv(dataDir: string, problems: string[]): Source {
  const file = join(dataDir, STORAGE_FILE);
  if (!existsSync(file)) return {};
  try {
    const j = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    const s = (v: unknown) => (typeof v === "string" && v ? v : undefined);
    return {
      PLAUDIT_STORAGE_URL: s(j.url),
      PLAUDIT_S3_ENDPOINT: s(j.endpoint),
      PLAUDIT_S3_REGION: s(j.region),
      PLAUDIT_S3_ACCESS_KEY_ID: s(j.accessKeyId),
      PLAUDIT_S3_SECRET_ACCESS_KEY: s(j.secretAccessKey),
    };
  } catch (e) {
    problems.push(
      `${file} must be the JSON that plaudit storage migrate writes (${(e as Error).message}); fix or remove it`,
    );
    return {};
  }
}

function url(env: Source, name: string, fallback: string, problems: string[]): string {
  const raw = (env[name] ?? fallback).trim().replace(/\/+$/, "");
  try {
    const u = new URL(raw);
    if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error();
  } catch {
    problems.push(`${name} must be an http(s) address such as https://example.com (got "${raw}")`);
  }
  return raw;
}

function int(env: Source, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return n;
}

function opt(env: Source, name: string): string | null {
  const v = env[name]?.trim();
  return v ? v : null;
}

function proxies(env: Source, name: string, problems: string[]): string[] {
  const list = (env[name] ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    try {
      if (entry.includes("/")) ipaddr.parseCIDR(entry);
      else ipaddr.parse(entry);
    } catch {
      problems.push(
        `${name} must be a comma-separated list of IP addresses or CIDR ranges such as 10.0.0.1,192.168.0.0/16 (got "${entry}")`,
      );
    }
  }
  return list;
}

/** The built-in HTTPS settings: null unless PLAUDIT_DOMAIN or the operator's certificate files are set. */
function httpsSettings(env: Source, problems: string[]): HttpsConfig | null {
  const rawDomain = opt(env, "PLAUDIT_DOMAIN");
  const domain = rawDomain?.toLowerCase().replace(/\.$/, "") ?? null;
  if (domain && !isDomainName(domain))
    problems.push(
      `PLAUDIT_DOMAIN must be a host name such as reviews.example.com, without https:// (got "${rawDomain}")`,
    );
  const cert = opt(env, "PLAUDIT_TLS_CERT_FILE");
  const key = opt(env, "PLAUDIT_TLS_KEY_FILE");
  if (!!cert !== !!key) problems.push("PLAUDIT_TLS_CERT_FILE and PLAUDIT_TLS_KEY_FILE must be set together");
  for (const [name, file] of [
    ["PLAUDIT_TLS_CERT_FILE", cert],
    ["PLAUDIT_TLS_KEY_FILE", key],
    ["PLAUDIT_ACME_CA_FILE", opt(env, "PLAUDIT_ACME_CA_FILE")],
  ] as const)
    if (file && !existsSync(file)) problems.push(`${name} names a file that does not exist: ${file}`);
  if (!domain && !(cert && key)) return null;
  const directoryUrl = opt(env, "PLAUDIT_ACME_DIRECTORY_URL") ?? LETS_ENCRYPT;
  if (!/^https?:\/\//.test(directoryUrl))
    problems.push(`PLAUDIT_ACME_DIRECTORY_URL must be an https:// address (got "${directoryUrl}")`);
  const email = opt(env, "PLAUDIT_ACME_EMAIL");
  if (email && !/^[^\s@]+@[^\s@]+$/.test(email))
    problems.push(`PLAUDIT_ACME_EMAIL must be one email address (got "${email}")`);
  return {
    domain,
    port: int(env, "PLAUDIT_HTTPS_PORT", 443, 1, 65535, problems),
    acme: { directoryUrl, email, caFile: opt(env, "PLAUDIT_ACME_CA_FILE") },
    certFiles: cert && key ? { cert: resolve(cert), key: resolve(key) } : null,
  };
}

/** Reads and checks the configuration from environment variables and flags; throws one ConfigError listing every problem. */
export function loadConfig(env: Source = process.env, flags: Record<string, string> = {}): Config {
  const merged: Source = { ...env };
  for (const [flag, value] of Object.entries(flags)) {
    const name = CONFIG_FLAGS[flag];
    if (name) merged[name] = value;
  }
  const problems: string[] = [];
  const dataDir = resolve(merged.PLAUDIT_DATA_DIR?.trim() || "./data");
  if (!opt(merged, "PLAUDIT_STORAGE_URL")) {
    for (const [k, v] of Object.entries(storageFileEnv(dataDir, problems)))
      if (v !== undefined && !opt(merged, k)) merged[k] = v;
  }
  const https = httpsSettings(merged, problems);
  const port = int(merged, "PLAUDIT_PORT", https ? 80 : 3000, 0, 65535, problems);
  const boxAddress = https?.domain
    ? `https://${https.domain}${https.port === 443 ? "" : `:${https.port}`}`
    : `http://localhost:${port || 3000}`;
  const baseUrl = url(merged, "PLAUDIT_BASE_URL", boxAddress, problems);
  if (https && !https.domain && !opt(merged, "PLAUDIT_BASE_URL"))
    problems.push(
      "With PLAUDIT_TLS_CERT_FILE, set PLAUDIT_DOMAIN (or PLAUDIT_BASE_URL) to the name the certificate is for",
    );
  const cdnUrl = url(merged, "PLAUDIT_CDN_URL", `${baseUrl}/cdn`, problems);
  const cdnOriginUrl = opt(merged, "PLAUDIT_CDN_ORIGIN_URL")
    ? url(merged, "PLAUDIT_CDN_ORIGIN_URL", cdnUrl, problems)
    : cdnUrl;
  const appUrl = url(merged, "PLAUDIT_APP_URL", `${baseUrl}/app`, problems);
  const siteUrl = url(merged, "PLAUDIT_SITE_URL", baseUrl, problems);
  const smtpUrl = opt(merged, "PLAUDIT_SMTP_URL");
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl))
    problems.push(`PLAUDIT_SMTP_URL must start with smtp:// or smtps:// (got "${smtpUrl}")`);
  const storageUrl = opt(merged, "PLAUDIT_STORAGE_URL");
  if (storageUrl && !/^s3:\/\/[^/]+/.test(storageUrl))
    problems.push(`PLAUDIT_STORAGE_URL must be s3://bucket or s3://bucket/prefix (got "${storageUrl}")`);
  const llmUrl = opt(merged, "PLAUDIT_LLM_URL");
  if (llmUrl) url(merged, "PLAUDIT_LLM_URL", llmUrl, problems);
  const level = (merged.PLAUDIT_LOG_LEVEL ?? "info") as Config["logLevel"];
  if (!["debug", "info", "warn", "error"].includes(level))
    problems.push(`PLAUDIT_LOG_LEVEL must be debug, info, warn or error`);
  const pair = (id: string, secret: string) => {
    const a = opt(merged, id),
      b = opt(merged, secret);
    if (!!a !== !!b) problems.push(`${id} and ${secret} must be set together`);
    return a && b ? { clientId: a, clientSecret: b } : null;
  };
  // Operations (issue 24): scheduled backups, and how long a SIGTERM waits for work in flight. The pattern is
  // checked here with croner, the library that runs it, so a typo stops the start instead of never firing.
  const backupSchedule = opt(merged, "PLAUDIT_BACKUP_SCHEDULE");
  if (backupSchedule) {
    try {
      new Cron(backupSchedule, { paused: true, timezone: "UTC" }).stop();
    } catch (e) {
      problems.push(
        `PLAUDIT_BACKUP_SCHEDULE must be a cron pattern such as "0 3 * * *" (daily at 03:00 UTC; ${(e as Error).message.replace(/^CronPattern: /, "")})`,
      );
    }
  }
  const backupTo = opt(merged, "PLAUDIT_BACKUP_TO");
  if (backupTo?.startsWith("s3:") && !/^s3:\/\/[^/]+/.test(backupTo))
    problems.push(`PLAUDIT_BACKUP_TO must be a folder or s3://bucket/prefix (got "${backupTo}")`);
  const backups: BackupSettings = {
    schedule: backupSchedule,
    to: !backupTo ? join(dataDir, "backups") : backupTo.startsWith("s3:") ? backupTo : resolve(backupTo),
    keep: int(merged, "PLAUDIT_BACKUP_KEEP", 7, 1, 10_000, problems),
    s3: {
      endpoint: opt(merged, "PLAUDIT_S3_ENDPOINT"),
      region: opt(merged, "PLAUDIT_S3_REGION"),
      accessKeyId: opt(merged, "PLAUDIT_S3_ACCESS_KEY_ID"),
      secretAccessKey: opt(merged, "PLAUDIT_S3_SECRET_ACCESS_KEY"),
    },
  };
  const shutdownGraceMs = int(merged, "PLAUDIT_SHUTDOWN_GRACE_SECONDS", 20, 0, 3600, problems) * 1000;
  const config: Config = {
    port,
    https,
    hostname: merged.PLAUDIT_HOST?.trim() || "0.0.0.0",
    dataDir,
    s3: storageUrl
      ? {
          url: storageUrl,
          endpoint: opt(merged, "PLAUDIT_S3_ENDPOINT"),
          region: opt(merged, "PLAUDIT_S3_REGION"),
          accessKeyId: opt(merged, "PLAUDIT_S3_ACCESS_KEY_ID"),
          secretAccessKey: opt(merged, "PLAUDIT_S3_SECRET_ACCESS_KEY"),
        }
      : null,
    baseUrl,
    cdnUrl,
    cdnOriginUrl,
    appUrl,
    siteUrl,
    smtpUrl,
    mailFrom: merged.PLAUDIT_MAIL_FROM?.trim() || "Plaudit <no-reply@localhost>",
    mailBulkPerMinute: int(merged, "PLAUDIT_MAIL_BULK_PER_MINUTE", 60, 0, 100_000, problems),
    whisperModel: opt(merged, "PLAUDIT_WHISPER_MODEL"),
    whisperBin: opt(merged, "PLAUDIT_WHISPER_BIN"),
    ffmpegPath: opt(merged, "PLAUDIT_FFMPEG_PATH"),
    ffprobePath: opt(merged, "PLAUDIT_FFPROBE_PATH"),
    llm: llmUrl
      ? {
          url: llmUrl,
          apiKey: opt(merged, "PLAUDIT_LLM_API_KEY"),
          model: merged.PLAUDIT_LLM_MODEL?.trim() || "gpt-4o-mini",
        }
      : null,
    stripeSecretKey: opt(merged, "PLAUDIT_STRIPE_SECRET_KEY"),
    stripePrices: Object.fromEntries(
      ["free", "starter", "core", "plus"].map((p) => [p, opt(merged, `PLAUDIT_STRIPE_PRICE_${p.toUpperCase()}`)]),
    ),
    oauth: {
      github: pair("PLAUDIT_GITHUB_CLIENT_ID", "PLAUDIT_GITHUB_CLIENT_SECRET"),
      google: pair("PLAUDIT_GOOGLE_CLIENT_ID", "PLAUDIT_GOOGLE_CLIENT_SECRET"),
    },
    docsUrl: merged.PLAUDIT_DOCS_URL?.trim() || `${baseUrl}/v1/reference`,
    syncFull: merged.PLAUDIT_SYNC_FULL === "1" || merged.PLAUDIT_SYNC_FULL === "true",
    workers: merged.PLAUDIT_WORKERS !== "0",
    selfTest: merged.PLAUDIT_SELF_TEST !== "0",
    mediaConcurrency: int(merged, "PLAUDIT_MEDIA_CONCURRENCY", 1, 1, 16, problems),
    jobLeaseSeconds: int(merged, "PLAUDIT_JOB_LEASE_SECONDS", 120, 5, 86400, problems),
    logLevel: level,
    webhooksAllowPrivate:
      merged.PLAUDIT_WEBHOOKS_ALLOW_PRIVATE === "1" || merged.PLAUDIT_WEBHOOKS_ALLOW_PRIVATE === "true",
    trustedProxies: proxies(merged, "PLAUDIT_TRUSTED_PROXIES", problems),
    dnsServers: (merged.PLAUDIT_DNS_SERVERS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    validateResponses:
      merged.PLAUDIT_VALIDATE_RESPONSES === "1" ||
      (merged.PLAUDIT_VALIDATE_RESPONSES !== "0" && process.env.NODE_ENV === "test"),
    backups,
    shutdownGraceMs,
  };
  if (problems.length)
    throw new ConfigError(`Plaudit cannot start; fix these settings:\n  - ${problems.join("\n  - ")}`);
  return config;
}
