/**
 * Caddy and nginx in front of Plaudit, configured exactly as the README's "Behind Caddy or nginx" section says: its
 * `caddyfile` and `nginx` blocks are read from README.md and changed only in the name, the ports and the certificate
 * files. Each proxy runs in the foreground as an unprivileged process (user nobody when the tests run as root) with
 * its files in a temporary folder, on random high ports, with a certificate for `plaudit.test` from a throwaway CA
 * made here with openssl. `curlVia` talks to it as a browser on another machine would: by name, checking the
 * certificate against that CA, from a chosen local address (127.0.0.2 is another client than 127.0.0.1).
 */
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort as claimPort } from "./ports";

/** The name the test certificate is for; browsers and curl map it to this machine. */
export const PROXY_HOST = "plaudit.test";

/** The name the README's examples use, replaced by `PROXY_HOST`. */
const DOCUMENTED_HOST = "testimonials.example.com";

const README = join(import.meta.dir, "../../README.md");

/** The fenced blocks of one language in the README's "Behind Caddy or nginx" section. */
export function documentedConfig(language: "caddyfile" | "nginx"): string {
  const readme = readFileSync(README, "utf8");
  const start = readme.indexOf("\n## Behind Caddy or nginx\n");
  if (start < 0) throw new Error('README.md has no "## Behind Caddy or nginx" section');
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const blocks = [...section.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]!);
  if (blocks.length !== 1) throw new Error(`the README section has ${blocks.length} ${language} blocks, not one`);
  return blocks[0]!;
}

/** Replaces `pattern` in `text`, failing when it is not there: the README and the test must not drift apart. */
function swap(text: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(text)) throw new Error(`the documented config no longer contains ${pattern}`);
  return text.replace(
    new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`),
    replacement,
  );
}

/** A folder the proxy (user nobody, when running as root) may use, and the tests too. */
export function shareWithProxy(dir: string) {
  chmodSync(dir, 0o755);
  if (process.getuid?.() !== 0) return;
  const walk = (p: string) => {
    chownSync(p, 65534, 65534);
    if (statSync(p).isDirectory()) for (const f of readdirSync(p)) walk(join(p, f));
  };
  walk(dir);
}

/** The command that runs `cmd` unprivileged: as nobody when the tests run as root, else as is. */
export function unprivileged(cmd: string[]): string[] {
  return process.getuid?.() === 0
    ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--inh-caps=-all", "--", ...cmd]
    : cmd;
}

function run(cmd: string[], cwd: string) {
  const p = Bun.spawnSync(cmd, { cwd, stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`${cmd.join(" ")} failed:\n${p.stderr.toString()}`);
}

/** A CA and a certificate it signed for `PROXY_HOST`, as PEM files in `dir`. */
export interface TestCertificate {
  ca: string;
  cert: string;
  key: string;
}

/** Makes a throwaway CA and a server certificate for `PROXY_HOST` with openssl. */
export function makeCertificate(dir: string): TestCertificate {
  const req = ["openssl", "req", "-newkey", "rsa:2048", "-nodes"];
  run(
    [
      ...req,
      "-x509",
      "-days",
      "2",
      "-keyout",
      "ca.key",
      "-out",
      "ca.pem",
      "-subj",
      "/CN=Plaudit test CA",
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign,cRLSign",
    ],
    dir,
  );
  run([...req, "-keyout", "site.key", "-out", "site.csr", "-subj", `/CN=${PROXY_HOST}`], dir);
  writeFileSync(
    join(dir, "site.ext"),
    `subjectAltName=DNS:${PROXY_HOST}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n`,
  );
  run(
    [
      "openssl",
      "x509",
      "-req",
      "-in",
      "site.csr",
      "-CA",
      "ca.pem",
      "-CAkey",
      "ca.key",
      "-CAcreateserial",
      "-days",
      "2",
      "-out",
      "site.pem",
      "-extfile",
      "site.ext",
    ],
    dir,
  );
  return { ca: join(dir, "ca.pem"), cert: join(dir, "site.pem"), key: join(dir, "site.key") };
}

/**
 * A port nothing listens on, on any address (the proxies listen on all of them, as documented), that no other test
 * process is handed (test/helpers/ports.ts).
 */
export async function freePort(): Promise<number> {
  return claimPort();
}

/** A running proxy. */
export interface RunningProxy {
  name: "caddy" | "nginx";
  /** `https://plaudit.test:<port>`: the public address, as PLAUDIT_BASE_URL names it. */
  origin: string;
  httpsPort: number;
  httpPort: number;
  /** What it wrote to stderr and its own log files. */
  log(): string;
  stop(): Promise<void>;
}

