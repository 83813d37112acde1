/**
 * Adding a testimonial by hand and correcting it, in a real browser against dist/plaudit (issue 26): the owner adds
 * a written testimonial from the inbox ("Add testimonial", the attestation ticked), approves and publishes it, then
 * corrects the name and job title ("Edit details"): the detail says "Corrected — original: …" and the public wall
 * shows the corrected name, not the first one. A WAV file added by hand goes up with progress over the tus upload
 * and is received for processing. Both dialogs have no serious accessibility problems (axe-core). Screenshots:
 * /tmp/submissions-manual-add.png, /tmp/submissions-manual-corrected.png, /tmp/submissions-manual-wall.png.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Browser, type Page } from "playwright-core";
import { launchChromium, signInAs, visit, axeBuilder } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { createApiKey } from "../../src/domains/accounts";
import { ATTESTATION_TEXT } from "../../src/domains/imports";
import { systemCtx } from "../../src/platform/context";
import { unitOfWork } from "../../src/platform/db/unit-of-work";
import { writeWav } from "../fixtures/media/wav";

let server: RunningServer;
let browser: Browser;
let key = "";
let slug = "";

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  server = await startServer();
  key = unitOfWork(server.deps, systemCtx(server.orgId, "live", server.deps.clock), (tx) =>
    createApiKey(tx, { mode: "live", scopes: [] }),
  ).secret;
  const brand = (await api("GET", "/v1/brands")).body.data.find((b: any) => b.is_default).id;
  const made = await api("PATCH", `/v1/brands/${brand}`, { is_public: true });
  expect(made.status).toBe(200);
  slug = made.body.slug;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openInbox(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && !/status of 401/.test(m.text()) && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await signInAs(page, server.url, server.owner);
  await page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
  await visit(page, `${server.url}/app/inbox`);
  await page.getByRole("heading", { name: "Inbox", level: 1 }).waitFor();
  return { page, problems };
}

const detail = (page: Page) => page.locator("article.detail");

/** Reads the wall until it shows `name` (its pages are rebuilt moments after a change). */
async function wallShows(page: Page, name: string): Promise<string> {
  const until = Date.now() + 20_000;
  for (;;) {
    await visit(page, `${server.url}/b/${slug}`);
    const text = await page.locator("body").innerText();
    if (text.includes(name) || Date.now() > until) return text;
    await Bun.sleep(500);
  }
}

test("added by hand, approved and published, corrected: the wall shows the corrected name", async () => {
  const { page, problems } = await openInbox();

  await page.getByRole("button", { name: "Add testimonial" }).click();
  const dialog = page.locator("dialog[open]");
  await dialog.getByRole("heading", { name: "Add a testimonial by hand" }).waitFor();
  await dialog
    .getByLabel("Their words")
    .fill(
      "Said at the trade fair: the new booking page paid for itself within a month. We recommend them to everyone.",
    );
  await dialog.getByLabel("Name", { exact: true }).fill("Jhon Smiht");
  await dialog.getByLabel("Job title (optional)").fill("CEO");
  await dialog.getByLabel("Company (optional)").fill("Acme Bakery");
  await dialog.getByLabel("Rating (optional)").selectOption("5");
  // Sending without the attestation is refused in words, before anything is sent.
  await dialog.getByRole("button", { name: "Add testimonial" }).click();
  await dialog.getByRole("alert").filter({ hasText: "Tick the box" }).waitFor();
  await dialog.getByLabel(ATTESTATION_TEXT).check();
  await expect(dialog.getByRole("alert").count()).resolves.toBe(0);
  await page.screenshot({ path: "/tmp/submissions-manual-add.png" });
  const axe = await axeBuilder(page).include("dialog[open]").analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await dialog.getByRole("button", { name: "Add testimonial" }).click();

  await detail(page).getByRole("heading", { name: "Jhon Smiht" }).waitFor();
  await detail(page).getByText("By hand, by the team").waitFor();
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  const added = (await api("GET", `/v1/submissions/${id}`)).body;
  expect(added).toMatchObject({ origin: "manual", is_approved: false, is_public: false, rating: 5 });
  expect(added.attestation.text).toBe(ATTESTATION_TEXT);

  await detail(page).getByRole("button", { name: "Approve & publish" }).click();
  await detail(page).getByRole("button", { name: "Make private" }).waitFor();
  expect(await wallShows(page, "Jhon Smiht")).toContain("Jhon Smiht");

  await visit(page, `${server.url}/app/inbox/${id}`);
  await detail(page).getByRole("button", { name: "Edit details" }).click();
  const edit = page.locator("dialog[open]");
  await edit.getByLabel("Name", { exact: true }).fill("John Smith");
  await edit.getByLabel("Job title (optional)").fill("Founder");
  const editAxe = await axeBuilder(page).include("dialog[open]").analyze();
  expect(editAxe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
    [],
  );
  await edit.getByRole("button", { name: "Save details" }).click();
  await detail(page).getByRole("heading", { name: "John Smith" }).waitFor();
  await detail(page)
    .getByText(/Corrected .* — original: name “Jhon Smiht”, title “CEO”/)
    .waitFor();
  await detail(page)
    .getByText(/Corrected .* — original/)
    .scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/submissions-manual-corrected.png" });

  const wall = await wallShows(page, "John Smith");
  await page.screenshot({ path: "/tmp/submissions-manual-wall.png", fullPage: true });
  expect(wall).toContain("John Smith");
  expect(wall).toContain("Founder");
  expect(wall).not.toContain("Jhon Smiht");
  const corrected = (await api("GET", `/v1/submissions/${id}`)).body;
  expect(corrected.original).toEqual({ respondent_name: "Jhon Smiht", respondent_title: "CEO" });
  expect(problems).toEqual([]);
}, 120_000);

test("a file added by hand goes up with progress and is received for processing", async () => {
  const { page, problems } = await openInbox();
  const samples = new Int16Array(16_000 * 2).map((_, i) => Math.round(Math.sin(i / 6) * 6000));
  const wav = writeWav({ rate: 16_000, samples });
  await page.getByRole("button", { name: "Add testimonial" }).click();
  const dialog = page.locator("dialog[open]");
  await dialog.getByLabel("A video or audio file").check();
  await dialog
    .getByLabel("Video or audio file", { exact: true })
    .setInputFiles({ name: "call.wav", mimeType: "audio/wav", buffer: Buffer.from(wav) });
  await dialog.getByLabel("Name", { exact: true }).fill("Phoebe Phone");
  await dialog.getByLabel(ATTESTATION_TEXT).check();
  await dialog.getByRole("button", { name: "Add testimonial" }).click();
  await detail(page).getByRole("heading", { name: "Phoebe Phone" }).waitFor();
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  const s = (await api("GET", `/v1/submissions/${id}`)).body;
  expect(s).toMatchObject({ origin: "manual", kind: "audio" });
  expect(["processing", "ready", "failed"]).toContain(s.status);
  expect(problems).toEqual([]);
}, 120_000);
