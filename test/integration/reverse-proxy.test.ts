/**
 * dist/plaudit behind Debian's nginx and Caddy, each configured exactly as the README's "Behind Caddy or nginx"
 * section says (test/helpers/reverse-proxy.ts reads the blocks from README.md; only the name, ports and certificate
 * files change), with TLS from a throwaway CA for `plaudit.test`. Plaudit runs as documented:
 * PLAUDIT_BASE_URL=https://plaudit.test:<proxy port>, on 127.0.0.1, PLAUDIT_TRUSTED_PROXIES=127.0.0.1.
 *
 * Through each proxy: the API answers and plain http is sent to https; sign-in sets a `Secure` session cookie that
 * works; the per-client limit counts the address the proxy saw (a client's own X-Forwarded-For changes nothing,
 * another client is counted apart); and in Chromium (`plaudit.test` mapped to this machine, certificate errors
 * ignored: still a secure context) the collect link's page is a secure context with a camera and microphone, an
 * 7 MB video goes up in one upload chunk, and the owner signs in to the dashboard with no HTTPS banner.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { launchChromium, signInAs } from "../helpers/browser";
import { fillAndSend, openCapturePage, sentId } from "../helpers/capture-page";
import { startServer, type RunningServer } from "../helpers/server";
import {
  PROXY_HOST,
  curlVia,
  freePort,
  installed,
  makeCertificate,
  startCaddy,
  startNginx,
  type ProxyOptions,
  type RunningProxy,
  type TestCertificate,
} from "../helpers/reverse-proxy";
import { ensureLongWebm } from "../fixtures/media/make-fixtures";

const CONSENT = { text: "I agree that Acme may publish my words.", version: "2026-11-01" };
/**
 * A real 720p VP8/Opus WebM of 6.5–7 MB (the speech recording looped; its size varies a little with the encode):
 * one upload chunk (8 MiB) carries all of it.
 */
const VIDEO_SECONDS = 32;

let browser: Browser;
let video = "";

beforeAll(async () => {
  video = ensureLongWebm(VIDEO_SECONDS);
  browser = await launchChromium([
    `--host-resolver-rules=MAP ${PROXY_HOST} 127.0.0.1`,
    "--ignore-certificate-errors",
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
  ]);
}, 600_000);
afterAll(async () => {
  await browser?.close();
});

const PROXIES: { name: "nginx" | "caddy"; start(o: ProxyOptions): Promise<RunningProxy> }[] = [
  { name: "nginx", start: startNginx },
  { name: "caddy", start: startCaddy },
];

