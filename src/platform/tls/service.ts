/**
 * The certificates the box serves (issue 24). With `PLAUDIT_DOMAIN`, the box's own name gets a certificate from the
 * ACME server; brands' custom domains get theirs the same way, ordered only by the brands module for names a brand
 * holds (a TLS handshake for any other name is answered with the box's own certificate and orders nothing). With
 * `PLAUDIT_TLS_CERT_FILE`/`_KEY_FILE`, the operator's files are served instead of ordering one for the box.
 *
 * Kept across restarts: a certificate is ordered only when none is kept, when two thirds of its life have passed
 * (Let's Encrypt's 90-day certificates renew at 60 days), or when asked to (`force`). Let's Encrypt limits orders per
 * domain per week, so a restart never orders. Orders run one at a time. Every change of what is served calls the
 * `onChange` listeners, which swap the HTTPS listener's certificates without a restart (listeners.ts).
 */
import { eq } from "drizzle-orm";
import { readFileSync, statSync } from "node:fs";
import type { Config } from "../../config";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import type { Logger } from "../log";
import { acmeOrderer, ChallengeBook, plainAcmeError, type AcmeOrderer } from "./acme";
import { CertFiles, certFacts, tlsDir, type CertPair } from "./files";
import { tlsCertificates, type CertRow } from "./tables";

/** A certificate as the HTTPS listener serves it (for SNI). */
export interface ServedCert extends CertPair {
  name: string;
}

/** The certificates of one box. */
export interface Certificates {
  /** False when the box serves plain HTTP only (no domain, no certificate files). */
  readonly enabled: boolean;
  /** The box's own name (PLAUDIT_DOMAIN), or null. */
  readonly domain: string | null;
  /** The answers the plain HTTP listener gives to ACME challenges. */
  readonly challenges: ChallengeBook;
  /** What to serve, the box's own certificate first (the default for unknown names). */
  served(): ServedCert[];
  /** The kept state of a name, or null. */
  status(name: string): CertRow | null;
  /** Every name's state. */
  list(): CertRow[];
  /** True when a name's certificate should be renewed now (or it has none). */
  isDue(name: string): boolean;
  /**
   * Makes sure a name has a good certificate, ordering one when it has none, when it is due, or with `force`;
   * resolves with its state, or rejects with a plain-words error (also kept in `status(name).lastError`).
   */
  ensure(name: string, opts?: { force?: boolean }): Promise<CertRow>;
  /** Reads the operator's certificate files again; true when they changed (and are now served). */
  reloadOperatorFiles(): boolean;
  /** Stops serving a name and deletes its files (a custom domain removed). */
  drop(name: string): void;
  /** Calls `listener` whenever what is served changes; returns how to stop. */
  onChange(listener: () => void): () => void;
}

/** What makes certificates: the ACME orderer by default; tests may pass another. */
export interface CertificateDeps {
  config: Pick<Config, "https" | "dataDir">;
  db: Db;
  clock: Clock;
  log: Logger;
  orderer?: AcmeOrderer;
}

/** A box without built-in HTTPS: nothing is served or ordered. */
function disabled(): Certificates {
  const none = () => {
    throw new Error("This server does not serve HTTPS itself (set PLAUDIT_DOMAIN).");
  };
  return {
    enabled: false,
    domain: null,
    challenges: new ChallengeBook(),
    served: () => [],
    status: () => null,
    list: () => [],
    isDue: () => false,
    ensure: none,
    reloadOperatorFiles: () => false,
    drop: () => {},
    onChange: () => () => {},
  };
}

