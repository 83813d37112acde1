/**
 * New-testimonial emails end to end (issue 25), on the executable (`dist/plaudit`) with its workers, a real SMTP server
 * (smtp-server on 127.0.0.1) and Chromium:
 * - a written testimonial arrives → the owner's email arrives, in the organisation's name, with the words, the rating,
 *   the two buttons and the organisation's logo inline; its HTML rendered in Chromium (pictures from the message);
 * - the Approve link opened in Chromium shows a confirmation page (opening it changes nothing), one click approves
 *   (checked through the API), and opening it again says it was already used;
 * - a real video sent through the resumable upload is processed by the executable (ffmpeg, pocketsphinx): its email
 *   carries the poster inline and marks the machine transcript unchecked; Approve & publish explains that the words
 *   are unchecked and publishes the video without them;
 * - a recording that fails to process says so in its email, without buttons; Approve & publish on a testimonial that
 *   failed meanwhile explains it cannot be published and approves only.
 * No console errors (CSP included) and no serious axe-core findings on the pages.
 * Screenshots (LOOKED AT while building): /tmp/alert-email.png (desktop), /tmp/alert-email-phone.png,
 * /tmp/alert-email-video.png, /tmp/alert-email-failed.png, /tmp/alert-confirm.png, /tmp/alert-done.png,
 * /tmp/alert-used.png, /tmp/alert-words.png, /tmp/alert-not-publishable.png, /tmp/alert-stop.png,
 * /tmp/alert-settings.png (the dashboard's Notifications page).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { launchChromium, signInAs, axeBuilder } from "../helpers/browser";
import { mailHeader, startMailSink, type MailSink, type ReceivedMail } from "../helpers/smtp";
import { readMail } from "../helpers/mime";
import { startServer, type RunningServer } from "../helpers/server";
import { until } from "../helpers/wait";
import { ensureFirstSentence, ensureMediaFixtures, type MediaFixtures } from "../fixtures/media/make-fixtures";
import { submissions } from "../../src/domains/submissions";

let server: RunningServer;
let sink: MailSink;
let browser: Browser;
let fx: MediaFixtures;
let key = "";
let session: Record<string, string> = {};
let link = "";
const OWNER = "owner@example.com";
const SERVER_FROM = "alerts@plaudit.test";
const consent = { text: "I agree that Bright Bakery may publish my words and recording.", version: "2026-11-01" };

const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
};
const api = (method: string, path: string, body?: unknown) =>
  call(method, path, body, { authorization: `Bearer ${key}` });
const detail = async (id: string) => (await api("GET", `/v1/submissions/${id}`)).body;

/** The next email to the owner whose subject passes `match`. */
async function mailFor(match: (subject: string) => boolean, what: string, ms = 30_000): Promise<ReceivedMail> {
  return until(
    what,
    () => sink.received.find((m) => m.to.includes(OWNER) && match(mailHeader(m.raw, "Subject") ?? "")),
    ms,
  );
}

/** The links of an email's text. */
function linksOf(text: string) {
  const grab = (label: string) => new RegExp(`${label}: (\\S+)`).exec(text)?.[1] ?? null;
  return {
    approve: grab("Approve \\(keep private\\)"),
    publish: grab("Approve & publish"),
    stop: grab("Stop these emails"),
  };
}

/** Renders an email's HTML as a mail client does (pictures from the message), screenshots it, returns problems. */
async function renderEmail(html: string, path: string, width = 800): Promise<void> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  // A mail client loads nothing from the network for an email whose pictures are inline.
  const requested: string[] = [];
  page.on("request", (r) => !r.url().startsWith("data:") && r.url() !== "about:blank" && requested.push(r.url()));
  await page.setContent(html, { waitUntil: "load" });
  await page.screenshot({ path, fullPage: true });
  expect(requested).toEqual([]);
  await context.close();
}

async function openPage(width = 390): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 844 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  // A page that refuses answers with its status (409 used, 410 expired…), which Chromium logs as a failed load; so
  // does the dashboard's first "who is signed in?" before signing in (401).
  const refusal = /^Failed to load resource: the server responded with a status of (401|403|409|410) /;
  page.on("console", (m) => m.type() === "error" && !refusal.test(m.text()) && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  return { page, problems };
}

