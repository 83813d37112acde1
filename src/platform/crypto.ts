/**
 * Secrets and signatures: the data directory's `secret.key` (made on first start), HMAC signing for URLs,
 * cursors and tokens, random tokens, and hashing of stored secrets (API keys, removal tokens, sessions).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Reads `secret.key` under the data directory, creating it (256 random bits, mode 0600) on first start. */
export function loadOrCreateSecret(dataDir: string): Buffer {
  const file = join(dataDir, "secret.key");
  if (existsSync(file)) {
    const hex = readFileSync(file, "utf8").trim();
    if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${file} is damaged: expected 64 hex characters. Restore it from a backup.`);
    return Buffer.from(hex, "hex");
  }
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(32);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, key.toString("hex") + "\n", { mode: 0o600 });
  renameSync(tmp, file);
  return key;
}

/** A URL-safe random token carrying `bytes * 8` random bits. */
export const randomToken = (bytes = 24): string => randomBytes(bytes).toString("base64url");

/** SHA-256 hex of a secret, for storing API keys and tokens without the secret itself. */
export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

/** Signs and checks short strings with the appliance secret. */
export class Signer {
  constructor(private readonly key: Buffer) {}

  /** HMAC-SHA256 of `value` under a purpose label, base64url. */
  mac(purpose: string, value: string): string {
    return createHmac("sha256", this.key).update(purpose).update("\0").update(value).digest("base64url");
  }

  /** `payload.mac`, for cursors and signed URL tokens. */
  sign(purpose: string, payload: string): string {
    return `${payload}.${this.mac(purpose, payload).slice(0, 32)}`;
  }

  /** The payload when the mac matches, else null. */
  verify(purpose: string, signed: string): string | null {
    const dot = signed.lastIndexOf(".");
    if (dot <= 0) return null;
    const payload = signed.slice(0, dot);
    const given = Buffer.from(signed.slice(dot + 1));
    const want = Buffer.from(this.mac(purpose, payload).slice(0, 32));
    return given.length === want.length && timingSafeEqual(given, want) ? payload : null;
  }
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a), y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
