/**
 * A real ACME server for tests: Debian's `pebble` (Let's Encrypt's test server) with `pebble-challtestsrv` as its
 * DNS, which answers every A query with 127.0.0.1 (and no AAAA), so pebble's HTTP-01 checks reach the product on
 * `httpPort` of this machine. Pebble needs a certificate for its own API (made here with openssl; the product is
 * told to trust it through PLAUDIT_ACME_CA_FILE), makes a new root at every start (`root()` fetches it), and
 * rejects 5% of nonces on purpose (the client must retry).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort as claimPort } from "./ports";

/** A running pebble and its DNS. */
export interface Acme {
  /** `https://localhost:<port>/dir`, for PLAUDIT_ACME_DIRECTORY_URL. */
  directoryUrl: string;
  /** The PEM file of pebble's own API certificate, for PLAUDIT_ACME_CA_FILE. */
  caFile: string;
  /** The port pebble checks HTTP-01 challenges on (the product's plain HTTP port). */
  httpPort: number;
  /** `127.0.0.1:<port>` of the mock DNS, for PLAUDIT_DNS_SERVERS. */
  dns: string;
  /** Pebble's root and intermediate certificates of this run (PEM), to verify what the product serves. */
  chain(): Promise<string[]>;
  /** Makes the mock DNS answer `addresses` for `host` (and back to 127.0.0.1 with `[]`). */
  setA(host: string, addresses: string[]): Promise<void>;
  /** Everything pebble printed (orders and validations). */
  log(): string;
  stop(): Promise<void>;
}

/** A free TCP port that no other test process is handed (test/helpers/ports.ts). */
export async function freePort(): Promise<number> {
  return claimPort();
}

async function waitFor(what: string, probe: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await probe().catch(() => false)) return;
    await Bun.sleep(100);
  }
  throw new Error(`${what} did not start within ${ms} ms`);
}

/** Starts challtestsrv and pebble, with pebble checking HTTP-01 on `httpPort`. */
export async function startAcme(httpPort: number): Promise<Acme> {
  const dir = mkdtempSync(join(tmpdir(), "plaudit-pebble-"));
  const caFile = join(dir, "pebble-api.pem");
  const keyFile = join(dir, "pebble-api.key");
  const made = Bun.spawnSync(
    [
      "openssl",
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:P-256",
      "-nodes",
      "-keyout",
      keyFile,
      "-out",
      caFile,
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
    ],
    { stdout: "pipe", stderr: "pipe" },
  );
  if (made.exitCode !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  const [apiPort, mgmtPort, dnsPort, ctsPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  writeFileSync(
    join(dir, "pebble.json"),
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${apiPort}`,
        managementListenAddress: `127.0.0.1:${mgmtPort}`,
        certificate: caFile,
        privateKey: keyFile,
        httpPort,
        tlsPort: await freePort(),
        ocspResponderURL: "",
        externalAccountBindingRequired: false,
      },
    }),
  );
  let output = "";
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      output += decoder.decode(value);
    }
  };
  const cts = Bun.spawn(
    [
      "pebble-challtestsrv",
      "-dns01",
      `127.0.0.1:${dnsPort}`,
      "-http01",
      "",
      "-https01",
      "",
      "-tlsalpn01",
      "",
      "-management",
      `127.0.0.1:${ctsPort}`,
      "-defaultIPv6",
      "",
    ],
    { stdout: "pipe", stderr: "pipe" },
  );
  void collect(cts.stdout);
  void collect(cts.stderr);
  await waitFor("pebble-challtestsrv", async () => (await fetch(`http://127.0.0.1:${ctsPort}/`)).status > 0);
  const pebble = Bun.spawn(["pebble", "-config", join(dir, "pebble.json"), "-dnsserver", `127.0.0.1:${dnsPort}`], {
    env: { ...process.env, PEBBLE_VA_NOSLEEP: "1" },
    stdout: "pipe",
    stderr: "pipe",
  });
  void collect(pebble.stdout);
  void collect(pebble.stderr);
  const insecure = { tls: { rejectUnauthorized: false } } as RequestInit;
  await waitFor("pebble", async () => (await fetch(`https://127.0.0.1:${apiPort}/dir`, insecure)).ok);
  return {
    directoryUrl: `https://localhost:${apiPort}/dir`,
    caFile,
    httpPort,
    dns: `127.0.0.1:${dnsPort}`,
    async chain() {
      const get = async (p: string) => (await fetch(`https://127.0.0.1:${mgmtPort}${p}`, insecure)).text();
      return [await get("/roots/0"), await get("/intermediates/0")];
    },
    async setA(host, addresses) {
      const path = addresses.length ? "/add-a" : "/clear-a";
      const res = await fetch(`http://127.0.0.1:${ctsPort}${path}`, {
        method: "POST",
        body: JSON.stringify(addresses.length ? { host: `${host}.`, addresses } : { host: `${host}.` }),
      });
      if (!res.ok) throw new Error(`challtestsrv ${path} answered ${res.status}`);
    },
    log: () => output,
    async stop() {
      pebble.kill();
      cts.kill();
      await Promise.all([pebble.exited, cts.exited]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The certificate a TLS server presents for `servername`, and whether it verifies against `ca`. */
export async function peerCertificate(
  port: number,
  servername: string,
  ca: string[],
): Promise<{ authorized: boolean; error: string | null; serial: string; names: string; issuer: string }> {
  const tls = await import("node:tls");
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: "127.0.0.1", port, servername, ca, rejectUnauthorized: false }, () => {
      const cert = socket.getPeerCertificate();
      resolve({
        authorized: socket.authorized,
        error: socket.authorizationError ? String(socket.authorizationError) : null,
        serial: String(cert.serialNumber).toLowerCase(),
        names: cert.subjectaltname ?? "",
        issuer: String(cert.issuer?.CN ?? ""),
      });
      socket.end();
    });
    socket.on("error", reject);
  });
}
