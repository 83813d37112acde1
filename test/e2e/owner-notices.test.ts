/**
 * The smaller things an owner meets in the dashboard, in Chromium against the real server: the notice that
 * transcripts are drafts is said once to owners (no server path in it), dismissed for good with "Got it", and never
 * shown to an admin; a brand just created becomes the brand picker's choice; a recording on its way shows its
 * stage and the time left (uploading with its share, then processing: converting, the poster, the words), from the
 * API and on the inbox's detail. Screenshots: /tmp/i29-resp-speech-banner.png, /tmp/i29-resp-processing.png.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { launchChromium, signInAs, withHealthRead } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";

const CONSENT = "I agree that Acme may publish my testimonial.";
const BANNER = "Transcripts on this server are rough drafts";

let server: RunningServer;
let browser: Browser;
let key = "";
let linkId = "";

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

/** Waits for `check` to hold (polling every `every` ms), or fails naming `what`. */
async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, ms = 60_000, every = 200) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(every);
  }
}

beforeAll(async () => {
  // The speech notice is drawn from the media self-test's outcome: run it, as `plaudit serve` does by default.
  server = await startServer({ env: { PLAUDIT_SELF_TEST: "1" } });
  key = await server.createKey("live");
  const brand = (await api("GET", "/v1/brands")).data[0];
  linkId = (
    await api("POST", `/v1/brands/${brand.id}/links`, {
      title: "Tell us",
      prompts: [{ text: "How was it?" }],
      consent_text: CONSENT,
      consent_version: "2026-11-01",
    })
  ).id;
  // The banner needs the media self-test to have passed (it runs shortly after start).
  const owner = await server.signIn(server.owner.email, server.owner.password, server.orgId);
  await until("the media self-test", async () => {
    const h = (await (await fetch(`${server.url}/v1/system/health`, { headers: owner })).json()) as any;
    return h.media_pipeline.status === "passed" ? h : null;
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(who: { email: string; password: string }): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(e.message));
  await signInAs(page, server.url, who);
  await page.getByRole("navigation", { name: "Main" }).waitFor();
  return { page, problems };
}

describe("the notice that transcripts are drafts", () => {
  test("is said once to the owner, with no server path, and stays away once dismissed", async () => {
    const owner = await server.signIn(server.owner.email, server.owner.password, server.orgId);
    const health = (await (await fetch(`${server.url}/v1/system/health`, { headers: owner })).json()) as any;
    // This box transcribes with the offline engine (no Whisper model in a fresh data directory).
    expect(health.speech_engine.drafts).toBe(true);
    expect(`${health.speech_engine.summary} ${health.speech_engine.fix}`).not.toMatch(/\/[\w.-]+\//);
    expect(health.speech_engine.fix).toContain("ggml-base.en.bin");

    const { page, problems } = await signedIn(server.owner);
    const banner = page.getByRole("region", { name: BANNER });
    await banner.waitFor();
    expect(await banner.textContent()).not.toMatch(/\/[\w.-]+\//);
    await page.screenshot({ path: "/tmp/i29-resp-speech-banner.png" });
    // Said once: another page does not repeat it as a second banner.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Links" }).click();
    expect(await page.getByRole("region", { name: BANNER }).count()).toBe(1);
    await banner.getByRole("button", { name: "Got it" }).click();
    await banner.waitFor({ state: "detached" });
    await withHealthRead(page, () => page.reload());
    await page.getByRole("navigation", { name: "Main" }).waitFor();
    expect(await page.getByRole("region", { name: BANNER }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);

  test("is not shown to an admin (the owner decides about the server)", async () => {
    const admin = { email: "ada@example.com", password: "admin-password-1" };
    await server.cli([
      "user",
      "create",
      "--email",
      admin.email,
      "--password",
      admin.password,
      "--org",
      server.orgId,
      "--role",
      "admin",
    ]);
    const { page } = await signedIn(admin);
    await withHealthRead(page, () => page.reload());
    await page.getByRole("navigation", { name: "Main" }).waitFor();
    expect(await page.getByText(BANNER).count()).toBe(0);
    await page.context().close();
  }, 60_000);
});

test("a brand just created becomes the brand picker's choice", async () => {
  const { page, problems } = await signedIn(server.owner);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Brands" }).click();
  await page.getByRole("button", { name: "New brand" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Harbour Dental");
  await page.getByRole("button", { name: "Create brand" }).click();
  const picker = page.getByRole("combobox", { name: "Brand" });
  await page.waitForFunction(() =>
    [...document.querySelectorAll("select")].some((s) => s.selectedOptions[0]?.textContent === "Harbour Dental"),
  );
  expect(await picker.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]!.textContent)).toBe("Harbour Dental");
  // Remembered: a reload keeps it.
  await page.reload();
  await page.getByRole("navigation", { name: "Main" }).waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll("select")].some((s) => s.selectedOptions[0]?.textContent === "Harbour Dental"),
  );
  expect(problems).toEqual([]);
  await page.context().close();
}, 60_000);

test("a recording on its way shows its stage and the time left, in the API and on the inbox detail", async () => {
  const media = ensureMediaFixtures();
  const bytes = new Uint8Array(await Bun.file(media.mp4).arrayBuffer());
  const start = (await (
    await fetch(`${server.url}/public/links/${linkId}/submissions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        kind: "video",
        respondent: { name: "Pip Progress" },
        consent: { agreed: true, text: CONSENT, version: "2026-11-01" },
        upload: { size: bytes.length, type: "video/mp4" },
      }),
    })
  ).json()) as any;
  const id = start.submission_id as string;
  const patch = (from: number, to: number) =>
    fetch(start.upload.url, {
      method: "PATCH",
      headers: {
        "tus-resumable": "1.0.0",
        "content-type": "application/offset+octet-stream",
        "upload-offset": String(from),
      },
      body: bytes.subarray(from, to),
    });
  const half = Math.floor(bytes.length / 2);
  expect((await patch(0, half)).status).toBe(204);
  await Bun.sleep(1200);

  const { page, problems } = await signedIn(server.owner);
  await page.goto(`${server.url}/app/inbox/${id}`);
  const panel = page.locator(".status-panel");
  await panel.getByText(/^Uploading \(\d+%\)/).waitFor();
  expect(await panel.getByRole("listitem").allTextContents()).toEqual([
    "Uploading",
    "Waiting its turn",
    "Converting the recording",
    "Making the poster",
    "Writing down the words",
    "Finishing",
  ]);
  const uploading = await api("GET", `/v1/submissions/${id}`);
  expect(uploading.upload.received_bytes).toBe(half);

  // The rest arrives: processing, stage by stage, each with the time left.
  const seen = new Set<string>();
  const polling = (async () => {
    for (let i = 0; i < 600; i++) {
      const d = await api("GET", `/v1/submissions/${id}`);
      if (d.status === "ready" || d.status === "failed") return d;
      if (d.status === "processing") {
        expect(d.processing.estimated_ms_left === null || d.processing.estimated_ms_left >= 0).toBe(true);
        if (d.processing.stage !== "waiting") expect(d.processing.estimated_ms_left).not.toBeNull();
        seen.add(d.processing.stage);
      }
      await Bun.sleep(100);
    }
    throw new Error("processing did not end");
  })();
  expect((await patch(half, bytes.length)).status).toBe(204);
  const title = panel.locator(".status-panel-title");
  await title
    .filter({ hasText: /^(Converting the recording|Making the poster|Writing down the words|Finishing)…/ })
    .waitFor({
      timeout: 30_000,
    });
  expect(await title.textContent()).toMatch(/(left|seconds left)$/);
  await page.screenshot({ path: "/tmp/i29-resp-processing.png" });
  const done = await polling;
  expect(done.status, done.failure_reason).toBe("ready");
  expect(done.processing).toBeNull();
  expect(seen.has("converting")).toBe(true);
  expect(seen.has("transcribing")).toBe(true);
  expect(problems).toEqual([]);
  await page.context().close();
}, 120_000);
