/**
 * A client login in a real browser (issue 17): the owner invites a client for one brand from the Members page,
 * choosing the brand; the client opens the link, chooses a password and lands in an inbox holding only that
 * brand's testimonials, approves and publishes one, and sees only the pages a client may use (no keys, webhooks,
 * members, plan or imports, no mode switch); a staff page's address is "not found". Tags are per brand (issue 29):
 * the client's tag filter, tag picker and Tags page hold its brand's tags only, never another client's
 * ("harbour-dental-complaint") or the agency's shared ones, and a tag it creates is its brand's. Then the server's
 * own organisation (operator mode) shows its plan page as the plans it offers, with nothing to buy.
 * Screenshots: /tmp/client-invite.png, /tmp/client-inbox.png, /tmp/client-widget-builder.png,
 * /tmp/client-inbox-phone.png, /tmp/client-member-row.png, /tmp/operator-plans.png, /tmp/i29-tags-client.png,
 * /tmp/i29-tags-owner.png.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Browser, type Page } from "playwright-core";
import { launchChromium, signInAs } from "../helpers/browser";
import { startServer } from "../helpers/server";
import { setOperator } from "../../src/domains/accounts";
import { systemCtx } from "../../src/platform/context";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

type Server = Awaited<ReturnType<typeof startServer>>;

let server: Server;
let browser: Browser;
let key: string;
const ids = { acme: "", beta: "", betaSub: "", betaSub2: "", acmeSub: "", betaTag: "", acmeTag: "", sharedTag: "" };
const CONSENT = { agreed: true, text: "I agree that my words and recording may be published.", version: "2026-11-01" };

async function api(method: string, path: string, body?: unknown) {
  const r = await fetch(server.url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await r.json()) as any;
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

async function testimonialFor(brandId: string, name: string, text: string): Promise<string> {
  const link = await api("POST", `/v1/brands/${brandId}/links`, {
    title: `Tell ${name}`,
    prompts: [{ text: "How was it?" }],
    consent_text: CONSENT.text,
    consent_version: CONSENT.version,
  });
  const r = await fetch(`${server.url}/public/links/${link.id}/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ kind: "text", respondent: { name }, consent: CONSENT, text, rating: 5 }),
  });
  return ((await r.json()) as any).submission_id;
}

beforeAll(async () => {
  server = await startServer({ plan: "plus" });
  key = await server.createKey("live");
  ids.acme = (await api("GET", "/v1/brands")).data[0].id;
  ids.beta = (await api("POST", "/v1/brands", { name: "Beta Bakery", color: "#b45309" })).id;
  ids.betaSub = await testimonialFor(
    ids.beta,
    "Bea Baker",
    "The sourdough class changed my weekends. Warm, patient teachers.",
  );
  ids.betaSub2 = await testimonialFor(ids.beta, "Ben Bun", "Best croissants in town, and they remember my name.");
  ids.acmeSub = await testimonialFor(ids.acme, "Acme Insider", "Acme's secret roadmap review that no client may read.");
  // Tags of each client's brand, and one the agency shares across brands (its own people only).
  ids.betaTag = (await api("POST", "/v1/tags", { name: "sourdough-fans", brand_id: ids.beta })).id;
  ids.acmeTag = (await api("POST", "/v1/tags", { name: "harbour-dental-complaint", brand_id: ids.acme })).id;
  ids.sharedTag = (await api("POST", "/v1/tags", { name: "agency-shortlist", brand_id: null })).id;
  await api("POST", `/v1/submissions/${ids.betaSub2}/tags`, { tag_id: ids.sharedTag });
  await api("POST", `/v1/submissions/${ids.acmeSub}/tags`, { tag_id: ids.acmeTag });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openPage(viewport = { width: 1280, height: 900 }): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on("console", (m) => {
    // GET /v1/me answers 401 before sign-in; a client's staff address answers "not found" without a request.
    if (m.type() === "error" && !/status of 401/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  return { page, problems };
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test("a client invited for one brand sees, approves and publishes only that brand", async () => {
  const owner = await openPage();
  await signInAs(owner.page, server.url, server.owner);
  await owner.page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
  await nav(owner.page).getByRole("link", { name: "Members" }).click();
  await owner.page.getByRole("heading", { name: "Members", level: 1 }).waitFor();
  await owner.page.getByRole("button", { name: "Invite member" }).click();
  await owner.page.getByLabel("Email", { exact: true }).fill("cleo@beta-bakery.test");
  await owner.page.getByLabel("Name (optional)").fill("Cleo Client");
  await owner.page.getByLabel("Role").selectOption("client");
  // Sending without a brand is caught before the request.
  await owner.page.getByRole("button", { name: "Send invitation" }).click();
  await owner.page.getByText("Choose at least one brand for the client.").waitFor();
  await owner.page.getByRole("group", { name: "Brands this client sees" }).getByLabel("Beta Bakery").check();
  expect(await owner.page.getByRole("group", { name: "Brands this client sees" }).getByLabel("Acme").isChecked()).toBe(
    false,
  );
  await owner.page.screenshot({ path: "/tmp/client-invite.png", fullPage: true });
  await owner.page.getByRole("button", { name: "Send invitation" }).click();
  const link = await owner.page.getByLabel("Invitation link").inputValue();
  await owner.page.getByRole("button", { name: "Done" }).click();
  const pending = owner.page
    .getByRole("table", { name: "Pending invitations" })
    .getByRole("row")
    .filter({ hasText: "cleo@beta-bakery.test" });
  await pending.getByText("Beta Bakery").waitFor();
  expect(owner.problems).toEqual([]);

  const client = await openPage();
  await client.page.goto(link);
  await client.page.getByRole("heading", { name: "Join Acme" }).waitFor();
  await client.page.getByText("see and approve the testimonials of").waitFor();
  await client.page.getByLabel("New password").fill("cleo-chooses-this-1");
  await client.page.getByLabel("Repeat the password").fill("cleo-chooses-this-1");
  await client.page.getByRole("button", { name: "Join Acme" }).click();

  // A client starts in its inbox, on its brand, with only the pages it may use.
  await client.page.getByRole("heading", { name: "Inbox", level: 1 }).waitFor();
  const links = (await nav(client.page).getByRole("link").allTextContents()).map((s) => s.trim());
  // Notifications: their own new-testimonial emails (their brands only).
  expect(links).toEqual(["Inbox", "Brands", "Links", "Exports", "Tags", "Widgets", "Reels", "Stats", "Notifications"]);
  expect(await client.page.getByRole("switch", { name: "Test mode" }).count()).toBe(0);
  const row = (id: string) => client.page.locator(`.inbox-row[data-id="${id}"]`);
  await row(ids.betaSub).waitFor();
  await row(ids.betaSub2).waitFor();
  expect(await row(ids.acmeSub).count()).toBe(0);
  expect(await client.page.getByText("secret roadmap").count()).toBe(0);

  await row(ids.betaSub).click();
  const detail = client.page.locator("article.detail");
  await detail.getByRole("heading", { name: "Bea Baker" }).waitFor();
  // Tags are per brand: the filter offers the brand's own tags only, never another client's or the agency's.
  const tagFilter = client.page.getByLabel("Tag", { exact: true });
  const filterOptions = (await tagFilter.locator("option").allTextContents()).map((o) => o.trim());
  expect(filterOptions).toEqual(["Any", "sourdough-fans"]);
  // A new name creates a tag for the client's brand.
  await detail.getByLabel("Add a tag").fill("client-made tag");
  await detail.getByText("A new tag for Beta Bakery.").waitFor();
  await detail.getByRole("button", { name: "Create", exact: true }).click();
  await detail.getByRole("button", { name: "Remove the tag client-made tag" }).waitFor();
  const made = (await api("GET", "/v1/tags")).data.find((t: any) => t.name === "client-made tag");
  expect(made.brand_id).toBe(ids.beta);
  // The shared tag the agency put on another testimonial is never named to the client.
  await row(ids.betaSub2).click();
  await detail.getByRole("heading", { name: "Ben Bun" }).waitFor();
  await detail.getByText("No tags yet.").waitFor();
  await row(ids.betaSub).click();
  await detail.getByRole("heading", { name: "Bea Baker" }).waitFor();
  await detail.getByRole("button", { name: "Approve & publish" }).click();
  await client.page.getByText("Approved and published Bea Baker’s testimonial").waitFor();
  const after = await api("GET", `/v1/submissions/${ids.betaSub}`);
  expect([after.is_approved, after.is_public]).toEqual([true, true]);
  await client.page.screenshot({ path: "/tmp/client-inbox.png", fullPage: true });

  // Tags: only Beta Bakery's, grouped under its name; creating one asks for a brand among the client's own.
  await nav(client.page).getByRole("link", { name: "Tags" }).click();
  await client.page.getByRole("heading", { name: "Tags", level: 1 }).waitFor();
  await client.page.getByRole("heading", { name: "Beta Bakery", level: 2 }).waitFor();
  const tagNames = (await client.page.locator(".tags-group tbody strong").allTextContents()).map((x) => x.trim());
  expect(tagNames.sort()).toEqual(["client-made tag", "sourdough-fans"]);
  for (const hidden of ["harbour-dental-complaint", "agency-shortlist", "Shared by every brand"])
    expect(await client.page.getByText(hidden, { exact: true }).count()).toBe(0);
  expect(await client.page.getByRole("heading", { level: 2 }).allTextContents()).toEqual(["Beta Bakery"]);
  const forOptions = await client.page.getByLabel("For").locator("option").allTextContents();
  expect(forOptions).toEqual(["Beta Bakery"]);
  await client.page.screenshot({ path: "/tmp/i29-tags-client.png", fullPage: true });
  const clientTags = await fetchAs(client.page, "/v1/tags");
  expect(clientTags.data.map((t: any) => [t.name, t.brand_id]).sort()).toEqual(
    [
      ["client-made tag", ids.beta],
      ["sourdough-fans", ids.beta],
    ].sort(),
  );

  // The owner's Tags page groups every brand's tags and the shared ones, and asks which brand a new tag is for.
  await nav(owner.page).getByRole("link", { name: "Tags" }).click();
  await owner.page.getByRole("heading", { name: "Tags", level: 1 }).waitFor();
  for (const group of ["Acme", "Beta Bakery", "Shared by every brand"])
    await owner.page.getByRole("heading", { name: group, level: 2 }).waitFor();
  const ownerFor = await owner.page.getByLabel("For").locator("option").allTextContents();
  expect(ownerFor.sort()).toEqual(["Acme", "Beta Bakery", "Every brand (shared, your team only)"]);
  await owner.page.screenshot({ path: "/tmp/i29-tags-owner.png", fullPage: true });
  await nav(owner.page).getByRole("link", { name: "Members" }).click();

  // Brands: only Beta Bakery, and nothing to create or edit.
  await nav(client.page).getByRole("link", { name: "Brands" }).click();
  await client.page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
  await client.page.getByRole("heading", { name: "Beta Bakery" }).waitFor();
  expect(await client.page.getByRole("heading", { name: "Acme", exact: true }).count()).toBe(0);
  expect(await client.page.getByRole("button", { name: "New brand" }).count()).toBe(0);
  expect(await client.page.getByRole("button", { name: "Edit" }).count()).toBe(0);

  // Widgets: the client builds one for its brand (the builder does not ask for the plan, which is not a client's).
  await nav(client.page).getByRole("link", { name: "Widgets" }).click();
  await client.page.getByRole("button", { name: "New widget" }).click();
  await client.page
    .getByRole("button", { name: /^(Create|Save)/ })
    .first()
    .waitFor();
  // The preview shows the testimonial the client just published, and none of another brand's.
  const preview = client.page.getByTestId("widget-preview").first();
  await preview.locator("article").first().waitFor();
  expect(await preview.locator("article").count()).toBe(1);
  await client.page.screenshot({ path: "/tmp/client-widget-builder.png", fullPage: true });

  // A staff page's address is not a client's page.
  await client.page.goto(`${server.url}/app/members`);
  await client.page.getByRole("heading", { name: "Page not found" }).waitFor();
  await client.page.goto(`${server.url}/app/api-keys`);
  await client.page.getByRole("heading", { name: "Page not found" }).waitFor();
  expect(client.problems).toEqual([]);

  const phone = await openPage({ width: 390, height: 844 });
  await phone.page.goto(`${server.url}/app/`);
  await phone.page.getByLabel("Email", { exact: true }).fill("cleo@beta-bakery.test");
  await phone.page.getByLabel("Password", { exact: true }).fill("cleo-chooses-this-1");
  await phone.page.getByRole("button", { name: "Sign in" }).click();
  await phone.page.getByRole("heading", { name: "Inbox", level: 1 }).waitFor();
  await phone.page.locator(`.inbox-row[data-id="${ids.betaSub2}"]`).waitFor();
  await phone.page.screenshot({ path: "/tmp/client-inbox-phone.png", fullPage: true });
  expect(phone.problems).toEqual([]);

  // The owner sees the client's brands on the Members page and widens them.
  await owner.page.reload();
  await owner.page.getByRole("heading", { name: "Members", level: 1 }).waitFor();
  const cleo = owner.page.getByRole("row").filter({ hasText: "cleo@beta-bakery.test" });
  await cleo.getByText("Beta Bakery").waitFor();
  await cleo.getByRole("button", { name: "Change brands" }).click();
  await cleo.getByRole("group", { name: "Brands Cleo Client sees" }).getByLabel("Acme").check();
  await owner.page.screenshot({ path: "/tmp/client-member-row.png", fullPage: true });
  await cleo.getByRole("button", { name: "Save brands" }).click();
  await owner.page.getByText("Cleo Client now sees").waitFor();
  const members = (await (await fetchAs(owner.page, "/v1/members")).data) as any[];
  expect(members.find((m) => m.email === "cleo@beta-bakery.test").brand_ids.sort()).toEqual(
    [ids.acme, ids.beta].sort(),
  );
  expect(owner.problems).toEqual([]);
}, 120_000);

/** A GET through the page's own session (cookie and organisation), as the dashboard makes it. */
async function fetchAs(page: Page, path: string): Promise<any> {
  return page.evaluate(async (p) => {
    const r = await fetch(p, { credentials: "include" });
    return r.json();
  }, `${server.url}${path}`);
}

test("the server's own organisation: the plan page explains the plans it offers, with nothing to buy", async () => {
  unitOfWork(server.deps, systemCtx(server.orgId, "live", server.deps.clock), (tx) => setOperator(tx, true));
  const owner = await openPage();
  await signInAs(owner.page, server.url, server.owner);
  await owner.page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
  await nav(owner.page).getByRole("link", { name: "Plan & usage" }).click();
  await owner.page.getByRole("heading", { name: "Plans you offer" }).waitFor();
  await owner.page.getByText("This is this server's own organisation").waitFor();
  await owner.page.getByText("plaudit plan set --org ORG_ID --plan core").waitFor();
  expect(await owner.page.getByRole("button", { name: /Switch to|Choose/ }).count()).toBe(0);
  expect(await owner.page.getByText("Current plan").count()).toBe(0);
  expect(await owner.page.locator(".usage-value").allTextContents()).toEqual(
    expect.arrayContaining([expect.stringContaining("Unlimited")]),
  );
  expect(await owner.page.locator('[role="progressbar"]').count()).toBe(0);
  await owner.page.screenshot({ path: "/tmp/operator-plans.png", fullPage: true });
  expect(owner.problems).toEqual([]);
}, 60_000);
