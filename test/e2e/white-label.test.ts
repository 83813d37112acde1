/**
 * White label in a real browser on the executable (issue 29): the owner names the organisation "Bright Agency", sets
 * its colour and uploads its logo on the Organisation page; invites a client through the Members page, and the
 * email (real SMTP) reads "Join Bright Agency"; the client opens it, joins and works in a dashboard that shows the
 * agency's name and logo and nowhere "Plaudit" (visible text and window title, page by page, then the sign-in page
 * after signing out). Then the brand's wall, with its attribution dropped and one customer origin allowed to frame
 * it: a page on that origin frames it, a page on another origin cannot (Chromium, two origins on loopback ports).
 * Screenshots: /tmp/i29-whitelabel-org-settings.png, /tmp/i29-whitelabel-client-dashboard.png,
 * /tmp/i29-whitelabel-client-phone.png, /tmp/i29-whitelabel-signin.png, /tmp/i29-whitelabel-brand-editor.png,
 * /tmp/i29-whitelabel-framed-wall.png.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import sharp from "sharp";
import type { Browser, Page } from "playwright-core";
import { launchChromium, signInAs } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";
import { mailHeader, mailText, startMailSink, type MailSink } from "../helpers/smtp";
import { startCustomerSite, type CustomerSite } from "../helpers/customer-site";
import { until } from "../helpers/wait";

let server: RunningServer;
let sink: MailSink;
let browser: Browser;
let key = "";
const sites: CustomerSite[] = [];
const ids = { agency: "", bakery: "", bakerySub: "" };
const CONSENT = { agreed: true, text: "I agree that my words may be published.", version: "2026-11-01" };
const CLIENT = { email: "cleo@brightbakery.test", password: "cleo-chooses-this-1" };

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

beforeAll(async () => {
  sink = await startMailSink();
  server = await startServer({ plan: "core", env: { PLAUDIT_SMTP_URL: sink.url } });
  key = await server.createKey("live");
  ids.agency = (await api("GET", "/v1/brands")).data[0].id;
  ids.bakery = (await api("POST", "/v1/brands", { name: "Bright Bakery", color: "#b45309" })).id;
  const link = await api("POST", `/v1/brands/${ids.bakery}/links`, {
    title: "Tell Bright Bakery",
    prompts: [{ text: "How was it?" }],
    consent_text: CONSENT.text,
    consent_version: CONSENT.version,
  });
  const r = await fetch(`${server.url}/public/links/${link.id}/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      kind: "text",
      respondent: { name: "Bea Baker" },
      consent: CONSENT,
      text: "The sourdough class changed my weekends. Warm, patient teachers.",
      rating: 5,
    }),
  });
  ids.bakerySub = ((await r.json()) as any).submission_id;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  for (const s of sites) s.stop();
  await server?.stop();
  await sink?.stop();
});

async function openPage(viewport = { width: 1440, height: 900 }): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of 401/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  return { page, problems };
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** The page's visible words and its window title, which must not name the product. */
async function productMentions(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const found = [...text.matchAll(/.{0,40}plaudit.{0,40}/gi)].map((m) => `text: ${m[0]}`);
  if (/plaudit/i.test(await page.title())) found.push(`title: ${await page.title()}`);
  return found;
}

