/**
 * The words in the client's HTML (issue 25), against dist/plaudit in Chromium:
 * - a customer page (another origin) that includes the widget's HTML fragment on its server shows the
 *   testimonials with JavaScript turned off, and the fragment's JSON-LD passes Google's review-snippet rules;
 * - the same page with the embed script keeps the fragment as it is: no second drawing, no layout shift; and a
 *   visitor seeing it is counted (analytics) as a drawn widget's visitor would be;
 * - nginx, configured with the dashboard's server-side include snippet, puts the fragment in a static page;
 * - a collect link's page HTML carries og:title and its preview image (links that unfurl), with no script run.
 * Screenshots: /tmp/widget-html-nojs.png, /tmp/widget-html-ssi.png.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { until } from "../helpers/wait";
import { structuredDataErrors } from "../helpers/structured-data";
import { freePort, shareWithProxy, unprivileged } from "../helpers/reverse-proxy";
import { htmlSnippets } from "../../web/dashboard/widgets/html-snippets";

const CONSENT = "I agree that Crumb & Co may publish my testimonial.";

let server: RunningServer;
let browser: Browser;
let customer: ReturnType<typeof Bun.serve>;
let key = "";
const state = { widgetId: "", htmlUrl: "", scriptUrl: "", linkSlug: "" };

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as any;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const WORDS = [
  { name: "Ada Baker", title: "Home baker", text: "The sourdough class changed my weekends.", rating: 5 },
  { name: "Ben Flour", title: "Chef", text: "Patient teachers and a warm kitchen.", rating: 4 },
  { name: "Cy Crust", title: "Student", text: "I finally understand hydration.", rating: 5 },
];

/** The customer's page: the fragment fetched on its server at each request (as an include does), and maybe the script. */
function customerPage(withScript: boolean) {
  return async () => {
    const fragment = await (await fetch(state.htmlUrl)).text();
    const script = withScript ? `<script async src="${state.scriptUrl}"></script>` : "";
    return new Response(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Crumb & Co</title></head><body><main><h1>What our students say</h1>${fragment}${script}<p id="after">Book a class today.</p></main></body></html>`,
      { headers: { "content-type": "text/html; charset=utf-8" } },
    );
  };
}

beforeAll(async () => {
  server = await startServer();
  key = await server.createKey("live");
  const brandId = (await api("GET", "/v1/brands")).data[0].id;
  await api("PATCH", `/v1/brands/${brandId}`, { name: "Crumb & Co", color: "#b45309", review_type: "Course" });
  const link = await api("POST", `/v1/brands/${brandId}/links`, {
    title: "How was your baking class?",
    slug: "baking-class",
    prompts: [{ text: "What did you bake first at home?" }],
    consent_text: CONSENT,
    consent_version: "2026-11-01",
  });
  state.linkSlug = link.slug;
  for (const w of WORDS) {
    const res = await fetch(`${server.url}/public/links/${link.id}/submissions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        kind: "text",
        respondent: { name: w.name, title: w.title },
        consent: { agreed: true, text: CONSENT, version: "2026-11-01" },
        text: w.text,
        rating: w.rating,
      }),
    });
    const id = ((await res.json()) as any).submission_id;
    await api("POST", `/v1/submissions/${id}/approve`, { publish: true });
  }
  const widget = await api("POST", "/v1/widgets", { brand_id: brandId, layout: "wall" });
  state.widgetId = widget.id;
  state.htmlUrl = widget.html_url;
  state.scriptUrl = widget.script_url;
  await until(
    "the widget's HTML fragment with every testimonial",
    async () => {
      const res = await fetch(state.htmlUrl);
      const text = res.status === 200 ? await res.text() : "";
      return WORDS.every((w) => text.includes(w.text));
    },
    30_000,
  );
  const static_ = customerPage(false);
  const scripted = customerPage(true);
  customer = Bun.serve({
    port: 0,
    hostname: "localhost",
    fetch: (req) => (new URL(req.url).pathname === "/with-script" ? scripted() : static_()),
  });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  customer?.stop(true);
  await server?.stop();
});