async function axe(page: Page, state: string, exclude: string[] = []) {
  const result = await exclude.reduce((b, sel) => b.exclude(sel), axeBuilder(page)).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${state}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual(
    [],
  );
}

/** Sends a recording through the capture route and the resumable upload; returns the testimonial's id. */
async function sendRecording(file: string, type: string, name: string): Promise<string> {
  const bytes = new Uint8Array(readFileSync(file));
  const start = await call("POST", `/public/links/${link}/submissions`, {
    kind: "video",
    respondent: { name, title: "Owner", company: "Corner Café" },
    consent: { agreed: true, ...consent },
    rating: 4,
    upload: { size: bytes.length, type },
  });
  expect(start.status).toBe(201);
  const r = await fetch(start.body.upload.url, {
    method: "PATCH",
    headers: { "tus-resumable": "1.0.0", "content-type": "application/offset+octet-stream", "upload-offset": "0" },
    body: bytes,
  });
  expect([204, 415]).toContain(r.status);
  return start.body.submission_id;
}

beforeAll(async () => {
  fx = ensureMediaFixtures();
  sink = await startMailSink();
  server = await startServer({
    env: { PLAUDIT_SMTP_URL: sink.url, PLAUDIT_MAIL_FROM: `Plaudit <${SERVER_FROM}>` },
  });
  key = await server.createKey("live");
  session = await server.signIn(server.owner.email, server.owner.password, server.orgId);
  expect((await call("PATCH", "/v1/org", { name: "Bright Agency", color: "#0f766e" }, session)).status).toBe(200);
  const logo = await sharp({
    create: { width: 240, height: 80, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="240" height="80"><text x="120" y="52" font-size="34" font-family="sans-serif" font-weight="700" fill="#fff" text-anchor="middle">BRIGHT</text></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([logo], { type: "image/png" }), "logo.png");
  const up = await fetch(`${server.url}/v1/org/logo`, { method: "POST", headers: session, body: form });
  expect(up.status).toBe(200);
  const brand = (await api("GET", "/v1/brands")).body.data[0];
  expect((await api("PATCH", `/v1/brands/${brand.id}`, { name: "Bright Bakery" })).status).toBe(200);
  link = (
    await api("POST", `/v1/brands/${brand.id}/links`, {
      title: "Tell us",
      prompts: [{ text: "How was it?" }],
      consent_text: consent.text,
      consent_version: consent.version,
    })
  ).body.id;
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.stop();
});

describe("a written testimonial", () => {
  let id = "";
  let links: ReturnType<typeof linksOf>;

  test("arrives → the owner's email arrives with the words, rating, buttons and logo", async () => {
    const sent = await call("POST", `/public/links/${link}/submissions`, {
      kind: "text",
      respondent: { name: "Tess Taster", title: "Head of Bread", company: "Crumb Club" },
      consent: { agreed: true, ...consent },
      text: "The sourdough is the best I have had outside Paris. <b>Not bold</b> & honest: we order every week now.",
      rating: 5,
    });
    expect(sent.status).toBe(201);
    id = sent.body.submission_id;
    const raw = (await mailFor((s) => s.includes("from Tess Taster"), "the alert email")).raw;
    expect(mailHeader(raw, "From")).toBe(`Bright Agency <${SERVER_FROM}>`);
    expect(mailHeader(raw, "Subject")).toBe("New 5-star testimonial for Bright Bakery from Tess Taster");
    expect(mailHeader(raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const mail = readMail(raw);
    expect(mail.text).toContain("The sourdough is the best I have had outside Paris.");
    expect(mail.html).toContain("&lt;b&gt;Not bold&lt;/b&gt; &amp; honest");
    expect(mail.html).toContain("★★★★★");
    expect(mail.html).toContain("Approve &amp; publish");
    expect(mail.html).toContain(">Approve<");
    expect(mail.html).toContain("Head of Bread, Crumb Club");
    links = linksOf(mail.text);
    expect(links.approve).toStartWith(`${server.url}/alert/`);
    expect(mail.html).toContain(`href="${links.approve}"`);
    expect(mail.html).toContain(`href="${links.publish}"`);
    expect(mail.pictures.map((p) => p.cid)).toEqual(["logo@alerts"]);
    expect(mailHeader(raw, "List-Unsubscribe")).toBe(`<${links.stop}>`);
    await renderEmail(mail.viewable, "/tmp/alert-email.png");
    await renderEmail(mail.viewable, "/tmp/alert-email-phone.png", 390);
  }, 60_000);

  test("the Approve link in Chromium: a confirmation page (opening it changes nothing), one click approves", async () => {
    const { page, problems } = await openPage();
    for (let i = 0; i < 2; i++) {
      const res = await page.goto(links.approve!);
      expect(res!.status()).toBe(200);
    }
    await expect(page.getByRole("heading", { name: "Approve this testimonial?" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("The sourdough is the best I have had outside Paris.").isVisible()).resolves.toBe(true);
    expect(await detail(id)).toMatchObject({ is_approved: false, is_public: false });
    await axe(page, "confirm");
    await page.screenshot({ path: "/tmp/alert-confirm.png", fullPage: true });
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await page.getByRole("heading", { name: "Approved" }).waitFor();
    expect(await detail(id)).toMatchObject({ is_approved: true, is_public: false });
    await axe(page, "done");
    await page.screenshot({ path: "/tmp/alert-done.png", fullPage: true });
    const again = await page.goto(links.approve!);
    expect(again!.status()).toBe(409);
    await page.getByRole("heading", { name: "This link was already used" }).waitFor();
    await expect(page.getByText("Nothing was changed now.").isVisible()).resolves.toBe(true);
    await page.screenshot({ path: "/tmp/alert-used.png", fullPage: true });
    expect(await detail(id)).toMatchObject({ is_approved: true, is_public: false });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);
});

describe("a recorded video, processed by the executable", () => {
  test("its email carries the poster inline and marks the machine transcript; Approve & publish explains and publishes without the words", async () => {
    // The speech recording's first sentence (4 s): a recording with a poster and a machine transcript.
    const id = await sendRecording(ensureFirstSentence().webm, "video/webm", "Vic Video");
    const raw = (
      await mailFor((s) => s.includes("video testimonial") && s.includes("Vic Video"), "the video alert", 240_000)
    ).raw;
    const s = await detail(id);
    expect(s.status).toBe("ready");
    const mail = readMail(raw);
    const poster = mail.pictures.find((p) => p.cid === `poster-${id}@alerts`)!;
    expect(poster.type).toBe("image/jpeg");
    const meta = await sharp(poster.body).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.width).toBeGreaterThan(100);
    expect(mail.html).toContain(`cid:poster-${id}@alerts`);
    if (s.words_draft) {
      expect(mail.text).toContain("Machine transcript, not checked yet");
      expect(mail.html).toContain("Words unchecked.");
    }
    await renderEmail(mail.viewable, "/tmp/alert-email-video.png");
    const links = linksOf(mail.text);
    const { page, problems } = await openPage();
    await page.goto(links.publish!);
    if (s.words_draft) {
      await page.getByRole("heading", { name: "Its words are not checked yet" }).waitFor();
      // The poster is shown through a signed address (never public), and nothing changed by looking.
      expect(
        await page.locator("img[alt='Still from the video']").evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      expect(await detail(id)).toMatchObject({ is_approved: false, is_public: false });
      await axe(page, "words");
      await page.screenshot({ path: "/tmp/alert-words.png", fullPage: true });
      await page.getByRole("button", { name: "Publish without its words" }).click();
      await page.getByRole("heading", { name: "Approved and published" }).waitFor();
      expect(await detail(id)).toMatchObject({ is_approved: true, is_public: true, hide_words: true });
    } else {
      await page.getByRole("button", { name: "Approve & publish" }).click();
      await page.getByRole("heading", { name: "Approved and published" }).waitFor();
      expect(await detail(id)).toMatchObject({ is_approved: true, is_public: true });
    }
    expect(problems).toEqual([]);
    await page.context().close();
  }, 300_000);
});

describe("failures", () => {
  test("a recording that fails to process: its email says what failed, with no buttons", async () => {
    const id = await sendRecording(fx.hostile.truncated, "video/webm", "Fay Failed");
    const raw = (
      await mailFor(
        (s) => s.includes("Fay Failed") && s.includes("could not be processed"),
        "the failure alert",
        240_000,
      )
    ).raw;
    expect((await detail(id)).status).toBe("failed");
    const mail = readMail(raw);
    expect(mail.text).toContain("It could not be processed.");
    expect(mail.text).toContain("What you can do:");
    expect(linksOf(mail.text)).toMatchObject({ approve: null, publish: null });
    await renderEmail(mail.viewable, "/tmp/alert-email-failed.png");
  }, 300_000);

  test("Approve & publish on a testimonial that failed meanwhile explains plainly and approves only", async () => {
    const sent = await call("POST", `/public/links/${link}/submissions`, {
      kind: "text",
      respondent: { name: "Bo Broken" },
      consent: { agreed: true, ...consent },
      text: "Words of a testimonial that a test marks as failed after its email left.",
      rating: 3,
    });
    const id = sent.body.submission_id as string;
    const mail = readMail((await mailFor((s) => s.includes("Bo Broken"), "the alert")).raw);
    // What the executable would show for a recording whose processing failed after its email left.
    server.deps.db
      .update(submissions)
      .set({
        status: "failed",
        failureReason: "no_audio: The recording has no sound. What you can do: Ask the respondent to record again.",
      })
      .where(eq(submissions.id, id))
      .run();
    const { page, problems } = await openPage();
    const res = await page.goto(linksOf(mail.text).publish!);
    expect(res!.status()).toBe(409);
    await page.getByRole("heading", { name: "It cannot be published yet" }).waitFor();
    await expect(
      page.getByText("This recording failed to process, so there is nothing to publish.").isVisible(),
    ).resolves.toBe(true);
    await axe(page, "not publishable");
    await page.screenshot({ path: "/tmp/alert-not-publishable.png", fullPage: true });
    await page.getByRole("button", { name: "Approve only (keep private)" }).click();
    await page.getByRole("heading", { name: "Approved" }).waitFor();
    expect(await detail(id)).toMatchObject({ is_approved: true, is_public: false });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);
});

describe("stop", () => {
  test("the stop link asks, then turns these emails off", async () => {
    const raw = (await mailFor((s) => s.includes("Tess Taster"), "the first alert")).raw;
    const { page, problems } = await openPage();
    await page.goto(linksOf(readMail(raw).text).stop!);
    await page.getByRole("heading", { name: "Stop new-testimonial emails?" }).waitFor();
    await axe(page, "stop");
    await page.screenshot({ path: "/tmp/alert-stop.png", fullPage: true });
    expect((await call("GET", "/v1/me/notifications", undefined, session)).body.new_testimonials).toBe("each");
    await page.getByRole("button", { name: "Stop these emails" }).click();
    await page.getByRole("heading", { name: "These emails are stopped" }).waitFor();
    expect((await call("GET", "/v1/me/notifications", undefined, session)).body.new_testimonials).toBe("off");
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);
});

describe("the dashboard's Notifications page", () => {
  test("shows the choice in plain words and saves a daily summary for one brand", async () => {
    const { page, problems } = await openPage(1280);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, server.url, server.owner);
    await page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
    await page.getByRole("link", { name: "Notifications" }).click();
    await page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
    expect(await page.getByLabel("A daily summary").isChecked()).toBe(false);
    await page.getByLabel("A daily summary").check();
    await page.getByLabel("Send it at").selectOption("9");
    await page.getByLabel("Only these brands").check();
    await page.getByLabel("Bright Bakery").check();
    // The shell's user menu (not this page) names its link "Your account (…)" around the visible name.
    await axe(page, "settings", [".user-menu"]);
    await page.screenshot({ path: "/tmp/alert-settings.png", fullPage: true });
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Your notification settings are saved").waitFor();
    const saved = (await call("GET", "/v1/me/notifications", undefined, session)).body;
    const brand = (await api("GET", "/v1/brands")).body.data[0].id;
    expect(saved).toMatchObject({ new_testimonials: "daily", digest_hour: 9, brand_ids: [brand], is_default: false });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);
});
