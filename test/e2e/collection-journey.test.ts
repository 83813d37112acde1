/**
 * Issue 16's "done when", in Chromium against the real server and its workers (the executable unless
 * PLAUDIT_TEST_TARGET=source): the owner creates a collect link in the dashboard (a friendly address, two
 * questions, video and written answers, a rating, a choice question shown publicly, a photo, welcome and thank-you
 * words and a button), watching the live preview follow every setting on a phone and a desktop before saving (the
 * preview sends nothing and is framed only by the dashboard); a respondent on a 390×844 phone opens `/c/{slug}`,
 * records one video guided through both questions with the fake camera, answers the question, adds a photo,
 * consents and sends; the inbox shows the processed recording with the answer and the photo; after "Approve &
 * publish" a widget on a customer's page on another origin and the brand's wall show the photo as the avatar.
 * Screenshots of each step: /tmp/collection-journey/*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium, signInAs, axeBuilder } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { openCapturePage, previewSeconds, stepTo } from "../helpers/capture-page";
import { startCustomerSite, type CustomerSite } from "../helpers/customer-site";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";
import { FACE_PORTRAIT } from "../fixtures/media/speaker-video";
import { until } from "../helpers/wait";

const DIR = "/tmp/collection-journey";
const SHOT = (name: string) => `${DIR}/${name}.png`;
const LINK = {
  title: "Tell us about your new website",
  slug: "website-stories",
  prompts: ["What was it like before you worked with Acme?", "What changed after the launch?"],
  welcome: "Hi! This takes two minutes, and it helps other shop owners find us.",
  thanks: "You made our week. One more favour?",
  cta: { label: "Leave us a Google review", url: "https://example.com/review" },
  field: { label: "Which service did you use?", options: ["Design", "Build", "Care"] },
};
const PERSON = { name: "Gwen Guided", email: "gwen@example.com", company: "Guided Goods" };

let server: RunningServer;
let browser: Browser;
let owner: BrowserContext;
let site: CustomerSite | null = null;
let key = "";
const state = { linkId: "", brandId: "", submissionId: "", avatarUrl: "" };

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Collects console errors (CSP violations included) and page errors of a tab and the frames in it. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  // The sign-in check answers 401 on purpose before signing in.
  page.on("console", (m) => m.type() === "error" && !/status of 401/.test(m.text()) && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));
  return problems;
}

beforeAll(async () => {
  mkdirSync(DIR, { recursive: true });
  const media = ensureMediaFixtures();
  server = await startServer();
  key = await server.createKey("live");
  browser = await launchChromium([
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-video-capture=${media.fakeCameraY4m}`,
    `--use-file-for-fake-audio-capture=${media.fakeMicWav}`,
  ]);
  owner = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  site?.stop();
  await server?.stop();
});

describe("collection journey", () => {
  test("the owner creates the link in the dashboard, the live preview following every setting", async () => {
    const page = await owner.newPage();
    page.setDefaultTimeout(20_000);
    const problems = watch(page);
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(new URL(r.url()).pathname));
    await signInAs(page, server.url, server.owner);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Links" }).click();
    await page.getByRole("button", { name: "New link" }).click();
    const form = page.locator("form.link-form");
    const phone = page.frameLocator('iframe[title="Preview of the page on a phone"]');
    const desktop = page.frameLocator('iframe[title="Preview of the page on a desktop"]');
    // The preview is the capture page at a phone's real width, waiting for nothing but the draft.
    await phone.getByRole("heading", { name: "Your link's title", level: 1 }).waitFor();
    // With room, phone and desktop side by side, each at its real width (drawn smaller).
    expect(
      await page
        .getByRole("group", { name: "Device" })
        .getByRole("button", { name: "Both" })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    expect(await phone.locator("body").evaluate(() => window.innerWidth)).toBe(390);
    expect(await desktop.locator("body").evaluate(() => window.innerWidth)).toBe(1280);
    await phone.getByText("Preview", { exact: true }).waitFor();

    await form.getByLabel("Title", { exact: true }).fill(LINK.title);
    await phone.getByRole("heading", { name: LINK.title, level: 1 }).waitFor();
    await form.getByLabel(/^Friendly address/).fill(LINK.slug);
    await form.getByLabel("Question 1", { exact: true }).fill(LINK.prompts[0]!);
    await form.getByRole("button", { name: "Add a question", exact: true }).click();
    await form.getByLabel("Question 2", { exact: true }).fill(LINK.prompts[1]!);
    await phone.getByRole("heading", { name: "The 2 questions" }).waitFor();
    await phone.getByText(LINK.prompts[1]!).waitFor();
    await form.getByLabel("Audio only").uncheck();
    await until(
      "the preview to drop audio",
      async () => (await phone.getByRole("radio", { name: /^Audio only/ }).count()) === 0,
      5_000,
    );
    await phone.getByRole("radio", { name: /^Video/ }).waitFor();
    await phone.getByText("Your rating").waitFor();
    await form.getByLabel(/Ask for a star rating/).uncheck();
    await until("the stars to go", async () => (await phone.getByText("Your rating").count()) === 0, 5_000);
    await form.getByLabel(/Ask for a star rating/).check();
    await phone.getByText("Your rating").waitFor();
    await form.getByLabel(/Ask for a photo/).check();
    await phone.getByLabel("Your photo or company logo").waitFor();
    await form.getByLabel(/^Welcome message/).fill(LINK.welcome);
    await phone.getByText(LINK.welcome).waitFor();
    await desktop.getByText(LINK.welcome).waitFor();
    // Typing goes on in the editor: the preview never takes the focus.
    expect(await form.getByLabel(/^Welcome message/).evaluate((el) => el === document.activeElement)).toBe(true);
    await form.getByLabel(/^Thank-you message/).fill(LINK.thanks);
    await form.getByLabel(/Show a button/).check();
    await form.getByLabel("Button text").fill(LINK.cta.label);
    await form.getByLabel("Button address").fill(LINK.cta.url);
    await form.getByRole("button", { name: "Add a question of your own" }).click();
    await form.getByLabel("Your question 1", { exact: true }).fill(LINK.field.label);
    await form.getByLabel("Answered as").selectOption("choice");
    await form.getByLabel("Choices, one per line").fill(LINK.field.options.join("\n"));
    await form.getByLabel("Must be answered").check();
    await form.getByLabel("May be shown with the testimonial").check();
    await phone.getByRole("heading", { name: "A few more questions" }).waitFor();
    await phone.getByRole("radio", { name: "Build" }).waitFor();
    await phone.getByText(`${LINK.field.label} (required)`).waitFor();
    await page.screenshot({ path: SHOT("1-editor-with-preview") });
    // The editor with its preview frames (axe looks inside them too) has no serious or critical problem.
    const axe = await axeBuilder(page).include(".link-editor").analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);
    await page.locator(".link-preview").screenshot({ path: SHOT("2-preview-page") });

    // The preview can be tried but sends nothing: Send only says so.
    await phone.getByRole("button", { name: "Send my testimonial" }).click();
    await phone.getByText("Sending is off in the preview").waitFor();
    expect(posts.filter((p) => p.startsWith("/public/"))).toEqual([]);

    // The thank-you screen with its words and button; a click on the button does not leave the preview.
    await page.getByRole("group", { name: "Screen" }).getByRole("button", { name: "Thank-you screen" }).click();
    await phone.getByText(LINK.thanks).waitFor();
    const cta = phone.getByRole("link", { name: LINK.cta.label });
    expect(await cta.getAttribute("href")).toBe(LINK.cta.url);
    await phone.locator(".sent-list").getByText(LINK.field.label).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Thank-you screen");
    await cta.click();
    await phone.getByText(`On the real page this opens ${LINK.cta.url}`).waitFor();
    await page.locator(".link-preview").screenshot({ path: SHOT("3-preview-thanks") });
    await page.getByRole("group", { name: "Device" }).getByRole("button", { name: "Phone" }).click();
    expect(await page.locator(".preview-desktop").isVisible()).toBe(false);
    await page.getByRole("group", { name: "Screen" }).getByRole("button", { name: "Page" }).click();
    await phone.getByRole("heading", { name: LINK.title, level: 1 }).waitFor();
    await page.locator(".link-preview").screenshot({ path: SHOT("4-preview-phone-only") });

    await form.getByRole("button", { name: "Create link" }).click();
    await page.getByText(`Link “${LINK.title}” is ready`).waitFor();
    expect(await page.getByLabel("Address of the new link").inputValue()).toBe(`${server.url}/c/${LINK.slug}`);
    await page.screenshot({ path: SHOT("5-link-created") });

    const brand = (await api("GET", "/v1/brands")).data[0];
    const link = (await api("GET", `/v1/brands/${brand.id}/links`)).data.find((l: any) => l.slug === LINK.slug);
    expect(link).toMatchObject({
      url: `${server.url}/c/${LINK.slug}`,
      accepts: ["video", "text"],
      ask_rating: true,
      collect_photo: true,
      welcome_message: LINK.welcome,
      thank_you_message: LINK.thanks,
      call_to_action: LINK.cta,
      redirect_url: null,
    });
    expect(link.prompts.map((p: any) => p.text)).toEqual(LINK.prompts);
    expect(link.custom_fields).toEqual([
      {
        id: expect.stringMatching(/^fld_/),
        label: LINK.field.label,
        type: "choice",
        required: true,
        options: LINK.field.options,
        show_publicly: true,
      },
    ]);
    state.linkId = link.id;
    state.brandId = brand.id;

    // Only the dashboard's own origin may frame the preview, and the preview can reach no server; the real
    // capture page may be framed by no one.
    const preview = await fetch(`${server.url}/c/_preview`);
    expect(preview.status).toBe(200);
    const csp = preview.headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`frame-ancestors ${server.url}`);
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("form-action 'none'");
    expect((await fetch(link.url)).headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect((await fetch(`${server.url}/app/links`)).headers.get("content-security-policy")).toContain(
      `frame-src ${server.url}`,
    );
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  test("a respondent on a phone answers both questions on video, the field and a photo, and sends", async () => {
    expect(state.linkId, "the step before did not finish").toBeTruthy();
    const { page, problems } = await openCapturePage(browser, server.url);
    const res = await page.goto(`${server.url}/c/${LINK.slug}`);
    expect(res?.status()).toBe(200);
    await page.getByRole("heading", { name: LINK.title, level: 1 }).waitFor();
    await page.getByText(LINK.welcome).waitFor();
    await page.getByRole("heading", { name: "The 2 questions" }).waitFor();
    expect(await page.getByRole("radio", { name: /^Audio only/ }).count()).toBe(0);
    await page.screenshot({ path: SHOT("6-phone-open"), fullPage: true });

    await page.getByRole("radio", { name: /^Video/ }).check();
    await page.getByRole("button", { name: "Start recording" }).click();
    await page.getByText("Question 1 of 2", { exact: true }).waitFor();
    await page.locator(".prompt-live").getByText(LINK.prompts[0]!).waitFor();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: SHOT("7-phone-question-1") });
    await page.getByRole("button", { name: "Next question" }).click();
    await page.getByText("Question 2 of 2", { exact: true }).waitFor();
    await page.locator(".prompt-live").getByText(LINK.prompts[1]!).waitFor();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: SHOT("8-phone-question-2") });
    await page.getByRole("button", { name: "Stop recording" }).click();
    await page.getByRole("heading", { name: "Your recording" }).waitFor();
    expect(await previewSeconds(page)).toBeGreaterThan(4);

    // On a phone the form is steps: About you, the link's own question, then the stars, permission and Send.
    expect(await stepTo(page, page.getByLabel("Your name"))).toBe(true);
    await page.getByLabel("Your name").fill(PERSON.name);
    await page.getByLabel("Email").fill(PERSON.email);
    await page.getByRole("textbox", { name: "Company" }).fill(PERSON.company);
    await page.getByLabel("Your photo or company logo").setInputFiles(FACE_PORTRAIT);
    await page.getByRole("img", { name: "Your photo, as it will appear" }).waitFor();
    expect(await stepTo(page, page.getByRole("radio", { name: "Build" }))).toBe(true);
    await page.getByRole("radio", { name: "Build" }).check();
    expect(await stepTo(page, page.getByLabel("I have read this and I agree."))).toBe(true);
    await page.getByRole("radio", { name: "5 stars" }).check();
    await page.getByLabel("I have read this and I agree.").check();
    await page.screenshot({ path: SHOT("9-phone-filled"), fullPage: true });
    await page.getByRole("button", { name: "Send my testimonial" }).click();

    await page.getByRole("heading", { name: `Thank you, ${PERSON.name}!` }).waitFor({ timeout: 60_000 });
    state.submissionId = (await page.locator("[data-submission]").getAttribute("data-submission"))!;
    expect(state.submissionId).toStartWith("sub_");
    await page.getByText(LINK.thanks).waitFor();
    expect(await page.getByRole("link", { name: LINK.cta.label }).getAttribute("href")).toBe(LINK.cta.url);
    await page.locator(".sent-list").getByText("Build").waitFor();
    await page.getByRole("img", { name: "Your photo" }).waitFor();
    await page.screenshot({ path: SHOT("10-phone-thanks"), fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  test("the inbox shows the processed recording with the answer and the photo; Approve & publish", async () => {
    expect(state.submissionId, "the step before did not finish").toBeTruthy();
    const id = state.submissionId;
    const processed = await until(
      "processing",
      async () => {
        const d = await api("GET", `/v1/submissions/${id}`);
        return d.status === "ready" || d.status === "failed" ? d : null;
      },
      180_000,
    );
    expect(processed.status, `processing ended as ${processed.status}: ${processed.failure_reason}`).toBe("ready");
    expect(processed).toMatchObject({ kind: "video", rating: 5, has_photo: true, prompt_id: null });

    const page = await owner.newPage();
    page.setDefaultTimeout(20_000);
    const problems = watch(page);
    await page.goto(`${server.url}/app/inbox`);
    const row = page.locator(`.inbox-row[data-id="${id}"]`);
    await row.waitFor();
    expect(await row.locator(".badge").allTextContents()).not.toContain("Processing");
    await row.locator(".inbox-row-main").click();
    const detail = page.locator("article.detail");
    await detail.getByRole("heading", { name: PERSON.name }).waitFor();
    const video = detail.locator("video");
    await video.waitFor();
    // The processed recording (the private MP4, by its signed address) plays in the inbox.
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentSrc || v.src)).toContain("/cdn/signed/");
    await until(
      "the recording to load in the inbox player",
      () => video.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && v.duration > 4),
      20_000,
    );
    const photo = detail.getByRole("img", { name: `Photo sent by ${PERSON.name}` });
    await photo.waitFor();
    await until("the photo", () => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), 10_000);
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
    const answers = detail.getByRole("region", { name: "Their answers" });
    expect(await answers.locator("dt").allTextContents()).toEqual([LINK.field.label]);
    expect(await answers.locator("dd").allTextContents()).toEqual(["Build"]);
    await detail.screenshot({ path: SHOT("11-inbox-detail") });

    // A machine transcript nobody checked (offline recognition): publishing asks once, and the owner publishes the
    // video without its words (issue 29).
    await detail.getByRole("button", { name: /^Approve & publish/ }).click();
    if (processed.words_draft) {
      const ask = page.getByRole("dialog", { name: "The words are not checked yet" });
      await ask.getByText("Publish the video without its words, or check the words first?", { exact: false }).waitFor();
      await ask.getByRole("button", { name: "Publish the video without its words" }).click();
    }
    await page.getByText(`Approved and published ${PERSON.name}’s testimonial`).waitFor();
    await detail.getByText("Live: shown in widgets and on the wall.").waitFor();
    await page.screenshot({ path: SHOT("12-inbox-published") });
    const published = await api("GET", `/v1/submissions/${id}`);
    expect(published).toMatchObject({ is_approved: true, is_public: true });
    state.avatarUrl = await until(
      "the published photo",
      async () => (await api("GET", `/v1/submissions/${id}`)).public_media?.avatar_url,
      30_000,
    );
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);

  test("a widget on a customer's page on another origin shows the photo as the avatar", async () => {
    expect(state.avatarUrl, "the step before did not finish").toBeTruthy();
    const widget = await api("POST", "/v1/widgets", { brand_id: state.brandId, layout: "wall", theme: "light" });
    const doc = await until(
      "the widget document",
      async () => {
        const res = await fetch(widget.document_url);
        const body = res.status === 200 ? ((await res.json()) as any) : null;
        return body?.items?.some((i: any) => i.id === state.submissionId) ? body : null;
      },
      30_000,
    );
    const item = doc.items.find((i: any) => i.id === state.submissionId);
    expect(item.avatar_url).toBe(state.avatarUrl);
    expect(item.answers).toEqual([{ label: LINK.field.label, value: "Build" }]);

    site = startCustomerSite(widget.snippet);
    expect(site.origin).not.toBe(new URL(server.url).origin);
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const problems = watch(page);
    await page.goto(site.origin);
    const card = page.locator(`div[data-svc-widget="${widget.id}"] article`).filter({ hasText: PERSON.name });
    await card.waitFor();
    const avatar = card.locator("img.av");
    expect(await avatar.getAttribute("src")).toBe(state.avatarUrl);
    await until(
      "the avatar",
      () => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      10_000,
    );
    await card.getByText("Build", { exact: true }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: SHOT("13-widget-on-customer-page") });
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  test("the brand's wall shows the photo as the avatar", async () => {
    expect(state.avatarUrl, "the step before did not finish").toBeTruthy();
    await api("PATCH", `/v1/brands/${state.brandId}`, { is_public: true });
    const brand = await api("GET", `/v1/brands/${state.brandId}`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const problems = watch(page);
    await until(
      "the wall",
      async () => {
        const res = await page.goto(brand.public_wall_url);
        return res?.status() === 200 && (await page.getByText(PERSON.name).count()) > 0;
      },
      30_000,
    );
    const card = page.locator("figure.card").filter({ hasText: PERSON.name });
    const face = card.locator("img.face");
    expect(await face.getAttribute("src")).toBe(state.avatarUrl);
    await face.scrollIntoViewIfNeeded();
    await until(
      "the face",
      () => face.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      10_000,
    );
    await card.getByText("Build", { exact: true }).waitFor();
    await page.screenshot({ path: SHOT("14-wall") });
    await card.screenshot({ path: SHOT("15-wall-card") });
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
