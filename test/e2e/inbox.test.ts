/**
 * The dashboard inbox in Chromium against the real server and its job workers. Seeded through the public capture
 * route: written testimonials, a real recording (the espeak-ng speech fixture as an MP4) processed by the real
 * pipeline (ffmpeg + speech engine), an upload that never finishes, and a broken file that fails processing. The
 * whole recording, not a shorter cut: the page must see it in its "Processing" state, which it polls every 2.5 s.
 * The owner signs in, watches the recording go from processing to ready without reloading, filters (kept in the
 * address across a reload), searches (debounced: one request for a typed word), approves and publishes in one
 * step with the keyboard (a pressed again never withdraws) and with the button, rejects, publishes and approves &
 * publishes in bulk (with a summary naming what could not change), tags, deletes, is told of a new arrival;
 * approves only (kept private) and withdraws only after confirming; plays the recording
 * with the transcript following it, seeks by clicking a word, and corrects the transcript (re-timed against the
 * recording by forced alignment, "Edited", original kept). Phone layout, tags page and axe-core checks too.
 * A testimonial sent with answers to the link's own questions and a photo shows both in the detail, and its share
 * image in the three shapes (previewed, and downloaded as a PNG of the right size); an upload left
 * unfinished reads "Upload not finished" with how much arrived and when it is removed.
 * Screenshots: /tmp/inbox-answers.png, /tmp/inbox-share-card.png, /tmp/inbox-upload-unfinished.png, /tmp/inbox.png, /tmp/inbox-help.png, /tmp/inbox-video.png, /tmp/inbox-phone.png, /tmp/inbox-tags.png,
 * /tmp/inbox-actions.png and /tmp/inbox-actions-approved.png (the decisions at 1440×900).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, utimesSync } from "node:fs";
import { eq } from "drizzle-orm";
import { uploads } from "../../src/domains/submissions";
import { type Browser, type Page } from "playwright-core";
import { launchChromium, axeBuilder } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { ensureMediaFixtures, type MediaFixtures } from "../fixtures/media/make-fixtures";
import { FACE_PORTRAIT } from "../fixtures/media/speaker-video";
import { createApiKey } from "../../src/domains/accounts";
import { systemCtx } from "../../src/platform/context";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

const CONSENT =
  "I agree that Acme may publish my words, name and recording on its website.\nI can ask for it to be removed at any time.";
const PROCESSING_MS = 120_000;

let server: RunningServer;
let browser: Browser;
let media: MediaFixtures;
let key = "";
let finishVideo: () => Promise<void>;
const ids: Record<"robin" | "sam" | "pat" | "quinn" | "nia" | "video" | "uploading" | "broken", string> = {} as never;
let linkId = "";

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const consent = { agreed: true, text: CONSENT, version: "2026-11-01" };

async function write(
  linkId: string,
  name: string,
  text: string,
  extra: Record<string, unknown> = {},
  rating?: number,
): Promise<string> {
  const r = await api("POST", `/public/links/${linkId}/submissions`, {
    kind: "text",
    respondent: { name, ...extra },
    consent,
    text,
    rating,
  });
  expect(r.status).toBe(201);
  return r.body.submission_id;
}

/** Starts a recording's upload (tus) and sends its first half; `finish` sends the rest. */
async function startRecording(
  linkId: string,
  name: string,
  file: string,
  type: string,
  respondent: Record<string, unknown> = {},
  rating?: number,
) {
  const data = readFileSync(file);
  const r = await api("POST", `/public/links/${linkId}/submissions`, {
    kind: "video",
    respondent: { name, ...respondent },
    consent,
    rating,
    upload: { size: data.length, type },
  });
  expect(r.status).toBe(201);
  const send = async (from: number, to: number) => {
    const sent = await fetch(r.body.upload.url, {
      method: "PATCH",
      headers: {
        "tus-resumable": "1.0.0",
        "content-type": "application/offset+octet-stream",
        "upload-offset": String(from),
      },
      body: data.subarray(from, to),
    });
    expect(sent.status).toBe(204);
  };
  const half = Math.floor(data.length / 2);
  await send(0, half);
  return { id: r.body.submission_id as string, finish: () => send(half, data.length) };
}

