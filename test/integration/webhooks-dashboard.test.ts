/**
 * The Webhooks page in a real browser against the real server with its workers: add an endpoint (secret shown
 * once), send a test event, see it delivered in the log with the attempt's request and response, replay it,
 * rotate the secret, and read the verification snippets. The receiver is an https server on loopback.
 * Screenshots: /tmp/webhooks-list.png, /tmp/webhooks-endpoint.png.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser } from "playwright-core";
import { launchChromium } from "../helpers/browser";
import { startServer } from "../helpers/server";
import { loopbackOnlyFetch, makeCert, startReceiver, type Receiver } from "./webhooks-receiver";

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let rx: Receiver;

beforeAll(async () => {
  const cert = makeCert(["localhost"], []);
  rx = startReceiver(cert);
  // The executable trusts the receiver's self-signed certificate as an operator would make it trust a private CA.
  const caFile = join(mkdtempSync(join(tmpdir(), "plaudit-ca-")), "ca.pem");
  writeFileSync(caFile, cert.cert);
  server = await startServer({ env: { PLAUDIT_WEBHOOKS_ALLOW_PRIVATE: "1", NODE_EXTRA_CA_CERTS: caFile } });
  server.deps.webhooks = { ...server.deps.webhooks, ca: cert.cert, fetch: loopbackOnlyFetch };
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rx?.stop();
});

test("add an endpoint, send a test event, read the log, replay, rotate", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && !/status of 401/.test(m.text()) && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));

  await page.goto(`${server.url}/app/`);
  await page.getByLabel("Email", { exact: true }).fill(server.owner.email);
  await page.getByLabel("Password", { exact: true }).fill(server.owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).click();
  await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();

  await page.getByRole("button", { name: "Add endpoint" }).click();
  await page.getByRole("textbox", { name: "Address" }).fill(rx.url("/dash", "localhost"));
  await page.getByRole("checkbox", { name: /reel\.ready/ }).check();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const secret = await page.getByRole("textbox", { name: "Signing secret" }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await page.getByRole("button", { name: "Copy secret" }).waitFor();
  await page.screenshot({ path: "/tmp/webhooks-list.png", fullPage: true });
  await page.getByRole("button", { name: "I have saved it" }).click();
  await expect(page.getByRole("textbox", { name: "Signing secret" }).count()).resolves.toBe(0);

  await page.getByRole("link", { name: rx.url("/dash", "localhost") }).click();
  await page.getByRole("heading", { name: "Webhook endpoint", level: 1 }).waitFor();
  await page.getByLabel("Event type").selectOption("reel.ready");
  await page.getByRole("button", { name: "Send test event" }).click();
  await rx.waitFor(1);
  const delivery = page.locator("details.mail").first();
  // The request has arrived; its outcome is recorded a moment later.
  for (
    let end = Date.now() + 30_000;
    Date.now() < end && (await delivery.getByText("Delivered", { exact: true }).count()) === 0;
  ) {
    await Bun.sleep(100);
    await page.getByRole("button", { name: "Refresh" }).click();
  }
  await delivery.getByText("Delivered", { exact: true }).waitFor();
  await delivery.locator("summary").click();
  await delivery.getByText("Attempt 1").waitFor();
  await expect(delivery.getByText(/X-Signature: t=\d+,v1=/).count()).resolves.toBe(1);
  await expect(delivery.getByText(/HTTP 200/).count()).resolves.toBe(1);

  await delivery.getByRole("button", { name: "Replay" }).click();
  await rx.waitFor(2);
  expect(rx.requests[1]!.body).toBe(rx.requests[0]!.body);

  await page.getByRole("tab", { name: "Python" }).click();
  await page.getByText("def verify_plaudit").waitFor();
  await page.getByRole("button", { name: "Rotate secret" }).click();
  await page.getByRole("button", { name: "Yes, rotate" }).click();
  const rotated = await page.getByRole("textbox", { name: "Signing secret" }).inputValue();
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);
  await page.getByRole("button", { name: "Refresh" }).click();
  await page.locator("details.mail").nth(1).waitFor();
  await page.locator("details.mail summary").nth(1).click();
  await page.screenshot({ path: "/tmp/webhooks-endpoint.png", fullPage: true });
  expect(problems).toEqual([]);
  await context.close();
}, 120_000);
