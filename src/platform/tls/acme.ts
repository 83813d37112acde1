/**
 * Ordering a certificate from an ACME server (Let's Encrypt by default) with the `acme-client` library, proving
 * control of the name by HTTP-01: the ACME server fetches `http://<name>/.well-known/acme-challenge/<token>` and the
 * box's plain HTTP listener answers from `ChallengeBook`. The library does not check the challenge itself first
 * (`skipChallengeVerification`): the box cannot always resolve its own public name, and the ACME server's own check
 * is the one that counts. `acme-client` is loaded with the first order, so a box that never orders never loads it.
 */
import { readFileSync } from "node:fs";
import type { HttpsConfig } from "../../config";
import type { CertPair } from "./files";

/** Answers to pending HTTP-01 challenges, by token: what the plain HTTP listener serves. */
export class ChallengeBook {
  private readonly answers = new Map<string, string>();
  /** The key authorization of a token, or null. */
  answer(token: string): string | null {
    return this.answers.get(token) ?? null;
  }
  /** @internal */ put(token: string, keyAuthorization: string) {
    this.answers.set(token, keyAuthorization);
  }
  /** @internal */ drop(token: string) {
    this.answers.delete(token);
  }
}

/** Orders certificates; one per call, for one name. */
export interface AcmeOrderer {
  order(name: string): Promise<CertPair>;
}

/** The ACME orderer of a configuration: its directory, contact, trusted CA and account key. */
export function acmeOrderer(
  acme: HttpsConfig["acme"],
  book: ChallengeBook,
  accountKey: (create: () => Promise<string>) => Promise<string>,
): AcmeOrderer {
  let client: Promise<{ lib: typeof import("acme-client"); client: import("acme-client").Client }> | null = null;
  const connect = () =>
    (client ??= (async () => {
      const lib = await import("acme-client");
      if (acme.caFile) {
        const https = await import("node:https");
        lib.axios.defaults.httpsAgent = new https.Agent({ ca: readFileSync(acme.caFile) });
      }
      const key = await accountKey(async () => (await lib.crypto.createPrivateEcdsaKey()).toString());
      return { lib, client: new lib.Client({ directoryUrl: acme.directoryUrl, accountKey: key }) };
    })().catch((e) => {
      client = null;
      throw e;
    }));
  return {
    async order(name) {
      const { lib, client: c } = await connect();
      const [key, csr] = await lib.crypto.createCsr({ altNames: [name] }, await lib.crypto.createPrivateEcdsaKey());
      const cert = await c.auto({
        csr,
        email: acme.email ?? undefined,
        termsOfServiceAgreed: true,
        challengePriority: ["http-01"],
        skipChallengeVerification: true,
        challengeCreateFn: async (_authz, challenge, keyAuthorization) => book.put(challenge.token, keyAuthorization),
        challengeRemoveFn: async (_authz, challenge) => book.drop(challenge.token),
      });
      return { cert, key: key.toString() };
    },
  };
}

/** An ACME failure in words an operator can act on. */
export function plainAcmeError(name: string, e: unknown): string {
  const raw = e instanceof Error ? e.message : String(e);
  const detail = raw.length > 300 ? `${raw.slice(0, 300)}…` : raw;
  if (/rateLimited|too many certificates/i.test(raw))
    return `The certificate authority's limit of certificates for ${name} was reached; Plaudit tries again later. (${detail})`;
  if (/NXDOMAIN|no valid (A|AAAA) records|DNS problem|resolving|no such host/i.test(raw))
    return `${name} has no DNS record pointing at this server yet. Create the record shown in the dashboard, wait a few minutes, and Plaudit tries again. (${detail})`;
  if (/connection refused|timeout|timed out|Connection reset|connect:|Fetching/i.test(raw))
    return `The certificate authority could not reach this server at http://${name}/ (port 80). Check that ${name} points here and that port 80 is open. (${detail})`;
  if (/unauthorized|Incorrect validation|key authorization/i.test(raw))
    return `${name} seems to point at another server: the certificate authority reached a server that did not answer Plaudit's check. (${detail})`;
  if (/ECONNREFUSED|ENOTFOUND|certificate|self.signed|UNABLE_TO/i.test(raw))
    return `Plaudit could not talk to the certificate authority (PLAUDIT_ACME_DIRECTORY_URL): ${detail}`;
  return `The certificate for ${name} could not be obtained: ${detail}`;
}