/** A whole recording sent at once. */
async function record(linkId: string, name: string, file: string, type: string): Promise<string> {
  const r = await startRecording(linkId, name, file, type);
  await r.finish();
  return r.id;
}

async function detailOf(id: string) {
  const r = await api("GET", `/v1/submissions/${id}`);
  return r.body;
}

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = PROCESSING_MS): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v).slice(0, 300)}`);
    await Bun.sleep(300);
  }
}

beforeAll(async () => {
  media = ensureMediaFixtures();
  server = await startServer();
  key = unitOfWork(server.deps, systemCtx(server.orgId, "live", server.deps.clock), (tx) =>
    createApiKey(tx, {
      mode: "live",
      scopes: [],
    }),
  ).secret;
  const brand = (await api("GET", "/v1/brands")).body.data.find((b: any) => b.is_default).id;
  const link = await api("POST", `/v1/brands/${brand}/links`, {
    title: "Tell us about Acme",
    prompts: [{ text: "What changed for you?" }],
    consent_text: CONSENT,
    consent_version: "2026-11-01",
  });
  expect(link.status).toBe(201);
  linkId = link.body.id as string;
  ids.broken = await record(linkId, "Bo Broken", media.hostile.truncated, "video/webm");
  ids.uploading = (await startRecording(linkId, "Una Uploading", media.webm, "video/webm")).id;
  ids.quinn = await write(
    linkId,
    "Quinn Quiet",
    "Everything worked as promised and the setup took a single afternoon.",
  );
  ids.pat = await write(
    linkId,
    "Pat Praise",
    "We doubled our review count in a month thanks to the collection links.",
    { company: "Globex" },
    4,
  );
  ids.sam = await write(
    linkId,
    "Sam Sceptic",
    "Decent product, but the invoices confused our finance team for weeks.",
    {},
    3,
  );
  ids.robin = await write(
    linkId,
    "Robin Writer",
    "The onboarding was quick and the support team answered every question within minutes.",
    { title: "Head of Support", company: "Northwind", email: "robin@example.com" },
    5,
  );
  // The recording's first half now, the rest once the inbox is open: it is seen uploading, processing, then ready.
  const video = await startRecording(
    linkId,
    "Vera Video",
    media.mp4,
    "video/mp4",
    { title: "Head of Operations", company: "Buyer Inc" },
    5,
  );
  ids.video = video.id;
  finishVideo = video.finish;
  browser = await launchChromium(["--autoplay-policy=no-user-gesture-required"]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in tab; `problems` collects console errors (CSP violations included) and page errors. */
async function signedIn(
  viewport = { width: 1360, height: 1000 },
): Promise<{ page: Page; problems: string[]; listRequests: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const problems: string[] = [];
  const listRequests: string[] = [];
  // The sign-in check answers 401 on purpose before signing in.
  page.on(
    "console",
    (m) => m.type() === "error" && !/status of 401/.test(m.text()) && problems.push(`console: ${m.text()}`),
  );
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.pathname === "/v1/submissions" && r.method() === "GET") listRequests.push(u.search);
  });
  await page.goto(`${server.url}/app/`);
  await page.getByLabel("Email", { exact: true }).fill(server.owner.email);
  await page.getByLabel("Password", { exact: true }).fill(server.owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
  return { page, problems, listRequests };
}

const row = (page: Page, id: string) => page.locator(`.inbox-row[data-id="${id}"]`);
const detail = (page: Page) => page.locator("article.detail");

/** The badges of a row or the detail, as text. */
const badges = async (scope: ReturnType<Page["locator"]>) =>
  (await scope.locator(".badge").allTextContents()).map((t) => t.trim());

describe("inbox", () => {
  test("statuses and polling, filters in the address, debounced search, keyboard moderation, bulk actions, tags, delete", async () => {
    const { page, problems, listRequests } = await signedIn();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Inbox" }).click();
    await page.getByRole("heading", { name: "Inbox", level: 1 }).waitFor();
    await row(page, ids.robin).waitFor();
    expect(await page.locator(".inbox-row").count()).toBe(7);
    expect(await badges(row(page, ids.uploading))).toEqual(["Uploading", "Needs review", "Private"]);
    expect(await badges(row(page, ids.video))).toContain("Uploading");
    await row(page, ids.broken).getByText("Failed", { exact: true }).waitFor();
    expect(await row(page, ids.broken).locator(".inbox-row-text").textContent()).toMatch(
      /incomplete|damaged|broken|could not/i,
    );

    // The rest of the recording arrives: the row moves on by itself (the inbox polls while anything is pending).
    await finishVideo();
    await row(page, ids.video).locator(".badge", { hasText: "Processing" }).waitFor();
    expect(await row(page, ids.video).locator(".badge .spinner").count()).toBe(1);

    // A filter goes into the address and survives a reload.
    await page.getByLabel("Status").selectOption("failed");
    await page.waitForURL(/\/app\/inbox\?status=failed$/);
    // The list of the other filter may still be drawn for a moment: wait for the filtered one.
    await until(
      "only the failed testimonial listed",
      () => page.locator(".inbox-row").count(),
      (n) => n === 1,
      5_000,
    );
    await row(page, ids.broken).waitFor();
    await page.reload();
    await row(page, ids.broken).waitFor();
    expect(await page.getByLabel("Status").inputValue()).toBe("failed");
    expect(await page.locator(".inbox-row").count()).toBe(1);

    // The failure in words, and processing again (it fails again: the file is broken), without reloading.
    await row(page, ids.broken).locator(".inbox-row-main").click();
    await page.waitForURL(new RegExp(`/app/inbox/${ids.broken}\\?status=failed$`));
    await detail(page).getByText("Processing failed").waitFor();
    await detail(page).getByRole("button", { name: "Process again" }).click();
    await page.getByText("Processing Bo Broken’s recording again").waitFor();
    await detail(page).locator(".badge", { hasText: "Processing" }).waitFor();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.waitForURL(new RegExp(`/app/inbox/${ids.broken}$`));
    await row(page, ids.robin).waitFor();

    // Search waits for the typing to pause: one list request for the whole word. Keys typed in the field are
    // text, not shortcuts.
    const before = listRequests.length;
    await page.getByLabel("Search").pressSequentially("invoices", { delay: 60 });
    await page.waitForURL(/q=invoices/);
    await row(page, ids.sam).waitFor();
    await page.waitForFunction(() => document.querySelectorAll(".inbox-row").length === 1);
    expect(listRequests.slice(before).filter((q) => q.includes("q="))).toHaveLength(1);
    expect(await page.getByLabel("Search").inputValue()).toBe("invoices");
    expect(await page.getByRole("dialog").count()).toBe(0);

    // Keyboard: j opens the first match, a approves and publishes in one step; a again changes nothing (it never
    // withdraws), and says how to take it down; r asks for a reason and rejects.
    await page.getByRole("heading", { name: "Inbox", level: 1 }).click();
    await page.keyboard.press("j");
    await page.waitForURL(new RegExp(`/app/inbox/${ids.sam}\\?q=invoices$`));
    await detail(page).getByRole("heading", { name: "Sam Sceptic" }).waitFor();
    await page.keyboard.press("a");
    await detail(page).locator(".badge", { hasText: "Approved" }).waitFor();
    await detail(page).getByText("Live: shown in widgets and on the wall.").waitFor();
    expect(await badges(detail(page).locator(".detail-head"))).toEqual(["Ready", "Approved", "Public"]);
    let sam = await detailOf(ids.sam);
    expect([sam.is_approved, sam.is_public]).toEqual([true, true]);
    await page.keyboard.press("a");
    await page.getByText("Sam Sceptic’s testimonial is already approved and public.", { exact: false }).waitFor();
    await page.keyboard.press("p");
    await page.getByText("Sam Sceptic’s testimonial is already public.", { exact: false }).waitFor();
    sam = await detailOf(ids.sam);
    expect([sam.is_approved, sam.is_public]).toEqual([true, true]);
    expect(await detail(page).getByRole("button", { name: "Withdraw approval…" }).count()).toBe(1);
    await page.keyboard.press("r");
    const reject = page.getByRole("dialog", { name: "Reject the testimonial from Sam Sceptic?" });
    await reject.waitFor();
    // The reason field has the focus; letters typed there are text, not shortcuts.
    expect(await reject.getByLabel("Reason").evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("Mentions invoices we have since fixed");
    await page.keyboard.press("Enter");
    await reject.waitFor({ state: "detached" });
    await detail(page).getByText("Reason: Mentions invoices we have since fixed").waitFor();
    expect(await badges(row(page, ids.sam))).toContain("Rejected");
    sam = await detailOf(ids.sam);
    expect([sam.is_approved, sam.rejection_reason]).toEqual([false, "Mentions invoices we have since fixed"]);

    // Bulk: select with boxes and with x, publish; then approve a selection that includes an unfinished upload.
    await page.getByRole("button", { name: "Clear filters" }).click();
    await row(page, ids.quinn).waitFor();
    await row(page, ids.quinn).locator(".inbox-row-main").click();
    await detail(page).getByRole("heading", { name: "Quinn Quiet" }).waitFor();
    // The main button approves and publishes in one step.
    await detail(page).getByRole("button", { name: "Approve & publish" }).click();
    await page.getByText("Approved and published Quinn Quiet’s testimonial").waitFor();
    const quinn = await detailOf(ids.quinn);
    expect([quinn.is_approved, quinn.is_public]).toEqual([true, true]);
    await detail(page).getByRole("button", { name: "Make private" }).waitFor();
    expect(await detail(page).getByRole("button", { name: "Approve & publish" }).count()).toBe(0);
    await page.keyboard.press("x");
    await page.getByRole("checkbox", { name: "Select the testimonial from Robin Writer" }).check();
    await page.getByRole("checkbox", { name: "Select the testimonial from Pat Praise" }).check();
    const bulk = page.getByRole("region", { name: "Bulk actions" });
    await bulk.getByText("3 selected").waitFor();
    await bulk.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByText("Published 3 testimonials.").waitFor();
    for (const id of [ids.quinn, ids.robin, ids.pat]) expect((await detailOf(id)).is_public).toBe(true);
    expect(await bulk.count()).toBe(0);

    await page.getByRole("checkbox", { name: "Select the testimonial from Robin Writer" }).check();
    await page.getByRole("checkbox", { name: "Select the testimonial from Pat Praise" }).check();
    await page.getByRole("checkbox", { name: "Select the testimonial from Una Uploading" }).check();
    await bulk.getByRole("button", { name: "Approve & publish" }).click();
    await page.getByText("Approved and published 2 of 3 testimonials. 1 could not be changed.").waitFor();
    for (const id of [ids.robin, ids.pat])
      expect(await detailOf(id)).toMatchObject({ is_approved: true, is_public: true });
    await page
      .getByText("Una Uploading: This testimonial is still being uploaded; it can be published once it is processed.")
      .waitFor();
    await bulk.getByText("1 selected").waitFor();
    await bulk.getByRole("button", { name: "Clear selection" }).click();

    // Tags: add a new one by name, filter by it, take it off.
    await row(page, ids.robin).locator(".inbox-row-main").click();
    await detail(page).getByRole("heading", { name: "Robin Writer" }).waitFor();
    await detail(page).getByLabel("Add a tag").fill("Onboarding");
    await detail(page).getByLabel("Add a tag").press("Enter");
    await detail(page).getByRole("button", { name: "Remove the tag Onboarding" }).waitFor();
    await page.getByLabel("Tag", { exact: true }).selectOption({ label: "Onboarding" });
    await page.waitForURL(/tag_id=tag_/);
    await page.waitForFunction(() => document.querySelectorAll(".inbox-row").length === 1);
    await row(page, ids.robin).waitFor();
    expect((await detailOf(ids.robin)).tags.map((t: any) => t.name)).toEqual(["Onboarding"]);

    // The public preview shows what widgets will show.
    const preview = detail(page).getByRole("region", { name: "How it looks in public" });
    await preview.getByText("Head of Support, Northwind").waitFor();
    expect(await preview.textContent()).toContain("★★★★★");
    expect(await preview.textContent()).toContain("“The onboarding was quick");
    await detail(page).getByText("I can ask for it to be removed at any time.").waitFor();
    await detail(page).getByText("2026-11-01").waitFor();
    await page.screenshot({ path: "/tmp/inbox.png", fullPage: true });

    await detail(page).getByRole("button", { name: "Remove the tag Onboarding" }).click();
    await detail(page).getByText("No tags yet.").waitFor();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await row(page, ids.quinn).waitFor();
    // A testimonial arriving now is announced (within 15 s), not pushed into the list under the person's hands.
    ids.nia = await write(
      linkId,
      "Nia Newcomer",
      "Arrived while the team was looking at the inbox, and it says thanks.",
    );

    // Delete asks first.
    await row(page, ids.quinn).locator(".inbox-row-main").click();
    await detail(page).getByRole("heading", { name: "Quinn Quiet" }).waitFor();
    await detail(page).getByRole("button", { name: "Delete testimonial" }).click();
    await detail(page).getByRole("button", { name: "Yes, delete it" }).click();
    await row(page, ids.quinn).waitFor({ state: "detached" });
    expect((await api("GET", `/v1/submissions/${ids.quinn}`)).status).toBe(404);

    expect(await row(page, ids.nia).count()).toBe(0);
    await page.getByRole("button", { name: "1 new testimonial: show" }).click({ timeout: 30_000 });
    await row(page, ids.nia).waitFor();

    // The shortcuts help, closed with Escape.
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await help.getByText("Select for a bulk action").waitFor();
    await page.screenshot({ path: "/tmp/inbox-help.png" });
    await page.keyboard.press("Escape");
    await help.waitFor({ state: "detached" });

    // Meanwhile the recording finished processing, and the broken file failed again (one media job runs at a
    // time, so it waited for the recording); the rows say so without a reload.
    await row(page, ids.video).locator(".badge", { hasText: "Ready" }).waitFor({ timeout: PROCESSING_MS });
    await row(page, ids.broken).locator(".badge", { hasText: "Failed" }).waitFor({ timeout: PROCESSING_MS });
    expect(problems).toEqual([]);
  }, 240_000);

  test("the decisions at 1440×900: approve & publish or approve only; withdrawing asks first and has no key", async () => {
    const id = await write(
      linkId,
      "Alex Agency",
      "Our clients noticed the new testimonials wall within a day; it looks like part of their site.",
      { title: "Founder", company: "Brightside Studio" },
      5,
    );
    const { page, problems } = await signedIn({ width: 1440, height: 900 });
    await page.goto(`${server.url}/app/inbox/${id}`);
    await detail(page).getByRole("heading", { name: "Alex Agency" }).waitFor();
    await detail(page).getByText("Waiting for a decision: shown nowhere yet.").waitFor();
    const bar = detail(page).getByRole("group", { name: "Decide" });
    expect((await bar.getByRole("button").allTextContents()).map((t) => t.trim())).toEqual([
      "Approve & publish a",
      "Approve only (keep private)",
      "Reject… r",
    ]);
    await page.screenshot({ path: "/tmp/inbox-actions.png" });

    await bar.getByRole("button", { name: "Approve only (keep private)" }).click();
    await detail(page).getByText("Approved but private: shown nowhere until you publish it.").waitFor();
    expect(await detailOf(id)).toMatchObject({ is_approved: true, is_public: false });
    // a on an approved, private testimonial publishes it; it never withdraws.
    await page.getByRole("heading", { name: "Inbox", level: 1 }).click();
    await page.screenshot({ path: "/tmp/inbox-actions-approved.png" });
    await page.keyboard.press("a");
    await detail(page).getByText("Live: shown in widgets and on the wall.").waitFor();
    expect(await detailOf(id)).toMatchObject({ is_approved: true, is_public: true });
    await page.keyboard.press("a");
    await page.keyboard.press("a");
    await page
      .getByText("Alex Agency’s testimonial is already approved and public.", { exact: false })
      .first()
      .waitFor();
    expect(await detailOf(id)).toMatchObject({ is_approved: true, is_public: true });

    // Withdrawing: a button that asks; cancelling changes nothing, confirming withdraws.
    await bar.getByRole("button", { name: "Withdraw approval…" }).click();
    await detail(page).getByRole("button", { name: "Cancel" }).click();
    expect(await detailOf(id)).toMatchObject({ is_approved: true });
    await bar.getByRole("button", { name: "Withdraw approval…" }).click();
    await detail(page).getByRole("button", { name: "Yes, withdraw it" }).click();
    await detail(page).getByText("Waiting for a decision: shown nowhere yet.").waitFor();
    expect(await detailOf(id)).toMatchObject({ is_approved: false });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);

  test("the recording plays with its transcript; a corrected transcript is re-timed, marked edited, the original kept", async () => {
    const ready = await until(
      "the recording to be ready",
      () => detailOf(ids.video),
      (d) => d.status !== "processing" && d.status !== "uploading",
    );
    expect(ready.status).toBe("ready");
    const { page, problems } = await signedIn();
    await page.goto(`${server.url}/app/inbox/${ids.video}`);
    await detail(page).getByRole("heading", { name: "Vera Video" }).waitFor();
    const video = detail(page).locator("video");
    // Signed media comes from the CDN address (contract: media is served from {cdn_url}).
    expect(await video.getAttribute("poster")).toContain("/cdn/signed/media/");
    const captions = await detail(page).locator("track").getAttribute("src");
    expect(captions).toContain("/cdn/signed/media/");
    expect(await page.evaluate(async (u) => (await fetch(u)).text(), captions!)).toStartWith("WEBVTT");

    // Playing lights up the word being said.
    await video.evaluate(async (el: HTMLVideoElement) => {
      el.muted = true;
      await el.play();
    });
    await page.locator(".word-active").first().waitFor();
    await video.evaluate((el: HTMLVideoElement) => el.pause());

    // Choosing a word plays from it.
    const word = page.locator(".transcript-words .word").nth(4);
    const start = Number(await word.getAttribute("data-start"));
    await word.click();
    const at = await video.evaluate((el: HTMLVideoElement) => {
      el.pause();
      return el.currentTime * 1000;
    });
    expect(at).toBeGreaterThanOrEqual(start - 50);
    expect(at).toBeLessThan(start + 1500);

    // e opens the editor; saving re-times the words against the recording.
    await page.getByRole("heading", { name: "Vera Video" }).click();
    await page.keyboard.press("e");
    const editor = page.getByLabel("Corrected transcript");
    await editor.waitFor();
    expect(await editor.evaluate((el) => el === document.activeElement)).toBe(true);
    await editor.fill(media.speechText);
    await page.getByRole("button", { name: "Save transcript" }).click();
    await page.getByText("Transcript corrected").waitFor({ timeout: 90_000 });
    await detail(page).locator(".transcript .badge", { hasText: "Edited" }).waitFor();
    const said = media.speechText.split(/\s+/);
    expect(await page.locator(".transcript-words .word-time").count()).toBe(said.length);
    expect(
      (await page.locator(".transcript-words .word").allTextContents()).map((t) => t.replace(/\d+:\d\d\.\d$/, "")),
    ).toEqual(said);

    const tr = (await detailOf(ids.video)).transcript;
    expect(tr.edited).toBe(true);
    expect(tr.words.map((w: any) => w.text)).toEqual(said);
    // Forced alignment puts each word where it is said in the recording (the fixture's known timings).
    tr.words.forEach((w: any, i: number) =>
      expect(Math.abs(w.start_ms - media.speechWords[i]!.start_ms)).toBeLessThan(300),
    );
    expect(tr.original_text).not.toBe(tr.text);

    await detail(page).getByRole("button", { name: "Show the original" }).click();
    await detail(page).getByText(tr.original_text, { exact: true }).waitFor();
    await page.screenshot({ path: "/tmp/inbox-video.png", fullPage: true });
    expect(problems).toEqual([]);
  }, 180_000);

  test("phone layout, tags page, and no serious accessibility problems", async () => {
    const { page, problems } = await signedIn({ width: 390, height: 844 });
    await page.goto(`${server.url}/app/inbox`);
    await row(page, ids.robin).waitFor();
    expect(await page.locator(".inbox-detail").isVisible()).toBe(false);
    await row(page, ids.robin).locator(".inbox-row-main").click();
    await detail(page).getByRole("heading", { name: "Robin Writer" }).waitFor();
    expect(await page.locator(".inbox-list").isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("detail-title");
    await page.screenshot({ path: "/tmp/inbox-phone.png", fullPage: true });
    await detail(page).getByRole("link", { name: "← All testimonials" }).click();
    await row(page, ids.robin).waitFor();

    await page.setViewportSize({ width: 1360, height: 1000 });
    await page.goto(`${server.url}/app/inbox/${ids.robin}`);
    await detail(page).getByRole("heading", { name: "Robin Writer" }).waitFor();
    // The page's own content (the shell around it is checked by the dashboard's test).
    const axe = await axeBuilder(page).include("#main").analyze();
    const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    // Tags: create, rename, see the count link to the inbox, delete.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tags" }).click();
    await page.getByRole("heading", { name: "Tags", level: 1 }).waitFor();
    await page.getByLabel("New tag", { exact: true }).fill("Pricing");
    await page.getByRole("button", { name: "Create tag" }).click();
    const line = page.getByRole("row").filter({ hasText: "Pricing" });
    await line.waitFor();
    await line.getByRole("button", { name: "Edit the tag Pricing" }).click();
    // While edited, the name is in the field (the row's text no longer holds it).
    await page.getByLabel("Tag “Pricing”: name").fill("Pricing page");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page
      .getByRole("row")
      .filter({ hasText: "Pricing page" })
      .getByRole("button", { name: "Edit the tag Pricing page" })
      .waitFor();
    const tagAxe = await axeBuilder(page).include("#main").analyze();
    expect(tagAxe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
      [],
    );
    await page.screenshot({ path: "/tmp/inbox-tags.png", fullPage: true });
    const renamed = page.getByRole("row").filter({ hasText: "Pricing page" });
    await renamed.getByRole("button", { name: "Delete" }).click();
    await renamed.getByRole("button", { name: "Yes, delete tag" }).click();
    await renamed.waitFor({ state: "detached" });
    expect(problems).toEqual([]);
  }, 120_000);

  test("the answers to the link's own questions and the respondent's photo are shown with the testimonial", async () => {
    const brand = (await api("GET", "/v1/brands")).body.data.find((b: any) => b.is_default).id;
    const link = await api("POST", `/v1/brands/${brand}/links`, {
      title: "Project feedback",
      prompts: [{ text: "How did the project go?" }],
      consent_text: CONSENT,
      consent_version: "2026-11-01",
      collect_photo: true,
      custom_fields: [
        { label: "Which service did you use?", type: "choice", options: ["Design", "Build"], required: true },
        { label: "Would you recommend us?", type: "yes_no" },
        { label: "Your website", type: "short_text" },
      ],
    });
    expect(link.status).toBe(201);
    const [service, recommend] = link.body.custom_fields.map((f: any) => f.id);
    const sent = await api("POST", `/public/links/${link.body.id}/submissions`, {
      kind: "text",
      respondent: { name: "Fern Fields", company: "Fields & Co" },
      consent,
      text: "They rebuilt our shop in three weeks and sales went up by a fifth.",
      custom_fields: [
        { id: service, value: "Build" },
        { id: recommend, value: true },
      ],
    });
    expect(sent.status).toBe(201);
    const form = new FormData();
    form.append("file", new Blob([readFileSync(FACE_PORTRAIT)], { type: "image/jpeg" }), "me.jpg");
    expect((await fetch(sent.body.photo_upload.url, { method: "POST", body: form })).status).toBe(200);
    const id = sent.body.submission_id as string;

    const { page, problems } = await signedIn();
    await page.goto(`${server.url}/app/inbox/${id}`);
    await detail(page).getByRole("heading", { name: "Fern Fields" }).waitFor();
    const photo = detail(page).getByRole("img", { name: "Photo sent by Fern Fields" });
    await photo.waitFor();
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
    const answers = detail(page).getByRole("region", { name: "Their answers" });
    expect(await answers.locator("dt").allTextContents()).toEqual([
      "Which service did you use?",
      "Would you recommend us?",
    ]);
    expect(await answers.locator("dd").allTextContents()).toEqual(["Build", "Yes"]);
    await detail(page).screenshot({ path: "/tmp/inbox-answers.png" });

    // Its share image: drawn by the server with the photo, in each shape, and downloaded as a PNG.
    const share = detail(page).getByRole("region", { name: "Share image" });
    const sizeOf = async (label: string) => {
      const img = share.getByRole("img", { name: `Share image (${label}) of the testimonial` });
      await img.waitFor({ timeout: 30_000 });
      await page.waitForFunction((el) => (el as HTMLImageElement).complete, await img.elementHandle());
      return img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight]);
    };
    expect(await sizeOf("square")).toEqual([1080, 1080]);
    await share.getByRole("button", { name: "Story" }).click();
    expect(await share.getByRole("button", { name: "Story" }).getAttribute("aria-pressed")).toBe("true");
    expect(await sizeOf("story")).toEqual([1080, 1920]);
    await share.getByRole("button", { name: "Landscape" }).click();
    expect(await sizeOf("landscape")).toEqual([1200, 630]);
    await share.scrollIntoViewIfNeeded();
    await share.screenshot({ path: "/tmp/inbox-share-card.png" });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      share.getByRole("button", { name: "Download PNG" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Fern-Fields-landscape.png");
    const file = readFileSync((await download.path())!);
    expect(file.subarray(1, 4).toString()).toBe("PNG");
    expect([file.readUInt32BE(16), file.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(problems).toEqual([]);
  }, 90_000);

  test("an upload the respondent left shows as not finished, with how much arrived and when it is removed", async () => {
    // Twenty quiet minutes, as if the respondent closed the page: the upload's start and its last bytes moved back.
    const upload = server.deps.db.select().from(uploads).where(eq(uploads.submissionId, ids.uploading)).get()!;
    const before = Date.now() - 20 * 60_000;
    server.deps.db.update(uploads).set({ createdAt: before }).where(eq(uploads.id, upload.id)).run();
    utimesSync(server.deps.storage.path("media", `uploads/${upload.id}.part`), before / 1000, before / 1000);
    const { page, problems } = await signedIn();
    await page.goto(`${server.url}/app/inbox?status=uploading`);
    const line = row(page, ids.uploading);
    await line.waitFor();
    expect(await badges(line)).toEqual(["Upload not finished", "Needs review", "Private"]);
    await line.getByText(/The respondent left before the upload finished \(\d+% arrived\)\. Removed by /).waitFor();
    await line.locator(".inbox-row-main").click();
    const panel = detail(page).getByText("Upload not finished", { exact: true }).last();
    await panel.waitFor();
    await detail(page)
      .getByText(/it is removed by/)
      .waitFor();
    await page.screenshot({ path: "/tmp/inbox-upload-unfinished.png" });
    expect(problems).toEqual([]);
  }, 60_000);
});
