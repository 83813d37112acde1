/**
 * The dashboard's link editor in Chromium against the real server: every setting of a collect link, mistakes told
 * in plain words by their fields before anything is sent (a malformed address, a button without an address, a
 * choice with one option, a limit of zero), a taken address refused by the server on its field, then the link
 * created and shown with its settings in short; its QR code previewed and downloaded as PNG and SVG; edited (the
 * question's id kept) and saved. Screenshots: /tmp/links-editor-errors.png, /tmp/links-editor-list.png,
 * /tmp/links-editor-qr.png.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Browser } from "playwright-core";
import { launchChromium, signInAs } from "../helpers/browser";
import { startServer } from "../helpers/server";

type Server = Awaited<ReturnType<typeof startServer>>;

let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("create a link with every setting, plain-language mistakes first, then edit it", async () => {
  const key = await server.createKey("live");
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
  const brand = (await api("GET", "/v1/brands")).body.data[0];
  // An address another link already has.
  const other = await api("POST", `/v1/brands/${brand.id}/links`, {
    title: "Other",
    prompts: [{ text: "Hi?" }],
    consent_text: "I agree.",
    consent_version: "v1",
    slug: "taken-address",
  });
  expect(other.status).toBe(201);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of (401|409)/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await signInAs(page, server.url, server.owner);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Links" }).click();
  await page.getByRole("button", { name: "New link" }).click();

  const form = page.locator("form.link-form");
  await form.getByLabel("Title", { exact: true }).fill("Tell us about the redesign");
  await form.getByLabel(/^Friendly address/).fill("Spring Offer!");
  await form.getByLabel("Question 1", { exact: true }).fill("What was it like before?");
  await form.getByRole("button", { name: "Add a question", exact: true }).click();
  await form.getByLabel("Question 2", { exact: true }).fill("What changed?");
  await form.getByLabel("Audio only").uncheck();
  await form.getByLabel(/Ask for a photo/).check();
  await form.getByLabel(/^Welcome message/).fill("Two minutes, promise.");
  await form.getByLabel(/^Thank-you message/).fill("You made our week.");
  await form.getByLabel(/Show a button/).check();
  await form.getByLabel("Button text").fill("Leave a Google review");
  await form.getByRole("button", { name: "Add a question of your own" }).click();
  await form.getByLabel("Your question 1", { exact: true }).fill("Which service did you use?");
  await form.getByLabel("Answered as").selectOption("choice");
  await form.getByLabel("Choices, one per line").fill("Design");
  await form.getByLabel("Must be answered").check();
  await form.getByLabel(/^Most testimonials/).fill("0");
  await form.getByRole("button", { name: "Create link" }).click();

  // Every mistake is named by its field, before anything is sent.
  await form.getByText("Use 3 to 60 lowercase letters, digits and single hyphens").waitFor();
  await form.getByText("Enter the address, starting with https://.").waitFor();
  await form.getByText("Write 2 to 20 choices, one per line.").waitFor();
  await form.getByText("Write a whole number from 1 to 1,000,000").waitFor();
  expect(await form.getByLabel(/^Friendly address/).getAttribute("aria-invalid")).toBe("true");
  await page.screenshot({ path: "/tmp/links-editor-errors.png", fullPage: true });

  await form.getByLabel(/^Friendly address/).fill("taken-address");
  await form.getByLabel("Button address").fill("https://example.com/review");
  await form.getByLabel("Choices, one per line").fill("Design\nBuild\nCare");
  await form.getByLabel(/^Most testimonials/).fill("50");
  await form.getByRole("button", { name: "Create link" }).click();
  // The server refuses a taken address, on the field.
  await form.getByText('The address "taken-address" is taken by another link; choose another.').first().waitFor();
  expect(await form.getByLabel(/^Friendly address/).getAttribute("aria-invalid")).toBe("true");
  await form.getByLabel(/^Friendly address/).fill("redesign-stories");
  await form.getByText(/The page will be at .*\/c\/redesign-stories/).waitFor();
  await form.getByRole("button", { name: "Create link" }).click();

  await page.getByText("Link “Tell us about the redesign” is ready").waitFor();
  expect(await page.getByLabel("Address of the new link").inputValue()).toBe(`${server.url}/c/redesign-stories`);
  const card = page.locator("article.link-card").filter({ hasText: "Tell us about the redesign" });
  await card.getByText("video, written · star rating, photo").waitFor();
  await card.getByText("Which service did you use?").waitFor();
  await card.getByText("Button “Leave a Google review”").waitFor();
  await card.getByText("0 of 50").waitFor();
  const created = (await api("GET", `/v1/brands/${brand.id}/links`)).body.data.find(
    (l: any) => l.slug === "redesign-stories",
  );
  expect(created).toMatchObject({
    accepts: ["video", "text"],
    collect_photo: true,
    welcome_message: "Two minutes, promise.",
    call_to_action: { label: "Leave a Google review", url: "https://example.com/review" },
    max_responses: 50,
  });
  expect(created.custom_fields[0]).toMatchObject({
    type: "choice",
    options: ["Design", "Build", "Care"],
    required: true,
  });
  await page.screenshot({ path: "/tmp/links-editor-list.png", fullPage: true });

  // The QR code of the friendly address: a preview, then both files downloaded.
  await card.getByRole("button", { name: "QR code" }).click();
  const qrImage = card.getByRole("img", { name: `QR code of ${server.url}/c/redesign-stories` });
  await qrImage.waitFor();
  expect(await qrImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await card.locator(".link-qr").screenshot({ path: "/tmp/links-editor-qr.png" });
  for (const [format, magic] of [
    ["png", [0x89, 0x50, 0x4e, 0x47]],
    ["svg", [0x3c, 0x73, 0x76, 0x67]],
  ] as const) {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("button", { name: `Download ${format.toUpperCase()}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`qr-redesign-stories.${format}`);
    const bytes = new Uint8Array(await Bun.file((await download.path())!).arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([...magic]);
  }

  // Edit: switch to a redirect, drop the rating, rename the question; its id stays.
  await card.getByRole("button", { name: "Edit “Tell us about the redesign”" }).click();
  const edit = page.locator("form.link-form");
  await edit.getByLabel(/Send them straight on/).check();
  await edit.getByLabel("Page to send them to").fill("https://example.com/thanks");
  await edit.getByLabel(/Ask for a star rating/).uncheck();
  await edit.getByLabel("Your question 1", { exact: true }).fill("Which of our services did you use?");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await page.getByText("“Tell us about the redesign” is saved").waitFor();
  const saved = (await api("GET", `/v1/links/${created.id}`)).body;
  expect(saved).toMatchObject({ call_to_action: null, redirect_url: "https://example.com/thanks", ask_rating: false });
  expect(saved.custom_fields[0]).toMatchObject({
    id: created.custom_fields[0].id,
    label: "Which of our services did you use?",
  });
  expect(problems).toEqual([]);
  await context.close();
}, 120_000);