for (const { name, start } of PROXIES) {
  describe(`behind ${name}`, () => {
    let dir = "";
    let cert: TestCertificate;
    let server: RunningServer;
    let proxy: RunningProxy;
    let key = "";

    /** The API straight on Plaudit's own port (setup only: every check goes through the proxy). */
    async function api(method: string, path: string, body?: unknown) {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    }

    async function makeLink(title: string) {
      const brand = (await api("GET", "/v1/brands")).body.data[0].id;
      const r = await api("POST", `/v1/brands/${brand}/links`, {
        title,
        prompts: [{ text: "How was it?" }],
        consent_text: CONSENT.text,
        consent_version: CONSENT.version,
      });
      expect(r.status).toBe(201);
      return r.body as { id: string; url: string };
    }

    beforeAll(async () => {
      if (!installed(name)) throw new Error(`${name} is not installed: run ./install.sh (it installs nginx and caddy)`);
      dir = mkdtempSync(join(tmpdir(), `plaudit-${name}-`));
      cert = makeCertificate(dir);
      const [httpsPort, httpPort] = [await freePort(), await freePort()];
      server = await startServer({
        env: {
          PLAUDIT_BASE_URL: `https://${PROXY_HOST}:${httpsPort}`,
          PLAUDIT_TRUSTED_PROXIES: "127.0.0.1",
          // Nothing here needs processing: the 7 MB upload stays as it arrived.
          PLAUDIT_WORKERS: "0",
          PLAUDIT_SELF_TEST: "0",
        },
      });
      key = await server.createKey("live");
      proxy = await start({ dir, cert, httpsPort, httpPort, upstreamPort: Number(new URL(server.url).port) });
    }, 120_000);

    afterAll(async () => {
      await proxy?.stop();
      await server?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    test("the API answers over HTTPS, and plain http is sent to https", async () => {
      const health = await curlVia(proxy, cert, "/healthz");
      expect(health.status, proxy.log()).toBe(200);
      const brands = await curlVia(proxy, cert, "/v1/brands", { headers: { authorization: `Bearer ${key}` } });
      expect(brands.status).toBe(200);
      expect(JSON.parse(brands.body).data[0].name).toBeTruthy();
      const plain = await curlVia(proxy, cert, "/app/", { http: true });
      expect([301, 308]).toContain(plain.status);
      expect(plain.headers.get("location")).toStartWith(`https://${PROXY_HOST}`);
    });

    test("sign-in sets a Secure, HttpOnly session cookie, and the cookie works through the proxy", async () => {
      const login = await curlVia(proxy, cert, "/v1/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", "x-svc-csrf": "1", origin: proxy.origin },
        body: JSON.stringify(server.owner),
      });
      expect(login.status, login.body).toBe(200);
      const session = login.cookies.find((c) => c.startsWith("plaudit_session="))!;
      expect(session).toBeTruthy();
      expect(session.split(/;\s*/)).toEqual(expect.arrayContaining(["Secure", "HttpOnly", "SameSite=Lax"]));
      const me = await curlVia(proxy, cert, "/v1/me", { headers: { cookie: session.split(";")[0]! } });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body).user.email).toBe(server.owner.email);
    });

    test("the per-client limit counts the address the proxy saw, not what the client wrote", async () => {
      const link = await makeLink("Limits");
      const send = (from: string, forged: string) =>
        curlVia(proxy, cert, `/public/links/${link.id}/submissions`, {
          method: "POST",
          from,
          headers: { "content-type": "application/json", "x-forwarded-for": forged },
          body: JSON.stringify({
            kind: "text",
            respondent: { name: "Proxy Person" },
            consent: { agreed: true, ...CONSENT },
            text: "A fine product that we use every day.",
          }),
        });
      const statuses: number[] = [];
      // A fresh X-Forwarded-For each time: Caddy replaces it, nginx appends 127.0.0.2 to it, and Plaudit takes the
      // rightmost address that is not a trusted proxy: all eleven count against 127.0.0.2.
      for (let i = 0; i < 11; i++) statuses.push((await send("127.0.0.2", `198.51.100.${i}`)).status);
      expect(statuses).toEqual([...Array(10).fill(201), 429]);
      // Another client (127.0.0.1, as the proxy sees it) has its own allowance.
      expect((await send("127.0.0.1", "198.51.100.99")).status).toBe(201);
    }, 60_000);

    test("in Chromium: the capture page is a secure context with a camera, and a 7 MB video goes up in one chunk", async () => {
      const link = await makeLink("Tell us");
      expect(link.url).toStartWith(`${proxy.origin}/c/`);
      const { page, context, problems, sent } = await openCapturePage(browser, proxy.origin);
      try {
        await page.goto(link.url);
        await page.getByRole("heading", { name: "Tell us" }).waitFor();
        const env = await page.evaluate(async () => {
          const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
          const tracks = stream.getTracks().map((t) => t.kind);
          stream.getTracks().forEach((t) => t.stop());
          return { secure: window.isSecureContext, protocol: location.protocol, tracks: tracks.sort() };
        });
        expect(env).toEqual({ secure: true, protocol: "https:", tracks: ["audio", "video"] });
        await expect(page.locator("#no-recording").count()).resolves.toBe(0);

        await page.getByRole("radio", { name: /^Video/ }).check();
        await page.getByRole("button", { name: "Start recording" }).waitFor();
        const size = statSync(video).size;
        expect(size).toBeGreaterThan(5 * 1024 * 1024);
        await page.getByLabel("Or upload a video or audio file from your device").setInputFiles(video);
        await page.getByRole("heading", { name: "Your file" }).waitFor();
        await fillAndSend(page, "Proxy Person");
        const id = await sentId(page, "Proxy Person");
        // All of it in one PATCH (the page's chunks are 8 MiB), stored whole.
        expect(sent.filter((s) => s.startsWith("PATCH /public/uploads/"))).toHaveLength(1);
        const upload = server.deps.db.$client
          .query("SELECT length, status FROM uploads WHERE submission_id = ?")
          .get(id) as { length: number; status: string };
        expect(upload).toEqual({ length: size, status: "complete" });
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);

    test("in Chromium: the owner signs in to the dashboard, with a Secure cookie and no HTTPS banner", async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(20_000);
        const health = page.waitForResponse((r) => r.url().endsWith("/v1/system/health"));
        await signInAs(page, proxy.origin, server.owner);
        await page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
        expect((await (await health).json()).https).toEqual({ site_secure: true, problem: null, fix: null });
        const cookie = (await context.cookies(proxy.origin)).find((c) => c.name === "plaudit_session");
        expect(cookie).toMatchObject({ secure: true, httpOnly: true });
        await expect(page.getByText("Recordings need HTTPS").count()).resolves.toBe(0);
      } finally {
        await context.close();
      }
    }, 60_000);
  });
}
