/**
 * The Requests page in a real browser against the real server and a real SMTP sink: pasted `Name <email>` lines
 * with a bad address and a repeat are previewed row by row; a CSV upload is read the same way; the message is
 * edited with its live preview; without {link} Send is held with the reason; sending (after the confirmation) opens
 * the request's page; the emails arrive; one person answers through their personal link on the capture page (a
 * phone-sized tab), and the request's page shows them answered with their testimonial one click away.
 * Another person unsubscribes on the script-free unsubscribe page. Screenshots: /tmp/campaigns-compose.png,
 * /tmp/campaigns-csv.png, /tmp/campaigns-detail.png, /tmp/campaigns-unsubscribe.png, /tmp/campaigns-unsubscribed.png.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { mailText, startMailSink, type MailSink } from "../helpers/smtp";
import { fillAndSend, openCapturePage, sentId } from "../helpers/capture-page";

let server: RunningServer;
let sink: MailSink;
let browser: Browser;
let linkUrl = "";

beforeAll(async () => {
  sink = await startMailSink();
  server = await startServer({ env: { PLAUDIT_SMTP_URL: sink.url } });
  browser = await launchChromium();
  const key = await server.createKey("live");
  const auth = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const brands = (await (await fetch(`${server.url}/v1/brands`, { headers: auth })).json()) as any;
  const link = (await (
    await fetch(`${server.url}/v1/brands/${brands.data[0].id}/links`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        title: "Tell us about Acme",
        prompts: [{ text: "What changed for you?" }],
        consent_text: "I agree that Acme may publish my testimonial.",
        consent_version: "2026-11-01",
      }),
    })
  ).json()) as any;
  linkUrl = link.url;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.stop();
});

test("paste, preview, edit with a live preview, send, and see who answered", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && !/status of 401/.test(m.text()) && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));

  await page.goto(`${server.url}/app/`);
  await page.getByLabel("Email", { exact: true }).fill(server.owner.email);
  await page.getByLabel("Password", { exact: true }).fill(server.owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Requests" }).click();
  await page.getByRole("heading", { name: "Requests", level: 1 }).waitFor();
  await page.getByRole("link", { name: "New request" }).click();
  await page.getByRole("heading", { name: "New request", level: 1 }).waitFor();

  // A CSV file is read in the browser and previewed the same way.
  const csv = "First name,Last name,Email\nCora,Csv,cora@example.com\nBad,Row,not-an-address\n";
  await page.getByLabel(/Or upload a CSV file/).setInputFiles({
    name: "customers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await page.getByText("1 person will be asked. 1 row has a problem and will be left out.").waitFor();
  await page.getByRole("cell", { name: "Cora Csv" }).waitFor();
  await page.getByText("“not-an-address” is not a valid email address").waitFor();
  await page.screenshot({ path: "/tmp/campaigns-csv.png", fullPage: true });
  await page.getByRole("button", { name: "Type or paste instead" }).click();

  await page
    .getByLabel("Names and email addresses")
    .fill(
      ["Ann Lee <ann@example.com>", "bo@example.com", "Cy Broken <cy@example>", "Ann Again <ANN@example.com>"].join(
        "\n",
      ),
    );
  await page.getByText("2 people will be asked. 1 row has a problem and will be left out.").waitFor();
  await page.getByText("“cy@example” is not a valid email address").waitFor();
  await page.getByText("Repeated: asked once").waitFor();

  const preview = page.getByTestId("mail-preview");
  await expect(preview.textContent()).resolves.toContain("Hi Ann,");
  await expect(preview.textContent()).resolves.toContain(`${linkUrl}?r=…`);
  const message = page.getByLabel("Message");
  await message.fill("Hello {name}, two minutes for us?");
  await page.getByText("Put {link} where the person's personal link should go.").first().waitFor();
  expect(await page.getByRole("button", { name: "Send request" }).isDisabled()).toBe(true);
  await message.fill("Hello {name},\n\nWould you tell others what working with Acme was like?\n{link}\n\nThanks, Acme");
  await expect(preview.textContent()).resolves.toContain("Hello Ann,");
  await page.getByLabel("Reminder").selectOption("5");
  await page.screenshot({ path: "/tmp/campaigns-compose.png", fullPage: true });

  await page.getByRole("button", { name: "Send to 2 people" }).click();
  await page.getByRole("button", { name: "Yes, send" }).click();
  await page.getByText("One reminder after 5 days.").waitFor();
  await page.getByRole("cell", { name: "ann@example.com" }).waitFor();

  const until = async (what: string, ok: () => boolean) => {
    const end = Date.now() + 20_000;
    while (!ok()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await Bun.sleep(100);
    }
  };
  await until("both requests", () => sink.received.length >= 2);
  const annMail = mailText(sink.received.find((m) => m.to.includes("ann@example.com"))!.raw);
  expect(annMail).toStartWith("Hello Ann,");
  const personal = new RegExp(`${linkUrl.replace(/[.?]/g, "\\$&")}\\?r=[A-Za-z0-9_-]{32}`).exec(annMail)?.[0];
  expect(personal).toBeTruthy();

  // Ann opens her personal link on her phone and writes a few lines.
  const phone = await openCapturePage(browser, server.url);
  await phone.page.goto(personal!);
  await phone.page.getByRole("radio", { name: /^Write/ }).check();
  await phone.page
    .getByRole("textbox", { name: "Your answer" })
    .fill("Acme rebuilt our shop in two weeks; sales doubled.");
  await fillAndSend(phone.page, "Ann Lee");
  const submissionId = await sentId(phone.page, "Ann Lee");
  await phone.context.close();

  await page.reload();
  await page.getByRole("cell", { name: "ann@example.com" }).waitFor();
  const annRow = page.getByRole("row").filter({ hasText: "ann@example.com" });
  await annRow.getByText("Answered", { exact: true }).waitFor();
  const view = annRow.getByRole("link", { name: "View testimonial" });
  expect(await view.getAttribute("href")).toContain(`/inbox/${submissionId}`);
  await page.getByRole("row").filter({ hasText: "bo@example.com" }).getByText("Sent", { exact: true }).waitFor();
  await page.screenshot({ path: "/tmp/campaigns-detail.png", fullPage: true });

  // Bo unsubscribes from the link at the foot of his email: a plain page, no script, one button.
  const boMail = mailText(sink.received.find((m) => m.to.includes("bo@example.com"))!.raw);
  const unsubscribe = new RegExp(`${server.url}/u/[A-Za-z0-9_-]{32}`).exec(boMail)![0];
  const bo = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const boPage = await bo.newPage();
  await boPage.goto(unsubscribe);
  await boPage.getByRole("heading", { name: "Stop emails from Acme?" }).waitFor();
  await boPage.screenshot({ path: "/tmp/campaigns-unsubscribe.png" });
  await boPage.getByRole("button", { name: "Unsubscribe" }).click();
  await boPage.getByRole("heading", { name: "You are unsubscribed" }).waitFor();
  await boPage.screenshot({ path: "/tmp/campaigns-unsubscribed.png" });
  await bo.close();
  await page.reload();
  await page
    .getByRole("row")
    .filter({ hasText: "bo@example.com" })
    .getByText("Unsubscribed", { exact: true })
    .waitFor();

  await page.getByRole("link", { name: "All requests" }).click();
  const row = page.getByRole("row").filter({ hasText: "Tell us about Acme" });
  await row.waitFor();
  expect(problems).toEqual([]);
  await context.close();
}, 120_000);
