/**
 * HTTPS by itself (issue 24), on `dist/plaudit` with a real ACME server: Debian's `pebble` and `pebble-challtestsrv`
 * as its DNS (every name is 127.0.0.1), so the HTTP-01 checks really reach the product's plain HTTP port.
 * - `serve --domain box.test` gets a certificate chained to pebble's root and serves HTTPS with HSTS; plain HTTP
 *   redirects (308, same path) and answers only ACME challenges; the session cookie is `Secure`;
 * - a collect link opened in Chromium at `https://box.test` (names mapped with --host-resolver-rules) is a secure
 *   context where the fake camera records, and the recording reaches `ready`;
 * - a restart serves the same certificate (nothing ordered); `plaudit tls renew --force` swaps a new one into the
 *   running server (same process);
 * - a brand's custom domain becomes `active` and serves the wall, the brand's links and its removal pages; another
 *   brand's link is not served there; a handshake for an unknown name gets the box's certificate and orders
 *   nothing; a domain that stops pointing here is reported (status and email).
 * Screenshot: /tmp/https-recording.png (recording at https://box.test).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { binaryEnv, ensureBinary } from "../helpers/binary";
import { freePort, peerCertificate, startAcme, type Acme } from "../helpers/acme";
import { launchChromium, signInAs } from "../helpers/browser";
import { fillAndSend, openCapturePage, record, sentId } from "../helpers/capture-page";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";
import { until } from "../helpers/wait";
import { eq } from "drizzle-orm";
import { loadConfig } from "../../src/config";
import { createDeps } from "../../src/bootstrap";
import { createLogger } from "../../src/platform/log";
import { brands } from "../../src/domains/brands";
import { scheduleDomainCheck } from "../../src/domains/brands/custom-domain";
import type { Deps } from "../../src/platform/deps";

/** Custom-domain jobs not yet done. */
const jobsLeft = (deps: Deps) =>
  (
    deps.db.$client
      .query(
        "SELECT count(*) AS n FROM jobs WHERE kind LIKE 'brand.custom_domain%' AND status IN ('queued', 'running')",
      )
      .get() as { n: number }
  ).n;

const BOX = "box.test";
const CLIENT = "reviews.client.test";
const OWNER = { email: "owner@box.test", password: "owner-password-1" };
const CONSENT = "I agree that Box Co may publish my words and recording.";

let acme: Acme;
let bin = "";
let cwd = "";
let httpPort = 0;
let httpsPort = 0;
let proc: ReturnType<typeof Bun.spawn> | null = null;
let logFd = 0;
let key = "";
let chain: string[] = [];
let browser: Browser | null = null;

const env = () =>
  binaryEnv({
    PLAUDIT_DOMAIN: BOX,
    PLAUDIT_PORT: String(httpPort),
    PLAUDIT_HTTPS_PORT: String(httpsPort),
    PLAUDIT_HOST: "127.0.0.1",
    PLAUDIT_ACME_DIRECTORY_URL: acme.directoryUrl,
    PLAUDIT_ACME_CA_FILE: acme.caFile,
    PLAUDIT_ACME_EMAIL: "ops@box.test",
    PLAUDIT_DNS_SERVERS: acme.dns,
    PLAUDIT_LOG_LEVEL: "info",
    PLAUDIT_JOB_LEASE_SECONDS: "30",
  });
const boxUrl = () => `https://${BOX}:${httpsPort}`;
const log = () => readFileSync(join(cwd, "server.log"), "utf8");