test("the agency names itself; its client sees the agency's name and logo, and no Plaudit", async () => {
  const owner = await openPage();
  await signInAs(owner.page, server.url, server.owner);
  await owner.page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
  await nav(owner.page).getByRole("link", { name: "Organisation" }).click();
  await owner.page.getByRole("heading", { name: "Organisation", level: 1 }).waitFor();
  await owner.page.getByLabel("Name", { exact: true }).fill("Bright Agency");
  await owner.page.getByLabel("Colour").fill("#0f766e");
  await owner.page.getByRole("button", { name: "Save", exact: true }).click();
  await owner.page.getByText("Organisation saved").waitFor();
  const logo = await sharp({
    create: { width: 256, height: 256, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="256" height="256"><circle cx="128" cy="128" r="80" fill="#fde68a"/><text x="128" y="150" font-size="72" font-family="sans-serif" text-anchor="middle" fill="#0f766e">BA</text></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  await owner.page.getByLabel("Image file").setInputFiles({ name: "agency.png", mimeType: "image/png", buffer: logo });
  await owner.page.getByRole("button", { name: "Upload logo" }).click();
  await owner.page.getByText("Logo uploaded").waitFor();
  // The header follows at once: the agency's logo and name where the product's were.
  const home = owner.page.getByRole("link", { name: "Bright Agency, home" });
  await home.locator("img.logo-img").waitFor();
  expect(await home.locator("img.logo-img").getAttribute("src")).toMatch(/\/cdn\/orgs\/org_\w+\/logo-[\w-]+\.png$/);
  expect(await owner.page.title()).toBe("Organisation · Bright Agency");
  await owner.page.screenshot({ path: "/tmp/i29-whitelabel-org-settings.png", fullPage: true });

  // The owner invites the bakery's client; the email arrives in the agency's name.
  await nav(owner.page).getByRole("link", { name: "Members" }).click();
  await owner.page.getByRole("button", { name: "Invite member" }).click();
  await owner.page.getByLabel("Email", { exact: true }).fill(CLIENT.email);
  await owner.page.getByLabel("Name (optional)").fill("Cleo Client");
  await owner.page.getByLabel("Role").selectOption("client");
  await owner.page.getByRole("group", { name: "Brands this client sees" }).getByLabel("Bright Bakery").check();
  await owner.page.getByRole("button", { name: "Send invitation" }).click();
  await owner.page.getByLabel("Invitation link").waitFor();
  expect(owner.problems).toEqual([]);

  const [mail] = await until("the invitation email", () => {
    const m = sink.received.filter((r) => r.to.includes(CLIENT.email));
    return m.length ? m : null;
  });
  expect(mailHeader(mail!.raw, "Subject")).toBe("Join Bright Agency");
  expect(mailHeader(mail!.raw, "From")).toMatch(/^Bright Agency <[^>]+>$/);
  const text = mailText(mail!.raw);
  const link = new RegExp(`${server.url}/app/invite#[A-Za-z0-9_-]+`).exec(text)![0];
  expect(text.replace(link, "")).not.toMatch(/plaudit/i);

  // The client opens the emailed link: the agency's page, not the product's.
  const client = await openPage();
  await client.page.goto(link);
  await client.page.getByRole("heading", { name: "Join Bright Agency" }).waitFor();
  await client.page.locator(".signin-card img.logo-img").waitFor();
  expect(await productMentions(client.page)).toEqual([]);
  await client.page.getByLabel("New password").fill(CLIENT.password);
  await client.page.getByLabel("Repeat the password").fill(CLIENT.password);
  await client.page.getByRole("button", { name: "Join Bright Agency" }).click();

  // The client's dashboard, page by page: the agency's name and logo, no product name in words or title.
  await client.page.getByRole("heading", { name: "Inbox", level: 1 }).waitFor();
  await client.page.locator(`.inbox-row[data-id="${ids.bakerySub}"]`).waitFor();
  const mark = client.page.getByRole("link", { name: "Bright Agency, home" });
  expect(await mark.locator("img.logo-img").getAttribute("src")).toMatch(/\/cdn\/orgs\//);
  expect(await mark.innerText()).toContain("Bright Agency");
  expect(await client.page.title()).toBe("Inbox · Bright Agency");
  expect(await productMentions(client.page)).toEqual([]);
  await client.page.locator(`.inbox-row[data-id="${ids.bakerySub}"]`).click();
  await client.page.locator("article.detail").getByRole("heading", { name: "Bea Baker" }).waitFor();
  await client.page.screenshot({ path: "/tmp/i29-whitelabel-client-dashboard.png", fullPage: true });
  expect(await productMentions(client.page)).toEqual([]);
  for (const [label, heading] of [
    ["Brands", "Brands"],
    ["Links", "Links"],
    ["Exports", "Exports"],
    ["Widgets", "Widgets"],
    ["Reels", "Reels"],
  ]) {
    await nav(client.page).getByRole("link", { name: label }).click();
    await client.page.getByRole("heading", { name: heading, level: 1 }).waitFor();
    await client.page.waitForLoadState("networkidle");
    expect([label, await productMentions(client.page)]).toEqual([label, []]);
    expect(await client.page.title()).toBe(`${heading} · Bright Agency`);
  }
  // The widget builder as a client: no product attribution switch.
  await nav(client.page).getByRole("link", { name: "Widgets" }).click();
  await client.page.getByRole("button", { name: "New widget" }).click();
  await client.page
    .getByRole("button", { name: /^(Create|Save)/ })
    .first()
    .waitFor();
  expect(await productMentions(client.page)).toEqual([]);

  // Signed out, the sign-in page keeps the agency's look.
  await client.page.getByRole("button", { name: "Sign out" }).click();
  await client.page.getByRole("heading", { name: "Sign in" }).waitFor();
  await client.page.locator(".signin-card img.logo-img").waitFor();
  expect(await client.page.locator(".signin-card .logo").innerText()).toContain("Bright Agency");
  expect(await client.page.title()).toBe("Sign in · Bright Agency");
  expect(await productMentions(client.page)).toEqual([]);
  await client.page.screenshot({ path: "/tmp/i29-whitelabel-signin.png" });
  expect(client.problems).toEqual([]);

  // On a phone: the same, in the narrow header.
  const phone = await openPage({ width: 390, height: 844 });
  await phone.page.goto(`${server.url}/app/`);
  await phone.page.getByLabel("Email", { exact: true }).fill(CLIENT.email);
  await phone.page.getByLabel("Password", { exact: true }).fill(CLIENT.password);
  await phone.page.getByRole("button", { name: "Sign in" }).click();
  await phone.page.getByRole("heading", { name: "Inbox", level: 1 }).waitFor();
  await phone.page.locator(`.inbox-row[data-id="${ids.bakerySub}"]`).waitFor();
  expect(await productMentions(phone.page)).toEqual([]);
  await phone.page.screenshot({ path: "/tmp/i29-whitelabel-client-phone.png", fullPage: true });
  expect(phone.problems).toEqual([]);
}, 180_000);

test("a wall drops its attribution and is framed by the origin its brand lists, and only there", async () => {
  const framing = (src: string) =>
    `<iframe src="${src}" title="Bright Bakery testimonials" style="width:100%;height:700px;border:0"></iframe>`;
  const wall = (await api("GET", `/v1/brands/${ids.bakery}`)).public_wall_url as string;
  const allowed = startCustomerSite(framing(wall));
  const other = startCustomerSite(framing(wall));
  sites.push(allowed, other);
  expect(allowed.origin).not.toBe(other.origin);

  // The owner sets it in the brand editor's Embedding section.
  const owner = await openPage();
  await signInAs(owner.page, server.url, server.owner);
  await owner.page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
  const card = owner.page.locator(".card").filter({ has: owner.page.getByRole("heading", { name: "Bright Bakery" }) });
  await card.getByRole("button", { name: "Edit" }).click();
  await owner.page.getByLabel("Public wall").check();
  await owner.page.getByLabel("Sender name").fill("Bright Bakery");
  await owner.page.getByLabel("Reply-to address").fill("hello@brightbakery.test");
  await owner.page.getByLabel("Sites that may show the wall in a frame").fill(allowed.origin);
  await owner.page.getByLabel("Show “Testimonials published with Plaudit” under the wall").uncheck();
  await owner.page.getByText(`On ${allowed.origin}, paste:`).waitFor();
  await owner.page.screenshot({ path: "/tmp/i29-whitelabel-brand-editor.png", fullPage: true });
  await owner.page.getByRole("button", { name: "Save brand" }).click();
  await owner.page.getByText("Brand saved").waitFor();
  const saved = await api("GET", `/v1/brands/${ids.bakery}`);
  expect(saved).toMatchObject({
    is_public: true,
    frame_origins: [allowed.origin],
    wall_attribution: false,
    mail_from_name: "Bright Bakery",
    mail_reply_to: "hello@brightbakery.test",
  });
  expect(owner.problems).toEqual([]);

  // Approve and publish the testimonial so the wall shows it.
  await api("POST", `/v1/submissions/${ids.bakerySub}/approve`);
  await api("POST", `/v1/submissions/${ids.bakerySub}/visibility`, { is_public: true });
  const page = await until("the wall with the testimonial", async () => {
    const r = await fetch(wall);
    const html = await r.text();
    return r.status === 200 && html.includes("Bea Baker") ? { r, html } : null;
  });
  expect(page.r.headers.get("content-security-policy")).toContain(`frame-ancestors ${allowed.origin};`);
  expect(page.html).not.toContain("published with Plaudit");

  // On the allowed origin, the wall shows inside the frame.
  const visitor = await openPage({ width: 1280, height: 900 });
  await visitor.page.goto(allowed.origin);
  const frame = visitor.page.frameLocator("iframe");
  await frame.getByRole("heading", { name: "Bright Bakery testimonials", level: 1 }).waitFor();
  await frame.getByText("The sourdough class changed my weekends.").waitFor();
  expect(await frame.getByText("published with Plaudit").count()).toBe(0);
  await visitor.page.screenshot({ path: "/tmp/i29-whitelabel-framed-wall.png", fullPage: true });
  expect(visitor.problems).toEqual([]);

  // On any other origin, Chromium refuses to show it (the CSP's frame-ancestors), and says why.
  const stranger = await openPage({ width: 1280, height: 900 });
  await stranger.page.goto(other.origin);
  await until("the refusal", () => stranger.problems.some((p) => /frame-ancestors/.test(p)));
  const blocked = stranger.page.frames().find((f) => f !== stranger.page.mainFrame())!;
  // Chromium puts its own error page in the frame (which a page script cannot read); the wall never shows.
  const shown = await blocked.evaluate(() => document.body?.innerText ?? "").catch(() => "");
  expect(shown).not.toContain("Bea Baker");
  expect(
    await stranger.page.frameLocator("iframe").getByRole("heading", { name: "Bright Bakery testimonials" }).count(),
  ).toBe(0);
}, 120_000);