/** Where a proxy listens and what it forwards to. */
export interface ProxyOptions {
  /** The proxy's own folder, directly under the system's temp folder (it is handed to user nobody); `cert` in it. */
  dir: string;
  cert: TestCertificate;
  httpsPort: number;
  httpPort: number;
  /** Plaudit's port on 127.0.0.1 (the README's 3000). */
  upstreamPort: number;
}

/** The README's nginx server blocks with this test's name, ports and certificate, in a minimal nginx.conf. */
export function nginxConfig(o: ProxyOptions): string {
  let c = documentedConfig("nginx");
  c = swap(c, /ssl_certificate \S+;/, `ssl_certificate ${o.cert.cert};`);
  c = swap(c, /ssl_certificate_key \S+;/, `ssl_certificate_key ${o.cert.key};`);
  c = swap(c, /server_name testimonials\.example\.com;/, `server_name ${PROXY_HOST};`);
  c = swap(c, /listen 443 /, `listen ${o.httpsPort} `);
  c = swap(c, /listen \[::\]:443 /, `listen [::]:${o.httpsPort} `);
  c = swap(c, /listen 80;/, `listen ${o.httpPort};`);
  c = swap(c, /listen \[::\]:80;/, `listen [::]:${o.httpPort};`);
  c = swap(c, /proxy_pass http:\/\/127\.0\.0\.1:3000;/, `proxy_pass http://127.0.0.1:${o.upstreamPort};`);
  if (c.includes(DOCUMENTED_HOST)) throw new Error(`the nginx config still names ${DOCUMENTED_HOST}`);
  // What Debian's /etc/nginx/nginx.conf around sites-enabled/ would give, with every path in the test's folder.
  const d = o.dir;
  return `daemon off;
pid ${d}/nginx.pid;
error_log ${d}/nginx-error.log info;
worker_processes 1;
events { worker_connections 256; }
http {
  access_log ${d}/nginx-access.log;
  client_body_temp_path ${d}/body;
  proxy_temp_path ${d}/proxy;
  fastcgi_temp_path ${d}/fastcgi;
  uwsgi_temp_path ${d}/uwsgi;
  scgi_temp_path ${d}/scgi;
${c}
}
`;
}

