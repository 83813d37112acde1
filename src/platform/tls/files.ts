/**
 * The certificate files under `<data dir>/tls/` (mode 0700): `account.key` (the ACME account's key) and, per host
 * name, `certs/<name>.crt` (the chain) and `certs/<name>.key`, each 0600 and written to a temporary name first, so
 * a crash never leaves half a key. Names are checked host names, so they are safe as file names.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { X509Certificate } from "node:crypto";

/** A certificate chain and its key, as PEM text. */
export interface CertPair {
  cert: string;
  key: string;
}

/** What a certificate says about itself. */
export interface CertFacts {
  notBefore: number;
  notAfter: number;
  serial: string;
  issuer: string;
  /** The DNS names it covers. */
  names: string[];
}

/** Reads the first certificate of a PEM chain; throws when it is not one. */
export function certFacts(pem: string): CertFacts {
  const x = new X509Certificate(pem);
  const names = (x.subjectAltName ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.startsWith("DNS:"))
    .map((s) => s.slice(4).toLowerCase());
  return {
    notBefore: Date.parse(x.validFrom),
    notAfter: Date.parse(x.validTo),
    serial: x.serialNumber.toLowerCase(),
    issuer: x.issuer.replace(/\n/g, ", "),
    names,
  };
}

/** The `tls/` folder of a data directory, made owner-only. */
export function tlsDir(dataDir: string): string {
  const dir = join(dataDir, "tls");
  mkdirSync(join(dir, "certs"), { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  chmodSync(join(dir, "certs"), 0o700);
  return dir;
}

function writeSecret(path: string, text: string) {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}

/** The files of one data directory's certificates. */
export class CertFiles {
  constructor(private readonly dir: string) {}

  /** The ACME account key, made by `create` the first time. */
  async accountKey(create: () => Promise<string>): Promise<string> {
    const path = join(this.dir, "account.key");
    if (existsSync(path)) return readFileSync(path, "utf8");
    const key = await create();
    writeSecret(path, key);
    return key;
  }

  /** The stored pair of a name, or null. */
  read(name: string): CertPair | null {
    const cert = join(this.dir, "certs", `${name}.crt`);
    const key = join(this.dir, "certs", `${name}.key`);
    if (!existsSync(cert) || !existsSync(key)) return null;
    return { cert: readFileSync(cert, "utf8"), key: readFileSync(key, "utf8") };
  }

  /** Stores a name's pair (key first: a certificate is never without its key). */
  write(name: string, pair: CertPair) {
    writeSecret(join(this.dir, "certs", `${name}.key`), pair.key);
    writeSecret(join(this.dir, "certs", `${name}.crt`), pair.cert);
  }

  /** Deletes a name's pair. */
  remove(name: string) {
    rmSync(join(this.dir, "certs", `${name}.crt`), { force: true });
    rmSync(join(this.dir, "certs", `${name}.key`), { force: true });
  }
}