/** curl over HTTPS to a name mapped to 127.0.0.1, trusting pebble's chain: status, headers and body. */
async function https(
  name: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  const caFile = join(cwd, "pebble-chain.pem");
  await Bun.write(caFile, chain.join("\n"));
  const args = ["curl", "-s", "-i", "--cacert", caFile, "--resolve", `${name}:${httpsPort}:127.0.0.1`];
  if (init.method) args.push("-X", init.method);
  for (const [k, v] of Object.entries(init.headers ?? {})) args.push("-H", `${k}: ${v}`);
  if (init.body !== undefined) args.push("--data-binary", init.body);
  args.push(`https://${name}:${httpsPort}${path}`);
  const p = Bun.spawn(args, { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  if (code !== 0) throw new Error(`curl ${path} on ${name} failed (${code}): ${err}`);
  const [head, ...rest] = out.split(/\r\n\r\n/);
  const lines = head!.split(/\r\n/);
  const headers = new Map(
    lines.slice(1).map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
  );
  return { status: Number(lines[0]!.split(" ")[1]), headers, body: rest.join("\r\n\r\n") };
}

const api = async (method: string, path: string, body?: unknown) => {
  const r = await https(BOX, path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { ...r, json: r.body ? JSON.parse(r.body) : null };
};

async function start() {
  logFd = openSync(join(cwd, "server.log"), "a");
  proc = Bun.spawn([bin, "serve"], { cwd, env: env(), stdin: "ignore", stdout: logFd, stderr: logFd });
  await until(
    "HTTPS to answer",
    async () => {
      try {
        return (await peerCertificate(httpsPort, BOX, chain)).authorized;
      } catch {
        return false;
      }
    },
    60_000,
  );
}

async function stop() {
  if (proc && proc.exitCode === null) {
    proc.kill("SIGTERM");
    await proc.exited;
  }
  closeSync(logFd);
}

const cli = (...args: string[]) => {
  const p = Bun.spawnSync([bin, ...args, "--json"], { cwd, env: env(), stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`plaudit ${args.join(" ")}: ${p.stderr}${p.stdout}`);
  return JSON.parse(p.stdout.toString());
};

beforeAll(async () => {
  bin = await ensureBinary();
  cwd = mkdtempSync(join(tmpdir(), "plaudit-https-"));
  httpPort = await freePort();
  httpsPort = await freePort();
  acme = await startAcme(httpPort);
  chain = await acme.chain();
  const org = cli(
    "org",
    "create",
    "--name",
    "Box Co",
    "--plan",
    "plus",
    "--owner-email",
    OWNER.email,
    "--owner-password",
    OWNER.password,
  );
  await start();
  key = cli("key", "create", "--org", org.id, "--mode", "live").secret;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stop();
  await acme?.stop();
  if (cwd) rmSync(cwd, { recursive: true, force: true });
});

describe("the box's own domain", () => {
  test("its certificate is chained to pebble's root; HSTS on every answer; the session cookie is Secure", async () => {
    const cert = await peerCertificate(httpsPort, BOX, chain);
    expect(cert).toMatchObject({ authorized: true, error: null, names: `DNS:${BOX}` });
    expect(cert.issuer).toContain("Pebble");
    const health = await https(BOX, "/healthz");
    expect(health.status).toBe(200);
    expect(health.headers.get("strict-transport-security")).toBe("max-age=31536000");
    const refused = await https(BOX, "/v1/brands");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("strict-transport-security")).toBe("max-age=31536000");
    const login = await https(BOX, "/v1/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "x-svc-csrf": "1" },
      body: JSON.stringify(OWNER),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get("set-cookie")).toContain("; Secure");
    // The addresses default to https://box.test:<port>.
    const brand = (await api("GET", "/v1/brands")).json.data[0];
    expect(brand.public_wall_url).toStartWith(`${boxUrl()}/b/`);
    const files = cli("tls", "status");
    expect(files.certificates).toEqual([
      expect.objectContaining({ name: BOX, source: "acme", due: false, last_error: null, serial: cert.serial }),
    ]);
  }, 60_000);

  test("plain HTTP redirects everything to the same path over HTTPS (308) and answers only ACME challenges", async () => {
    const res = await fetch(`http://127.0.0.1:${httpPort}/app/inbox?x=1`, {
      headers: { host: `${BOX}:${httpPort}` },
      redirect: "manual",
    });
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe(`${boxUrl()}/app/inbox?x=1`);
    const post = await fetch(`http://127.0.0.1:${httpPort}/v1/brands`, {
      method: "POST",
      headers: { host: BOX },
      body: "{}",
      redirect: "manual",
    });
    expect(post.status).toBe(308);
    // A name the box holds no certificate for goes to the box's own name, never where the Host header says.
    const other = await fetch(`http://127.0.0.1:${httpPort}/x`, {
      headers: { host: "evil.example" },
      redirect: "manual",
    });
    expect(other.headers.get("location")).toBe(`${boxUrl()}/x`);
    expect((await fetch(`http://127.0.0.1:${httpPort}/.well-known/acme-challenge/unknown-token`)).status).toBe(404);
  }, 30_000);

  test("a collect link at https://box.test is a secure context where the camera records; the video is processed", async () => {
    const media = ensureMediaFixtures();
    browser = await launchChromium([
      `--host-resolver-rules=MAP ${BOX} 127.0.0.1, MAP ${CLIENT} 127.0.0.1`,
      "--ignore-certificate-errors",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${media.fakeCameraY4m}`,
      `--use-file-for-fake-audio-capture=${media.fakeMicWav}`,
    ]);
    const brand = (await api("GET", "/v1/brands")).json.data[0];
    const link = await api("POST", `/v1/brands/${brand.id}/links`, {
      title: "Tell us about Box Co",
      prompts: [{ text: "What changed for you?", max_seconds: 30 }],
      consent_text: CONSENT,
      consent_version: "2026-11-27",
    });
    expect(link.status).toBe(201);
    expect(link.json.url).toStartWith(`${boxUrl()}/c/`);
    const { page, problems } = await openCapturePage(browser, boxUrl());
    await page.goto(link.json.url);
    const context = await page.evaluate(() => ({
      secure: window.isSecureContext,
      media: typeof navigator.mediaDevices?.getUserMedia,
      protocol: location.protocol,
    }));
    expect(context).toEqual({ secure: true, media: "function", protocol: "https:" });
    await page.getByRole("radio", { name: /^Video/ }).check();
    await record(page, 3000);
    // Headless Chromium has no address bar: the screenshot carries the page's address on a strip of its own.
    await page.evaluate(() => {
      const bar = document.createElement("div");
      bar.textContent = `${location.href}  (secure context: ${window.isSecureContext})`;
      bar.setAttribute("style", "background:#111;color:#fff;font:13px monospace;padding:6px 8px;word-break:break-all");
      document.body.prepend(bar);
    });
    await page.screenshot({ path: "/tmp/https-recording.png", fullPage: true });
    await page.evaluate(() => document.body.firstElementChild?.remove());
    await fillAndSend(page, "Sam Secure");
    const id = await sentId(page, "Sam Secure");
    const done = await until(
      "the recording to be processed",
      async () => {
        const s = (await api("GET", `/v1/submissions/${id}`)).json;
        return s.status === "ready" || s.status === "failed" ? s : null;
      },
      120_000,
      1000,
    );
    expect(done.status, done.failure_reason).toBe("ready");
    expect(problems).toEqual([]);
    await page.context().close();
  }, 240_000);

  test("a restart serves the same certificate: nothing is ordered", async () => {
    const before = await peerCertificate(httpsPort, BOX, chain);
    const orders = (acme.log().match(/Issued certificate serial/g) ?? []).length;
    await stop();
    await start();
    const after = await peerCertificate(httpsPort, BOX, chain);
    expect(after.serial).toBe(before.serial);
    expect((acme.log().match(/Issued certificate serial/g) ?? []).length).toBe(orders);
  }, 90_000);

  test("a forced renewal swaps a new certificate into the running server, without a restart", async () => {
    const before = await peerCertificate(httpsPort, BOX, chain);
    const pid = proc!.pid;
    cli("tls", "renew", "--force");
    const after = await until(
      "the renewed certificate",
      async () => {
        const c = await peerCertificate(httpsPort, BOX, chain);
        return c.serial !== before.serial ? c : null;
      },
      60_000,
      250,
    );
    expect(after.authorized).toBe(true);
    expect(proc!.pid).toBe(pid);
    expect(proc!.exitCode).toBeNull();
    expect(log()).toContain("HTTPS certificates swapped");
    expect((await https(BOX, "/healthz")).status).toBe(200);
  }, 90_000);
});

describe("a client's own domain", () => {
  let brandId = "";
  let linkUrl = "";
  test("a brand's custom domain becomes active and serves its wall and links; another brand's link is not served", async () => {
    const brand = await api("POST", "/v1/brands", { name: "Client Bakery" });
    brandId = brand.json.id;
    const link = await api("POST", `/v1/brands/${brandId}/links`, {
      title: "How was your cake?",
      prompts: [{ text: "Tell us" }],
      consent_text: CONSENT,
      consent_version: "2026-11-27",
    });
    await api("PATCH", `/v1/links/${link.json.id}`, { slug: "cake" });
    const set = await api("PATCH", `/v1/brands/${brandId}`, { is_public: true, custom_domain: CLIENT.toUpperCase() });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({
      custom_domain: CLIENT,
      custom_domain_status: "pending",
      custom_domain_dns: { type: "CNAME", name: CLIENT, value: BOX },
    });
    const active = await until(
      "the custom domain to be active",
      async () => {
        const b = (await api("GET", `/v1/brands/${brandId}`)).json;
        if (b.custom_domain_status === "failed") throw new Error(b.custom_domain_error);
        return b.custom_domain_status === "active" ? b : null;
      },
      150_000,
      250,
    );
    const site = `https://${CLIENT}:${httpsPort}`;
    expect(active.public_wall_url).toBe(site);
    const links = (await api("GET", `/v1/brands/${brandId}/links`)).json.data;
    linkUrl = links[0].url;
    expect(linkUrl).toBe(`${site}/c/cake`);
    const cert = await until("the domain's certificate to be served", async () => {
      const c = await peerCertificate(httpsPort, CLIENT, chain);
      return c.names === `DNS:${CLIENT}` ? c : null;
    });
    expect(cert.authorized).toBe(true);
    const wall = await https(CLIENT, "/");
    expect(wall.status).toBe(200);
    expect(wall.body).toContain("Client Bakery");
    expect(wall.headers.get("strict-transport-security")).toBe("max-age=31536000");
    const capture = await https(CLIENT, "/c/cake");
    expect(capture.status).toBe(200);
    expect(capture.body).toContain('name="plaudit-link"');
    // The box's own brand's link is not this client's: not served on its domain.
    const boxBrand = (await api("GET", "/v1/brands")).json.data.find((b: any) => b.id !== brandId && b.is_default);
    const boxLink = (await api("GET", `/v1/brands/${boxBrand.id}/links`)).json.data[0];
    expect((await https(CLIENT, `/c/${boxLink.id}`)).status).toBe(404);
    // The API and the dashboard stay on the box's own name.
    expect((await https(CLIENT, "/v1/brands")).status).toBe(404);
    expect((await https(CLIENT, "/app/")).status).toBe(404);
    const removal = await https(CLIENT, "/remove/not-a-real-token-000000000");
    expect(removal.status).toBe(200);
  }, 240_000);

  test("the capture page on the client's domain records and sends in Chromium", async () => {
    const { page, problems } = await openCapturePage(browser!, `https://${CLIENT}:${httpsPort}`);
    await page.goto(linkUrl);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    await page.getByRole("radio", { name: /^Write/ }).check();
    await page.locator("#answer-text").fill("The cake was perfect and arrived right on time.");
    await fillAndSend(page, "Cleo Client");
    const id = await sentId(page, "Cleo Client");
    expect((await api("GET", `/v1/submissions/${id}`)).json.brand_id).toBe(brandId);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);

  test("in the dashboard at https://box.test: a domain typed in the brand editor turns Active on its own", async () => {
    const brand = await api("POST", "/v1/brands", { name: "Garden Shop" });
    const context = await browser!.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    await signInAs(page, boxUrl(), OWNER);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Brands" }).click();
    const card = page.locator("article.brand-card").filter({ hasText: "Garden Shop" });
    await card.getByRole("button", { name: "Edit" }).click();
    await card.getByLabel("Your client's own domain").fill("shop.garden.test");
    await card.getByRole("button", { name: "Save brand" }).click();
    await card.getByRole("button", { name: "Edit" }).click();
    // Getting ready (with the record to create) turns to Active once the ACME check passes, without a reload. The
    // order is awaited through the API first (a failure says why), then the card that reads it every few seconds.
    await until(
      "the Garden Shop domain to be active",
      async () => {
        const b = (await api("GET", `/v1/brands/${brand.json.id}`)).json;
        if (b.custom_domain_status === "failed") throw new Error(`the domain failed: ${b.custom_domain_error}`);
        return b.custom_domain_status === "active";
      },
      150_000,
      250,
    );
    await card.getByText("Active", { exact: true }).waitFor({ timeout: 30_000 });
    await card.getByRole("link", { name: /^https:\/\/shop\.garden\.test/ }).waitFor();
    await page.screenshot({ path: "/tmp/https-custom-domain.png", fullPage: true });
    expect((await api("GET", `/v1/brands/${brand.json.id}`)).json.custom_domain_status).toBe("active");
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);

  test("a handshake for an unknown name gets the box's certificate and orders nothing", async () => {
    const orders = (acme.log().match(/Issued certificate serial/g) ?? []).length;
    const cert = await peerCertificate(httpsPort, "unknown.test", chain);
    expect(cert.names).toBe(`DNS:${BOX}`);
    await Bun.sleep(1000);
    expect((acme.log().match(/Issued certificate serial/g) ?? []).length).toBe(orders);
    expect(
      cli("tls", "status")
        .certificates.map((c: any) => c.name)
        .sort(),
    ).toEqual([BOX, CLIENT, "shop.garden.test"].sort());
  }, 30_000);

  test("a domain that stops pointing here is reported: failed with the reason, and the owners are emailed", async () => {
    const sidecar = createDeps(loadConfig({ PLAUDIT_DATA_DIR: join(cwd, "data") }), {
      log: createLogger("warn"),
      migrate: false,
    });
    try {
      // The daily check while the name still points here changes nothing.
      scheduleDomainCheck(sidecar);
      await until("the first check", () => {
        const b = sidecar.db.select().from(brands).where(eq(brands.id, brandId)).get()!;
        return b.customDomainCheckedAt !== null && jobsLeft(sidecar) === 0 ? b : null;
      });
      expect((await api("GET", `/v1/brands/${brandId}`)).json.custom_domain_status).toBe("active");
      await acme.setA(CLIENT, ["10.9.9.9"]);
      scheduleDomainCheck(sidecar);
      const lost = await until(
        "the domain to be reported lost",
        async () => {
          const b = (await api("GET", `/v1/brands/${brandId}`)).json;
          return b.custom_domain_status === "failed" ? b : null;
        },
        30_000,
        250,
      );
      expect(lost.custom_domain_error).toContain("10.9.9.9");
      const mail = sidecar.db.$client
        .query("SELECT subject FROM mail_outbox WHERE subject LIKE ?")
        .all(`%${CLIENT}%`) as { subject: string }[];
      expect(mail.map((m) => m.subject)).toEqual([`${CLIENT} no longer points at your testimonials`]);
    } finally {
      await acme.setA(CLIENT, []);
      sidecar.db.$client.close();
    }
  }, 60_000);

  test("a name held by a brand is refused to another (409)", async () => {
    const other = await api("POST", "/v1/brands", { name: "Copycat" });
    const taken = await api("PATCH", `/v1/brands/${other.json.id}`, { custom_domain: CLIENT });
    expect(taken.status).toBe(409);
    expect(taken.json.error.code).toBe("domain_taken");
  }, 30_000);
});

describe("backup, wipe, restore", () => {
  test("a restored box serves the same certificates at once (nothing ordered), its custom domain included", async () => {
    const box = await peerCertificate(httpsPort, BOX, chain);
    const client = await peerCertificate(httpsPort, CLIENT, chain);
    const orders = (acme.log().match(/Issued certificate serial/g) ?? []).length;
    const archive = join(cwd, "box-backup.tar.gz");
    cli("backup", "--to", archive);
    await stop();
    rmSync(join(cwd, "data"), { recursive: true, force: true });
    cli("restore", "--from", archive);
    await start();
    expect((await peerCertificate(httpsPort, BOX, chain)).serial).toBe(box.serial);
    expect((await peerCertificate(httpsPort, CLIENT, chain)).serial).toBe(client.serial);
    expect((acme.log().match(/Issued certificate serial/g) ?? []).length).toBe(orders);
    expect((await https(CLIENT, "/")).status).toBe(200);
    expect((await api("GET", "/v1/brands")).status).toBe(200);
  }, 90_000);
});