describe("the widget's HTML in a customer's page", () => {
  test("with JavaScript off, the testimonials are there, and the JSON-LD passes Google's rules", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    await page.goto(`http://localhost:${customer.port}/`);
    for (const w of WORDS) await expect(page.getByText(w.text).isVisible()).resolves.toBe(true);
    await expect(page.getByText("4.7 from 3 reviews").isVisible()).resolves.toBe(true);
    const box = page.locator(`div[data-svc-widget="${state.widgetId}"]`);
    expect((await box.boundingBox())?.height).toBe(640);
    await page.screenshot({ path: "/tmp/widget-html-nojs.png" });
    expect(await structuredDataErrors(await page.content())).toEqual([]);
    await context.close();
  }, 60_000);

  test("with the embed script too, the fragment is kept as it is: no shadow drawing, no layout shift", async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    await page.addInitScript(() => {
      (window as any).__shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) (window as any).__shifts += (e as any).value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    const scriptLoaded = page.waitForResponse((r) => r.url() === state.scriptUrl);
    await page.goto(`http://localhost:${customer.port}/with-script`);
    await scriptLoaded;
    const before = await page.locator("#after").boundingBox();
    await page.waitForLoadState("networkidle");
    const box = page.locator(`div[data-svc-widget="${state.widgetId}"]`);
    // The script has done its work (every card is on the page), and a frame has been drawn since.
    await box
      .locator("article")
      .nth(WORDS.length - 1)
      .waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await box.evaluate((el) => el.shadowRoot === null)).toBe(true);
    expect(await box.locator("article").count()).toBe(WORDS.length);
    expect(await page.locator("#after").boundingBox()).toEqual(before);
    expect(await page.evaluate(() => (window as any).__shifts)).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  test("with the script, a visitor seeing the fragment is counted like a drawn widget's", async () => {
    // A visitor's browser, not marked as automated (the script reports nothing from automated ones).
    const visitor = await launchChromium(["--disable-blink-features=AutomationControlled"]);
    try {
      // An ordinary browser's user agent (headless Chromium's says HeadlessChrome, which counts as a bot).
      const page = await visitor.newPage({
        viewport: { width: 1100, height: 900 },
        userAgent:
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
      });
      await page.goto(`http://localhost:${customer.port}/with-script`);
      const stats = await until(
        "the fragment's view and its cards' views",
        async () => {
          const s = await api("GET", `/v1/widgets/${state.widgetId}/stats`);
          return s.totals.views >= 1 && s.testimonials.length === WORDS.length ? s : null;
        },
        30_000,
        500,
      );
      expect(stats.testimonials.every((t: any) => t.views === 1)).toBe(true);
      // Still the server's HTML, not a drawing of the script.
      expect(await page.locator(`div[data-svc-widget="${state.widgetId}"]`).evaluate((el) => el.shadowRoot)).toBeNull();
    } finally {
      await visitor.close();
    }
  }, 60_000);

  test("nginx with the dashboard's server-side include puts the words in a static page", async () => {
    if (Bun.spawnSync(["sh", "-c", "command -v nginx"]).exitCode !== 0)
      throw new Error("nginx is not installed: run ./install.sh (it installs nginx)");
    const { code } = htmlSnippets(state.widgetId, state.htmlUrl).ssi;
    const [serverPart, pagePart] = code.split("\n\n<!-- In the page: -->\n");
    const dir = mkdtempSync(join(tmpdir(), "plaudit-ssi-"));
    mkdirSync(join(dir, "site"));
    writeFileSync(
      join(dir, "site", "index.html"),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Crumb & Co</title></head><body><h1>Our students</h1>\n${pagePart}\n</body></html>`,
    );
    const port = await freePort();
    writeFileSync(
      join(dir, "nginx.conf"),
      `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log info;
worker_processes 1;
events { worker_connections 64; }
http {
  access_log ${dir}/nginx-access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { text/html html; }
  server {
    listen 127.0.0.1:${port};
    root ${dir}/site;
${serverPart}
  }
}
`,
    );
    shareWithProxy(dir);
    const nginx = Bun.spawn(unprivileged(["nginx", "-c", join(dir, "nginx.conf"), "-p", dir]), {
      stdout: "ignore",
      stderr: "pipe",
    });
    try {
      const html = await until(
        "nginx to serve the page",
        async () => {
          const res = await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
          return res?.status === 200 ? res.text() : null;
        },
        15_000,
      );
      for (const w of WORDS) expect(html).toContain(w.text);
      expect(html).toContain('"@type":"Course"');
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1100, height: 900 } });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${port}/`);
      await expect(page.getByText(WORDS[0]!.text).isVisible()).resolves.toBe(true);
      await page.screenshot({ path: "/tmp/widget-html-ssi.png" });
      await context.close();
    } finally {
      nginx.kill("SIGTERM");
      await nginx.exited;
    }
  }, 60_000);
});

describe("a collect link that unfurls", () => {
  test("the page's HTML has og:title and a 1200×630 preview image, before any script runs", async () => {
    const res = await fetch(`${server.url}/c/${state.linkSlug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta property="og:title" content="How was your baking class? · Crumb &amp; Co">');
    const image = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
    expect(image).toBe(`${server.url}/c/${state.linkSlug}/card.png`);
    const png = new Uint8Array(await (await fetch(image!)).arrayBuffer());
    const v = new DataView(png.buffer);
    expect([v.getUint32(16), v.getUint32(20)]).toEqual([1200, 630]);
  }, 60_000);
});
