/**
 * Test receivers for webhooks: self-signed certificates made with openssl at test time, an https server on
 * 127.0.0.1 that records every request (raw body, headers, arrival time) and answers as the test says, and a
 * fetch that refuses anything but loopback, so no test can reach another address.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A key and its self-signed certificate (PEM). */
export interface TestCert {
  key: string;
  cert: string;
}

/** Makes a self-signed certificate for the names and addresses given (subjectAltName). */
export function makeCert(
  names: string[] = ["localhost", "hooks.example"],
  ips: string[] = ["127.0.0.1", "::1"],
): TestCert {
  const dir = mkdtempSync(join(tmpdir(), "plaudit-cert-"));
  try {
    const san = [...names.map((n) => `DNS:${n}`), ...ips.map((i) => `IP:${i}`)].join(",");
    const r = Bun.spawnSync(
      [
        "openssl",
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
        "-days",
        "2",
        "-subj",
        `/CN=${names[0] ?? ips[0]}`,
        "-addext",
        `subjectAltName=${san}`,
      ],
      { stderr: "pipe" },
    );
    if (r.exitCode !== 0) throw new Error(`openssl failed: ${r.stderr.toString()}`);
    return { key: readFileSync(join(dir, "key.pem"), "utf8"), cert: readFileSync(join(dir, "cert.pem"), "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One request as the receiver got it. */
export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Real time of arrival (ms). */
  at: number;
  /** What the receiver's check said about it (see `Receiver.check`), if one is set. */
  verified?: boolean;
}

/** What the receiver answers; the default is 200 "ok". */
export type Behaviour = (req: Received) => Response | Promise<Response>;

/** A running receiver. */
export interface Receiver {
  port: number;
  /** `https://<host>:<port><path>`. */
  url(path?: string, host?: string): string;
  requests: Received[];
  behave(fn: Behaviour): void;
  /** Runs on every request as it arrives (e.g. signature verification); the answer lands in `verified`. */
  check(fn: (req: Received) => Promise<boolean>): void;
  /** Resolves once `n` requests have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  stop(): void;
}

/** Starts an https receiver on 127.0.0.1 with the given certificate. */
export function startReceiver(cert: TestCert, behaviour: Behaviour = () => new Response("ok")): Receiver {
  let behave = behaviour;
  let checker: ((req: Received) => Promise<boolean>) | null = null;
  const requests: Received[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    reusePort: false,
    tls: { key: cert.key, cert: cert.cert },
    async fetch(req) {
      const received: Received = {
        path: new URL(req.url).pathname,
        headers: Object.fromEntries(req.headers),
        body: await req.text(),
        at: Date.now(),
      };
      requests.push(received);
      if (checker) received.verified = await checker(received).catch(() => false);
      return behave(received);
    },
  });
  return {
    port: server.port!,
    url: (path = "/hook", host = "hooks.example") => `https://${host}:${server.port}${path}`,
    requests,
    behave: (fn) => void (behave = fn),
    check: (fn) => void (checker = fn),
    async waitFor(n, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      while (requests.length < n) {
        if (Date.now() > end) throw new Error(`receiver got ${requests.length} of ${n} requests`);
        await Bun.sleep(10);
      }
    },
    stop: () => void server.stop(true),
  };
}

/** A fetch that only connects to loopback: the guard that keeps tests off every other address. */
export const loopbackOnlyFetch = (url: string, init: RequestInit): Promise<Response> => {
  const host = new URL(url).hostname;
  if (host !== "127.0.0.1" && host !== "[::1]")
    return Promise.reject(new Error(`test guard: refused to connect to ${host}`));
  return fetch(url, init);
};

/** A resolver from a table of names (a name missing from it does not resolve). */
export function tableResolver(table: Record<string, string[]>) {
  return async (hostname: string) => {
    const found = table[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return found;
  };
}
