/**
 * Secrets and signatures: the data directory's `secret.key` (made on first start), HMAC signing for URLs,
 * tokens, sealing (AES-256-GCM) for values that must not be readable such as cursors, random tokens, and hashing of stored secrets (API keys, removal tokens, sessions).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Reads `secret.key` under the data directory, creating it (256 random bits, mode 0600; the directory 0700 when new) on first start; a looser existing file is tightened to 0600. */
export function loadOrCreateSecret(dataDir: string): Buffer {
  const file = join(dataDir, "secret.key");
  if (existsSync(file)) {
    try {
      if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    } catch {
      // Not ours to change: reading it still works.
    }
    const hex = readFileSync(file, "utf8").trim();
    if (!/^[0-9a-f]{64}$/.test(hex))
      throw new Error(`${file} is damaged: expected 64 hex characters. Restore it from a backup.`);
    return Buffer.from(hex, "hex");
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, key.toString("hex") + "\n", { mode: 0o600 });
  renameSync(tmp, file);
  return key;
}

/** A URL-safe random token carrying `bytes * 8` random bits. */
export const randomToken = (bytes = 24): string => randomBytes(bytes).toString("base64url");

/**
 * SHA-256 hex of a secret, for storing API keys and tokens without the secret itself. Bun's one-shot hasher: the
 * same digest as `node:crypto`'s `createHash`, several times cheaper (it runs on every API request).
 */
export const sha256 = (value: string): string => Bun.SHA256.hash(value, "hex") as string;

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

  /** A 256-bit key for one purpose, derived from the secret (so sealing never uses the secret itself). */
  private subkey(purpose: string): Buffer {
    return createHmac("sha256", this.key).update("seal\0").update(purpose).digest();
  }

  /**
   * Encrypts and authenticates `plaintext` under a purpose label (AES-256-GCM, random 96-bit nonce): base64url of
   * nonce, ciphertext and tag. Nothing of the plaintext can be read without the data directory's secret.
   */
  seal(purpose: string, plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.subkey(purpose), iv);
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
  }

  /** The plaintext of a `seal` result for the same purpose, or null when it was altered or is not one. */
  unseal(purpose: string, sealed: string): string | null {
    if (!/^[A-Za-z0-9_-]+$/.test(sealed)) return null;
    const raw = Buffer.from(sealed, "base64url");
    if (raw.length < 12 + 16) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.subkey(purpose), raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(raw.length - 16));
      return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString("utf8");
    } catch {
      return null;
    }
  }
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a),
    y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
