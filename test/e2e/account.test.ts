/**
 * Account basics in a real browser against the executable (issue 29), with a real SMTP server for the mail:
 * - "Forgot your password?" on the sign-in page asks for a link; the emailed link opens the reset page in Chromium,
 *   the new password signs in there, the other browser's session has ended, and the link does not work twice;
 * - "Your account" (from the user menu) changes the name, the email (confirmed by the link sent to the new
 *   address, opened in another browser) and the password;
 * - a brand is deleted from the Brands page after its name is typed in a dialog that says what goes; it shows its
 *   progress and disappears; the default brand's dialog says why it stays; a link is deleted from the Links page.
 * Screenshots: /tmp/i29-account-sign-in.png, -forgot.png, -reset.png, -profile.png, -confirm-email.png,
 * -brand-delete.png, -default-brand.png, -link-delete.png.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { launchChromium, signInAs } from "../helpers/browser";
import { mailText, startMailSink, type MailSink } from "../helpers/smtp";
import { startServer, type RunningServer } from "../helpers/server";
import { until } from "../helpers/wait";
import { httpApi, sendWritten, type Api } from "../helpers/walls";

let sink: MailSink;
let server: RunningServer;
let browser: Browser;
let api: Api;

beforeAll(async () => {
  sink = await startMailSink();
  server = await startServer({ env: { PLAUDIT_SMTP_URL: sink.url } });
  browser = await launchChromium();
  api = httpApi(server.url, await server.createKey("live"));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.stop();
});

/** A fresh browser (own cookies) at 1440×900; `problems` collects page errors and unexpected console errors. */
async function openPage(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on("console", (m) => {
    // /v1/me answers 401 before sign-in and used links answer 404/410: expected, and logged by Chromium.
    if (m.type() === "error" && !/status of (401|404|410)/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  return { page, problems };
}

/** The link of kind `path` in the newest email to `to` (waits for it to arrive). */
async function emailedLink(to: string, path: string, after = 0): Promise<string> {
  const mail = await until(`the email to ${to}`, () =>
    sink.received.slice(after).find((m) => m.to.includes(to) && mailText(m.raw).includes(`/app/${path}#`)),
  );
  return new RegExp(`(http://\\S+/app/${path}#[A-Za-z0-9_-]+)`).exec(mailText(mail.raw))![1]!;
}

async function signedIn(password = server.owner.password) {
  const opened = await openPage();
  await signInAs(opened.page, server.url, { email: server.owner.email, password });
  await opened.page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
  return opened;
}

test("forgot password: the emailed link sets a new password once and ends the other session", async () => {
  const elsewhere = await signedIn();

  const visitor = await openPage();
  await visitor.page.goto(`${server.url}/app/`);
  await visitor.page.getByRole("heading", { name: "Sign in" }).waitFor();
  await visitor.page.getByLabel("Email", { exact: true }).fill(server.owner.email);
  await visitor.page.screenshot({ path: "/tmp/i29-account-sign-in.png" });
  await visitor.page.getByRole("button", { name: "Forgot your password?" }).click();
  await visitor.page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
  expect(await visitor.page.getByLabel("Email", { exact: true }).inputValue()).toBe(server.owner.email);
  const before = sink.received.length;
  await visitor.page.getByRole("button", { name: "Send me a link" }).click();
  await visitor.page.getByRole("heading", { name: "Check your email" }).waitFor();
  await visitor.page.screenshot({ path: "/tmp/i29-account-forgot.png" });

  const link = await emailedLink(server.owner.email, "reset-password", before);
  await visitor.page.goto(link);
  await visitor.page.getByRole("heading", { name: "Choose a new password" }).waitFor();
  await visitor.page.getByText(server.owner.email).first().waitFor();
  await visitor.page.getByLabel("New password").fill("browser-new-password-1");
  await visitor.page.getByLabel("Repeat the password").fill("browser-new-password-1");
  await visitor.page.screenshot({ path: "/tmp/i29-account-reset.png" });
  await visitor.page.getByRole("button", { name: "Save and sign in" }).click();
  await visitor.page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
  expect(new URL(visitor.page.url()).hash).toBe("");
  server.owner.password = "browser-new-password-1";

  // The other browser's session ended with the reset.
  await elsewhere.page.reload();
  await elsewhere.page.getByRole("heading", { name: "Sign in" }).waitFor();

  // The link worked once.
  const again = await openPage();
  await again.page.goto(link);
  await again.page.getByRole("heading", { name: "This link cannot be used" }).waitFor();
  expect(await again.page.getByLabel("New password").count()).toBe(0);
  expect([...visitor.problems, ...elsewhere.problems, ...again.problems]).toEqual([]);
}, 120_000);

test("your account: name, email confirmed by link, password", async () => {
  const { page, problems } = await signedIn();
  await page.getByRole("link", { name: /^Your account/ }).click();
  await page.getByRole("heading", { name: "Your account", level: 1 }).waitFor();

  await page.getByLabel("Name", { exact: true }).fill("Olive Renamed");
  await page.getByRole("button", { name: "Save name" }).click();
  await page.getByText("Your name is saved").waitFor();
  await page.getByRole("link", { name: /Olive Renamed/ }).waitFor();

  const before = sink.received.length;
  await page.getByLabel("New email").fill("olive.new@example.com");
  await page.getByLabel("Current password").first().fill(server.owner.password);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await page.getByText("Waiting for confirmation from olive.new@example.com").waitFor();
  await page.screenshot({ path: "/tmp/i29-account-profile.png", fullPage: true });
  // The old address is told.
  await until("the notice to the old address", () =>
    sink.received.slice(before).find((m) => m.to.includes(server.owner.email)),
  );

  const link = await emailedLink("olive.new@example.com", "confirm-email", before);
  const other = await openPage();
  await other.page.goto(link);
  await other.page.getByRole("heading", { name: "Confirm your new email" }).waitFor();
  await other.page.screenshot({ path: "/tmp/i29-account-confirm-email.png" });
  await other.page.getByRole("button", { name: "Confirm olive.new@example.com" }).click();
  await other.page.getByRole("heading", { name: "Your email is changed" }).waitFor();
  server.owner.email = "olive.new@example.com";

  await page.reload();
  await page.getByText("You sign in with").waitFor();
  await page.getByText("olive.new@example.com").first().waitFor();
  const passwordForm = page.getByRole("form", { name: "Password" });
  await passwordForm.getByLabel("Current password").fill(server.owner.password);
  await passwordForm.getByLabel("New password", { exact: true }).fill("profile-password-2");
  await passwordForm.getByLabel("Repeat the new password").fill("profile-password-2");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await page.getByText("Password changed; your other devices are signed out").waitFor();
  server.owner.password = "profile-password-2";

  const fresh = await signedIn();
  expect([...problems, ...other.problems, ...fresh.problems]).toEqual([]);
}, 120_000);

test("deleting a brand: what goes is said first, its name is typed, it shows its progress and disappears", async () => {
  const created = await api("POST", "/v1/brands", { name: "Harbour Dental" });
  const link = await api("POST", `/v1/brands/${created.body.id}/links`, {
    title: "Tell us",
    prompts: [{ text: "How was it?" }],
    consent_text: "I agree that my words and recording may be published.",
    consent_version: "2026-11-01",
  });
  await sendWritten(api, link.body.id, [
    { name: "Gwendolyn Farthing", text: "The hygienist was gentle and the waiting room smelled of oranges." },
    { name: "Tobias Wrenhall", text: "They fitted me in the same afternoon and explained every single step." },
  ]);
  await api("POST", "/v1/widgets", { brand_id: created.body.id });

  const { page, problems } = await signedIn();
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Harbour Dental" }) });
  await card.getByRole("button", { name: "Delete “Harbour Dental”" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete “Harbour Dental”?" });
  await dialog.getByText("2 testimonials").waitFor();
  await dialog.getByText("1 widget").waitFor();
  await dialog.getByText("1 collect link").waitFor();
  const button = dialog.getByRole("button", { name: "Delete brand" });
  expect(await button.isDisabled()).toBe(true);
  await dialog.getByLabel(/Type the brand's name/).fill("Harbour Denta");
  expect(await button.isDisabled()).toBe(true);
  await dialog.getByLabel(/Type the brand's name/).fill("Harbour Dental");
  expect(await button.isDisabled()).toBe(false);
  await page.screenshot({ path: "/tmp/i29-account-brand-delete.png" });
  await button.click();
  await card.getByText("Deleting", { exact: true }).waitFor();
  await card.waitFor({ state: "detached", timeout: 30_000 });
  expect((await api("GET", `/v1/brands/${created.body.id}`)).status).toBe(404);

  // The default brand stays, and its dialog says why.
  const home = page.getByRole("article").filter({ has: page.getByText("Default", { exact: true }) });
  await home.getByRole("button", { name: /^Delete “/ }).click();
  const stays = page.getByRole("dialog");
  await stays.getByText("This brand stays").waitFor();
  await stays.getByText(/default brand cannot be deleted/).waitFor();
  expect(await stays.getByRole("button", { name: "Delete brand" }).count()).toBe(0);
  await page.screenshot({ path: "/tmp/i29-account-default-brand.png" });
  await stays.getByRole("button", { name: "Close" }).click();
  expect(problems).toEqual([]);
}, 120_000);

test("deleting a link says its testimonials stay, and its address stops working", async () => {
  const brand = (await api("GET", "/v1/brands")).body.data.find((b: { is_default: boolean }) => b.is_default);
  const link = await api("POST", `/v1/brands/${brand.id}/links`, {
    title: "Autumn check-ups",
    slug: "autumn-check-ups",
    prompts: [{ text: "How was it?" }],
    consent_text: "I agree that my words and recording may be published.",
    consent_version: "2026-11-01",
  });
  await sendWritten(api, link.body.id, [
    { name: "Lavinia Crumb", text: "Quick, kind and on time: the autumn check-up took twenty minutes." },
  ]);
  const { page, problems } = await signedIn();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Links" }).click();
  await page.getByRole("heading", { name: "Autumn check-ups", exact: true }).waitFor();
  await page.getByRole("button", { name: "Delete “Autumn check-ups”" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete “Autumn check-ups”?" });
  await dialog.getByText(/Its testimonial stays with/).waitFor();
  await dialog.getByText(/“autumn-check-ups” stays yours for a year/).waitFor();
  await page.screenshot({ path: "/tmp/i29-account-link-delete.png" });
  await dialog.getByRole("button", { name: "Delete link" }).click();
  await page.getByRole("heading", { name: "Autumn check-ups", exact: true }).waitFor({ state: "detached" });
  expect((await fetch(`${server.url}/c/autumn-check-ups`)).status).toBe(404);
  expect(problems).toEqual([]);
}, 120_000);