/** The README's Caddyfile with this test's name, ports and certificate (a bought or self-made one: no ACME). */
export function caddyConfig(o: ProxyOptions): string {
  let c = documentedConfig("caddyfile");
  c = swap(c, /^testimonials\.example\.com \{\n/m, `${PROXY_HOST} {\n\ttls ${o.cert.cert} ${o.cert.key}\n`);
  c = swap(c, /reverse_proxy 127\.0\.0\.1:3000$/m, `reverse_proxy 127.0.0.1:${o.upstreamPort}`);
  if (c.includes(DOCUMENTED_HOST)) throw new Error(`the Caddyfile still names ${DOCUMENTED_HOST}`);
  // Global options: the ports (Caddy's own 80 and 443 as far as the site is concerned), no admin endpoint (another
  // test may run a Caddy too), its state in the test's folder.
  return `{
	admin off
	http_port ${o.httpPort}
	https_port ${o.httpsPort}
	storage file_system ${o.dir}/caddy-data
}

${c}`;
}

/** Starts a proxy and waits until it answers TLS on its port. */
async function start(name: "caddy" | "nginx", o: ProxyOptions, cmd: string[]): Promise<RunningProxy> {
  const stderrPath = join(o.dir, `${name}.stderr`);
  writeFileSync(stderrPath, "");
  shareWithProxy(o.dir);
  const out = Bun.file(stderrPath);
  const proc = Bun.spawn(unprivileged(cmd), {
    cwd: o.dir,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: o.dir, XDG_DATA_HOME: o.dir, XDG_CONFIG_HOME: o.dir },
    stdin: "ignore",
    stdout: out,
    stderr: out,
  });
  const log = () =>
    ["nginx-error.log", `${name}.stderr`]
      .map((f) => {
        try {
          return readFileSync(join(o.dir, f), "utf8");
        } catch {
          return "";
        }
      })
      .join("");
  const proxy: RunningProxy = {
    name,
    origin: `https://${PROXY_HOST}:${o.httpsPort}`,
    httpsPort: o.httpsPort,
    httpPort: o.httpPort,
    log,
    async stop() {
      if (proc.exitCode === null) {
        proc.kill("SIGTERM");
        const done = await Promise.race([proc.exited.then(() => true), Bun.sleep(5000).then(() => false)]);
        if (!done) proc.kill(9);
        await proc.exited;
      }
    },
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${name} exited ${proc.exitCode}:\n${log()}`);
    const r = await curlVia(proxy, o.cert, "/healthz").catch(() => null);
    if (r && r.status > 0) return proxy;
    if (Date.now() > deadline) {
      await proxy.stop();
      throw new Error(`${name} did not answer on ${o.httpsPort} within 20 s:\n${log()}`);
    }
    await Bun.sleep(100);
  }
}

/** nginx with the README's config, in the foreground. */
export function startNginx(o: ProxyOptions): Promise<RunningProxy> {
  const conf = join(o.dir, "nginx.conf");
  writeFileSync(conf, nginxConfig(o));
  return start("nginx", o, ["nginx", "-p", o.dir, "-c", conf]);
}

/** Caddy with the README's Caddyfile, in the foreground. */
export function startCaddy(o: ProxyOptions): Promise<RunningProxy> {
  const conf = join(o.dir, "Caddyfile");
  writeFileSync(conf, caddyConfig(o));
  return start("caddy", o, ["caddy", "run", "--config", conf, "--adapter", "caddyfile"]);
}

/** True when the program is installed (install.sh installs both on Debian). */
export const installed = (program: string) => Bun.which(program) !== null;

/** An answer through the proxy. */
export interface CurlAnswer {
  status: number;
  headers: Headers;
  /** Every Set-Cookie line. */
  cookies: string[];
  body: string;
}

/** What a request through the proxy carries. */
export interface CurlRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The local address the connection comes from (e.g. `127.0.0.2`: another client, as the proxy sees it). */
  from?: string;
  /** Plain HTTP on the proxy's http port instead of HTTPS. */
  http?: boolean;
}

/**
 * One request to the proxy by name, as a browser elsewhere would send it: `--resolve` maps `plaudit.test` to this
 * machine, the certificate is checked against the test CA, and the connection comes from `from` when given.
 */
export async function curlVia(
  proxy: Pick<RunningProxy, "httpsPort" | "httpPort">,
  cert: TestCertificate,
  path: string,
  req: CurlRequest = {},
): Promise<CurlAnswer> {
  const port = req.http ? proxy.httpPort : proxy.httpsPort;
  const url = `${req.http ? "http" : "https"}://${PROXY_HOST}:${port}${path}`;
  const scratch = mkdtempSync(join(tmpdir(), "plaudit-curl-"));
  const bodyFile = join(scratch, "body");
  const args = ["curl", "-sS", "--max-time", "60", "--resolve", `${PROXY_HOST}:${port}:127.0.0.1`];
  if (req.from) args.push("--interface", req.from);
  // Headers on stdout, the body in a file: neither can be mistaken for the other.
  args.push("--cacert", cert.ca, "-X", req.method ?? "GET", "-D", "-", "-o", bodyFile);
  for (const [k, v] of Object.entries(req.headers ?? {})) args.push("-H", `${k}: ${v}`);
  if (req.body !== undefined) {
    writeFileSync(join(scratch, "sent"), req.body);
    args.push("--data-binary", `@${join(scratch, "sent")}`);
  }
  args.push(url);
  try {
    const p = Bun.spawn(args, { stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    const [head, err, code] = await Promise.all([
      new Response(p.stdout).text(),
      new Response(p.stderr).text(),
      p.exited,
    ]);
    if (code !== 0) throw new Error(`curl ${url} exited ${code}: ${err}`);
    return parseAnswer(head, existsSync(bodyFile) ? readFileSync(bodyFile, "utf8") : "");
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Status, headers and cookies from curl's `-D -` output (one answer: redirects are not followed). */
function parseAnswer(head: string, body: string): CurlAnswer {
  const lines = head.trim().split(/\r?\n/);
  const status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(lines[0] ?? "")?.[1] ?? 0);
  const headers = new Headers();
  const cookies: string[] = [];
  for (const line of lines.slice(1)) {
    const i = line.indexOf(":");
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    const value = line.slice(i + 1).trim();
    if (name === "set-cookie") cookies.push(value);
    else headers.append(name, value);
  }
  return { status, headers, cookies, body };
}