/** The certificates of a configuration (`disabled` without built-in HTTPS). */
export function createCertificates(deps: CertificateDeps): Certificates {
  const https = deps.config.https;
  if (!https) return disabled();
  const { db, clock, log } = deps;
  const files = new CertFiles(tlsDir(deps.config.dataDir));
  const challenges = new ChallengeBook();
  const orderer = deps.orderer ?? acmeOrderer(https.acme, challenges, (make) => files.accountKey(make));
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const l of listeners) l();
  };
  /** The operator's files, as last read (and their modification times, to notice a change). */
  let operator: (CertPair & { stamp: string }) | null = null;
  const operatorName = https.domain ?? "operator";

  const row = (name: string) => db.select().from(tlsCertificates).where(eq(tlsCertificates.name, name)).get() ?? null;
  const save = (name: string, values: Partial<CertRow>) => {
    const source = values.source ?? row(name)?.source ?? "acme";
    db.insert(tlsCertificates)
      .values({ name, source, ...values })
      .onConflictDoUpdate({ target: tlsCertificates.name, set: values })
      .run();
  };
  const noteServed = (name: string, pair: CertPair, source: CertRow["source"]) => {
    const f = certFacts(pair.cert);
    save(name, {
      source,
      notBefore: f.notBefore,
      notAfter: f.notAfter,
      serial: f.serial,
      issuer: f.issuer,
      issuedAt: clock.now(),
      lastError: null,
      failures: 0,
    });
  };

  function readOperator(): boolean {
    if (!https?.certFiles) return false;
    const { cert, key } = https.certFiles;
    const stamp = `${statSync(cert).mtimeMs}:${statSync(key).mtimeMs}`;
    if (operator?.stamp === stamp) return false;
    const pair = { cert: readFileSync(cert, "utf8"), key: readFileSync(key, "utf8") };
    certFacts(pair.cert); // refuses a file that is not a certificate before it is served
    operator = { ...pair, stamp };
    noteServed(operatorName, pair, "operator");
    return true;
  }
  if (https.certFiles) readOperator();

  let queue: Promise<unknown> = Promise.resolve();
  function serially<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  }

  const isDue = (name: string): boolean => {
    const r = row(name);
    if (!r?.notAfter || !r.notBefore || !files.read(name)) return true;
    const now = clock.now();
    return now >= r.notBefore + ((r.notAfter - r.notBefore) * 2) / 3 || now >= r.notAfter;
  };

  return {
    enabled: true,
    domain: https.domain,
    challenges,
    served() {
      const out: ServedCert[] = [];
      if (operator) out.push({ name: operatorName, cert: operator.cert, key: operator.key });
      const names = db
        .select({ name: tlsCertificates.name })
        .from(tlsCertificates)
        .all()
        .map((r) => r.name)
        .filter((n) => !(operator && n === operatorName))
        // The box's own name first: it answers handshakes for names it does not hold.
        .sort((a, b) => (a === https.domain ? -1 : b === https.domain ? 1 : a.localeCompare(b)));
      for (const name of names) {
        const pair = files.read(name);
        if (pair) out.push({ name, ...pair });
      }
      return out;
    },
    status: row,
    list: () => db.select().from(tlsCertificates).all(),
    isDue,
    ensure(name, opts = {}) {
      return serially(async () => {
        if (operator && name === operatorName) return row(name)!;
        if (!opts.force && !isDue(name)) return row(name)!;
        save(name, { source: "acme", lastAttemptAt: clock.now() });
        const started = clock.now();
        try {
          const pair = await orderer.order(name);
          files.write(name, pair);
          noteServed(name, pair, "acme");
          log.info("certificate obtained", { name, ms: clock.now() - started, serial: row(name)?.serial });
          changed();
          return row(name)!;
        } catch (e) {
          const message = plainAcmeError(name, e);
          save(name, { lastError: message, failures: (row(name)?.failures ?? 0) + 1 });
          log.warn("certificate not obtained", { name, error: message });
          throw new Error(message);
        }
      });
    },
    reloadOperatorFiles() {
      try {
        if (!readOperator()) return false;
      } catch (e) {
        log.error("the certificate files could not be read; still serving the previous ones", {
          error: e instanceof Error ? e.message : String(e),
        });
        return false;
      }
      log.info("certificate files changed: now serving the new certificate", { name: operatorName });
      changed();
      return true;
    },
    drop(name) {
      if (name === https.domain || (operator && name === operatorName)) return;
      db.delete(tlsCertificates).where(eq(tlsCertificates.name, name)).run();
      files.remove(name);
      changed();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
