/**
 * Invitations in a real browser against the real server (the executable): the owner invites someone from the
 * Members page and copies the one-time link; the invitee opens it in another browser, chooses their own
 * password, lands in the organisation, and can sign in again later. A revoked link and an expired link show a
 * plain sentence and no form. Screenshot: /tmp/invitation-accept.png.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Browser, type Page } from "playwright-core";
import { launchChromium, signInAs } from "../helpers/browser";
import { startServer } from "../helpers/server";
import { invitations } from "../../src/domains/accounts/tables";
import { randomToken, sha256 } from "../../src/platform/crypto";

type Server = Awaited<ReturnType<typeof startServer>>;

let server: Server;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh browser (own cookies); `problems` collects page errors and unexpected console errors. */
async function openPage(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on("console", (m) => {
    // GET /v1/me answers 401 before sign-in, and dead links answer 404/410: expected, and logged by Chromium.
    if (m.type() === "error" && !/status of (401|404|410)/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  return { page, problems };
}

async function ownerOnMembers(): Promise<{ page: Page; problems: string[] }> {
  const opened = await openPage();
  await signInAs(opened.page, server.url, server.owner);
  await opened.page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
  await opened.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Members" }).click();
  await opened.page.getByRole("heading", { name: "Members", level: 1 }).waitFor();
  return opened;
}

async function invite(page: Page, email: string, name = ""): Promise<string> {
  await page.getByRole("button", { name: "Invite member" }).click();
  await page.getByLabel("Email", { exact: true }).fill(email);
  if (name) await page.getByLabel("Name (optional)").fill(name);
  await page.getByRole("button", { name: "Send invitation" }).click();
  const link = await page.getByLabel("Invitation link").inputValue();
  await page.getByRole("button", { name: "Done" }).click();
  return link;
}

test("the owner invites, the invitee sets their own password, joins the organisation and signs in again", async () => {
  const owner = await ownerOnMembers();
  const link = await invite(owner.page, "ivy@example.com", "Ivy Invitee");
  expect(link).toStartWith(`${server.url}/app/invite#`);
  // The pending invitation is listed for the owner; the link itself is not shown again.
  const pending = owner.page
    .getByRole("table", { name: "Pending invitations" })
    .getByRole("row")
    .filter({ hasText: "ivy@example.com" });
  await pending.waitFor();
  expect(await owner.page.getByLabel("Invitation link").count()).toBe(0);

  const invitee = await openPage();
  await invitee.page.goto(link);
  await invitee.page.getByRole("heading", { name: "Join Acme" }).waitFor();
  await invitee.page.getByText("ivy@example.com").first().waitFor();
  expect(await invitee.page.getByLabel("Your name (optional)").inputValue()).toBe("Ivy Invitee");
  await invitee.page.getByLabel("New password").fill("ivy-chooses-this-1");
  await invitee.page.getByLabel("Repeat the password").fill("ivy-chooses-this-1");
  await invitee.page.screenshot({ path: "/tmp/invitation-accept.png", fullPage: true });
  await invitee.page.getByRole("button", { name: "Join Acme" }).click();
  await invitee.page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
  await invitee.page.getByText("Acme", { exact: true }).first().waitFor();
  expect(new URL(invitee.page.url()).hash).toBe("");

  // The link worked once: opening it again says so, with no form.
  const again = await openPage();
  await again.page.goto(link);
  await again.page.getByRole("heading", { name: "This invitation cannot be used" }).waitFor();
  expect(await again.page.getByLabel("New password").count()).toBe(0);

  // Sign out, then in again with the password only Ivy knows.
  await invitee.page.getByRole("button", { name: "Sign out" }).click();
  await invitee.page.getByRole("heading", { name: "Sign in" }).waitFor();
  await signInAs(invitee.page, server.url, { email: "ivy@example.com", password: "ivy-chooses-this-1" });
  await invitee.page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();

  // The owner sees Ivy as a member now, and no longer as pending.
  await owner.page.reload();
  await owner.page.getByRole("row").filter({ hasText: "Ivy Invitee" }).waitFor();
  // Both lists have answered (the members row can come first) before the pending table is looked for.
  await owner.page.waitForLoadState("networkidle");
  expect(await owner.page.getByRole("table", { name: "Pending invitations" }).count()).toBe(0);
  expect([...owner.problems, ...invitee.problems, ...again.problems]).toEqual([]);
}, 120_000);

test("a revoked link and an expired link show a plain message", async () => {
  const owner = await ownerOnMembers();
  const link = await invite(owner.page, "rex@example.com");
  const row = owner.page
    .getByRole("table", { name: "Pending invitations" })
    .getByRole("row")
    .filter({ hasText: "rex@example.com" });
  await row.getByRole("button", { name: "Revoke" }).click();
  await row.getByRole("button", { name: "Yes, revoke" }).click();
  await row.waitFor({ state: "detached" });

  const visitor = await openPage();
  await visitor.page.goto(link);
  await visitor.page.getByRole("heading", { name: "This invitation cannot be used" }).waitFor();
  await visitor.page.getByText(/revoked, already used, or replaced/).waitFor();
  expect(await visitor.page.getByLabel("New password").count()).toBe(0);

  // An invitation whose week has passed (written straight into the server's database).
  const token = randomToken(32);
  const now = Date.now();
  server.deps.db
    .insert(invitations)
    .values({
      id: `inv_${"0".repeat(26)}`,
      orgId: server.orgId,
      email: "old@example.com",
      role: "member",
      name: "",
      tokenHash: sha256(token),
      invitedByUserId: null,
      createdAt: now - 8 * 86400_000,
      expiresAt: now - 86400_000,
    })
    .run();
  await visitor.page.goto(`${server.url}/app/invite#${token}`);
  await visitor.page.reload();
  await visitor.page.getByRole("heading", { name: "This invitation cannot be used" }).waitFor();
  await visitor.page.getByText(/has expired/).waitFor();
  expect(await visitor.page.getByLabel("New password").count()).toBe(0);
  expect([...owner.problems, ...visitor.problems]).toEqual([]);
}, 120_000);
