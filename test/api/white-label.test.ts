/**
 * White label (issue 29, item 3), through the API on a real SQLite database with the real job queue and a recording
 * mailer: the organisation's name, logo and colour (`GET/PATCH /v1/org`, its logo) and who may change them; the
 * memberships and the invitation carry them; invitations are in the organisation's name ("Join Bright Agency", from
 * "Bright Agency"); a brand's sender name and reply address (checked, stored on each outbox row, handed to the mailer)
 * on thank-you and request emails; the origins that may frame a wall (checked, in the wall's CSP); and the wall's
 * attribution line, dropped only where the organisation may (plan or operator mode), back on a plan without it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import type { MailMessage } from "../../src/platform/mail/mailer";
import { mailOutbox } from "../../src/platform/mail/tables";
import { orgs, setPlan } from "../../src/domains/accounts";
import { addMember } from "../../src/domains/accounts/members";
import { createSession, SESSION_COOKIE } from "../../src/domains/accounts/sessions";
import { systemCtx } from "../../src/platform/context";
import { unitOfWork } from "../../src/platform/db/unit-of-work";
import { accountCtx } from "../../src/domains/accounts/users";

let t: TestApp;
let a: TestOrg;
let brand: any;
const registry = buildRegistry();
const delivered: MailMessage[] = [];
const run = () => runDueJobs(t.deps, registry);
const mailTo = (email: string) => delivered.filter((m) => m.to === email);
const CONSENT = "I agree that my words and recording may be published.";

beforeAll(async () => {
  t = await makeTestApp();
  t.deps.mailer = {
    delivers: true,
    send: async (m) => (delivered.push(m), { messageId: `<${delivered.length}@test>` }),
    close() {},
  };
  a = await t.org({ name: "My organisation", plan: "core" });
  brand = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0];
}, 60_000);
afterAll(() => t?.close());

/** A client login of the first organisation, seeing its first brand. */
function clientSession() {
  const m = unitOfWork(t.deps, systemCtx(a.id, "live", t.clock), (tx) =>
    addMember(tx, {
      email: `client${delivered.length}-${Math.random().toString(36).slice(2)}@client.test`,
      role: "client",
      brandIds: [brand.id],
    }),
  );
  return {
    cookie: `${SESSION_COOKIE}=${unitOfWork(t.deps, accountCtx(t.clock), (tx) => createSession(tx, m.user_id)).token}`,
    orgId: a.id,
  };
}

const patchBrand = (body: unknown, auth: string | TestOrg["owner"] = a.owner) =>
  t.call("PATCH", `/v1/brands/${brand.id}`, { auth, body });

describe("the organisation's name, logo and colour", () => {
  test("an owner renames it and sets its colour; every member reads it; the memberships carry it", async () => {
    const r = await t.call("PATCH", "/v1/org", { auth: a.owner, body: { name: "  Bright Agency ", color: "#0F766E" } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: a.id,
      name: "Bright Agency",
      logo_url: null,
      color: "#0f766e",
      may_remove_attribution: true,
    });
    const client = clientSession();
    for (const auth of [a.owner, await a.member("member"), client, a.key("live", ["brands:read"])]) {
      const read = await t.call("GET", "/v1/org", { auth });
      expect([read.status, read.body.name, read.body.color]).toEqual([200, "Bright Agency", "#0f766e"]);
    }
    const me = await t.call("GET", "/v1/me", { auth: client });
    expect(me.body.memberships[0]).toMatchObject({
      org_name: "Bright Agency",
      org_color: "#0f766e",
      org_logo_url: null,
    });
    const audit = await t.call("GET", "/v1/audit-log?action=org.updated", { auth: a.owner });
    expect(audit.body.data[0].details).toMatchObject({ name: { from: "My organisation", to: "Bright Agency" } });
  });

  test("only owners and admins change it, signed in (API keys cannot)", async () => {
    const admin = await a.member("admin");
    expect((await t.call("PATCH", "/v1/org", { auth: admin, body: { color: "#1d4ed8" } })).status).toBe(200);
    for (const [auth, status] of [
      [await a.member("member"), 403],
      [clientSession(), 403],
      [a.liveKey, 403],
    ] as const) {
      const r = await t.call("PATCH", "/v1/org", { auth, body: { name: "Hijacked" } });
      expect(r.status).toBe(status);
      const logo = await t.call("DELETE", "/v1/org/logo", { auth });
      expect(logo.status).toBe(status);
    }
    expect((await t.call("GET", "/v1/org", { auth: a.owner })).body.name).toBe("Bright Agency");
    expect((await t.call("GET", "/v1/org", { auth: a.key("live", ["submissions:read"]) })).status).toBe(403);
    expect((await t.call("GET", "/v1/org")).status).toBe(401);
  });

  test("bad names and colours are a 400 naming the field, and change nothing", async () => {
    for (const [body, field] of [
      [{ name: "" }, "name"],
      [{ name: "x".repeat(121) }, "name"],
      [{ name: "Evil\u202eCorp" }, "name"],
      [{ color: "teal" }, "color"],
      [{ color: "#12345" }, "color"],
      [{ plan: "plus" }, undefined],
    ] as const) {
      const r = await t.call("PATCH", "/v1/org", { auth: a.owner, body });
      expect([JSON.stringify(body), r.status]).toEqual([JSON.stringify(body), 400]);
      if (field) expect(r.body.error.details.field).toBe(field);
    }
    expect((await t.call("GET", "/v1/org", { auth: a.owner })).body.name).toBe("Bright Agency");
    // null goes back to the default colour.
    expect((await t.call("PATCH", "/v1/org", { auth: a.owner, body: { color: null } })).body.color).toBeNull();
    await t.call("PATCH", "/v1/org", { auth: a.owner, body: { color: "#0f766e" } });
  });

  test("a logo is decoded, fitted, published on the CDN, shown in the memberships, and can be removed", async () => {
    const png = await sharp({ create: { width: 900, height: 300, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new File([png], "agency.png", { type: "image/png" }));
    const r = await t.call("POST", "/v1/org/logo", { auth: a.owner, body: form });
    expect(r.status).toBe(200);
    expect(r.body.logo_url).toMatch(new RegExp(`^http://plaudit\\.test/cdn/orgs/${a.id}/logo-[\\w-]+\\.png$`));
    const file = await t.app.handle(new Request(r.body.logo_url));
    expect(file.status).toBe(200);
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(512);
    const me = await t.call("GET", "/v1/me", { auth: a.owner });
    expect(me.body.memberships[0].org_logo_url).toBe(r.body.logo_url);

    const text = new FormData();
    text.append("file", new File(["<svg onload=alert(1)"], "x.png", { type: "image/png" }));
    expect((await t.call("POST", "/v1/org/logo", { auth: a.owner, body: text })).status).toBe(415);
    expect((await t.call("GET", "/v1/org", { auth: a.owner })).body.logo_url).toBe(r.body.logo_url);

    const gone = await t.call("DELETE", "/v1/org/logo", { auth: a.owner });
    expect([gone.status, gone.body.logo_url]).toEqual([200, null]);
    expect((await t.app.handle(new Request(r.body.logo_url))).status).toBe(404);
    // Put one back for the invitation below.
    expect((await t.call("POST", "/v1/org/logo", { auth: a.owner, body: form })).status).toBe(200);
  });
});

describe("invitations in the organisation's name", () => {
  test('the email reads "Join Bright Agency", comes from "Bright Agency", names no product; the link page shows the look', async () => {
    const made = await t.call("POST", "/v1/members", {
      auth: a.owner,
      body: { email: "cleo@client.test", role: "client", brand_ids: [brand.id] },
    });
    expect(made.status).toBe(201);
    await run();
    const [mail] = mailTo("cleo@client.test");
    expect(mail!.subject).toBe("Join Bright Agency");
    expect(mail!.fromName).toBe("Bright Agency");
    expect(mail!.text).toContain("to join Bright Agency as a client");
    expect(mail!.text).toContain(made.body.url);
    // The server's own address (here plaudit.test) is in the link; nothing else names the product.
    expect(`${mail!.subject}\n${mail!.text.replace(made.body.url, "")}`).not.toMatch(/plaudit/i);
    const token = /#([A-Za-z0-9_-]+)$/.exec(made.body.url)![1]!;
    const lookup = await t.call("POST", "/v1/invitations/lookup", { body: { token } });
    expect(lookup.body).toMatchObject({ org_name: "Bright Agency", org_color: "#0f766e" });
    expect(lookup.body.org_logo_url).toMatch(/\/cdn\/orgs\//);
  });
});

describe("a brand's sender name and reply address", () => {
  test("they are checked: one line of plain words, one plain address", async () => {
    const refused: [Record<string, unknown>, string][] = [
      [{ mail_from_name: 'Bright "Bakery"' }, "mail_from_name"],
      [{ mail_from_name: "Bright <evil@x.test>" }, "mail_from_name"],
      [{ mail_from_name: "support@bank.test" }, "mail_from_name"],
      [{ mail_from_name: "Bright\r\nBcc: victim@x.test" }, "mail_from_name"],
      [{ mail_from_name: "x".repeat(81) }, "mail_from_name"],
      [{ mail_reply_to: "hello@bakery.test, boss@x.test" }, "mail_reply_to"],
      [{ mail_reply_to: "Bakery <hello@bakery.test>" }, "mail_reply_to"],
      [{ mail_reply_to: "hello@bakery.test\r\nBcc: victim@x.test" }, "mail_reply_to"],
      [{ mail_reply_to: "not-an-address" }, "mail_reply_to"],
    ];
    for (const [body, field] of refused) {
      const r = await patchBrand(body);
      expect([JSON.stringify(body), r.status, r.body.error.details.field]).toEqual([JSON.stringify(body), 400, field]);
    }
    const b = (await t.call("GET", `/v1/brands/${brand.id}`, { auth: a.owner })).body;
    expect([b.mail_from_name, b.mail_reply_to]).toEqual([null, null]);
    // A client may not change them (brand:write).
    expect((await patchBrand({ mail_from_name: "Client" }, clientSession())).status).toBe(403);
  });

  test("the thank-you email leaves as the brand, replies to the brand; the outbox row keeps both", async () => {
    const r = await patchBrand({
      name: "Bright Bakery",
      mail_from_name: " Bright  Bakery ",
      mail_reply_to: "hello@brightbakery.test",
    });
    expect(r.status).toBe(200);
    expect([r.body.mail_from_name, r.body.mail_reply_to]).toEqual(["Bright Bakery", "hello@brightbakery.test"]);
    const link = await makeLink(t, a.liveKey);
    await writeTestimonial(t, link.id, "The croissants are the best in town.", {
      name: "Tess Taster",
      email: "tess@example.com",
    });
    await run();
    const [mail] = mailTo("tess@example.com");
    expect(mail).toMatchObject({ fromName: "Bright Bakery", replyTo: "hello@brightbakery.test" });
    const row = t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, "tess@example.com")).get()!;
    expect([row.fromName, row.replyTo]).toEqual(["Bright Bakery", "hello@brightbakery.test"]);
    const outbox = (await t.call("GET", "/v1/outbox?limit=100", { auth: a.owner })).body.data as any[];
    expect(outbox.find((m) => m.to === "tess@example.com")).toMatchObject({
      from_name: "Bright Bakery",
      reply_to: "hello@brightbakery.test",
    });
  });

  test("a request email leaves as the brand too; cleared settings fall back to the brand's name and no Reply-To", async () => {
    const link = await makeLink(t, a.liveKey);
    const sent = await t.call("POST", "/v1/campaigns", {
      auth: a.liveKey,
      body: {
        link_id: link.id,
        subject: "Would you tell others about us?",
        message: "Hi {name},\n\nCould you spare two minutes?\n{link}\n\nThank you!",
        recipients: [{ name: "Ann", email: "ann@example.com" }],
      },
    });
    expect(sent.status).toBe(201);
    await run();
    expect(mailTo("ann@example.com")[0]).toMatchObject({
      fromName: "Bright Bakery",
      replyTo: "hello@brightbakery.test",
    });

    const cleared = await patchBrand({ name: 'Crumb & "Co"', mail_from_name: "", mail_reply_to: null });
    expect([cleared.body.mail_from_name, cleared.body.mail_reply_to]).toEqual([null, null]);
    await writeTestimonial(t, link.id, "Lovely bread and kind people.", { name: "Uma", email: "uma@example.com" });
    await run();
    // The brand's own name, made safe for a header (its quotes dropped), and no Reply-To.
    expect(mailTo("uma@example.com")[0]).toMatchObject({ fromName: "Crumb & Co", replyTo: null });
    await patchBrand({ name: "Bright Bakery" });
  });
});

describe("origins that may frame a wall", () => {
  const wall = async () => {
    const b = (await t.call("GET", `/v1/brands/${brand.id}`, { auth: a.owner })).body;
    return t.app.handle(new Request(b.public_wall_url));
  };
  const ancestors = (r: Response) => /frame-ancestors ([^;]+)/.exec(r.headers.get("content-security-policy")!)![1];

  test("by default nobody may frame a wall", async () => {
    expect((await patchBrand({ is_public: true })).status).toBe(200);
    const r = await wall();
    expect(r.status).toBe(200);
    expect(ancestors(r)).toBe("'none'");
  });

  test("listed origins are checked, normalised, and sent in frame-ancestors; clearing goes back to 'none'", async () => {
    const r = await patchBrand({
      frame_origins: [
        "https://Client.example",
        "https://client.example/",
        "https://shop.client.example:8443",
        "http://127.0.0.1:4321",
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.frame_origins).toEqual([
      "https://client.example",
      "https://shop.client.example:8443",
      "http://127.0.0.1:4321",
    ]);
    const page = await wall();
    expect(ancestors(page)).toBe("https://client.example https://shop.client.example:8443 http://127.0.0.1:4321");
    // The rest of the policy is unchanged.
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");

    for (const bad of [
      "http://client.example",
      "https://client.example/wall",
      "https://*.client.example",
      "https://user:pw@client.example",
      "https://client.example?x=1",
      "javascript:alert(1)",
      "'self'",
      "https://client.example; script-src *",
    ]) {
      const refused = await patchBrand({ frame_origins: [bad] });
      expect([bad, refused.status, refused.body.error.details.field]).toEqual([bad, 400, "frame_origins[0]"]);
    }
    const many = await patchBrand({ frame_origins: Array.from({ length: 11 }, (_, i) => `https://c${i}.example`) });
    expect(many.status).toBe(400);

    expect((await patchBrand({ frame_origins: [] })).body.frame_origins).toEqual([]);
    expect(ancestors(await wall())).toBe("'none'");
  });
});

describe("the wall's attribution line", () => {
  const footer = "Testimonials published with Plaudit";
  const wallHtml = async (org: TestOrg, brandId: string) => {
    const b = (await t.call("GET", `/v1/brands/${brandId}`, { auth: org.owner })).body;
    return (await t.app.handle(new Request(b.public_wall_url))).text();
  };

  test("a free organisation cannot drop it (402); on a plan with remove_attribution the wall drops it", async () => {
    const free = await t.org({ name: "Free Co", plan: "free" });
    const freeBrand = (await t.call("GET", "/v1/brands", { auth: free.owner })).body.data[0].id;
    await t.call("PATCH", `/v1/brands/${freeBrand}`, { auth: free.owner, body: { is_public: true } });
    const r = await t.call("PATCH", `/v1/brands/${freeBrand}`, { auth: free.owner, body: { wall_attribution: false } });
    expect([r.status, r.body.error.code, r.body.error.limit.name]).toEqual([
      402,
      "plan_limit_exceeded",
      "remove_attribution",
    ]);
    expect(await wallHtml(free, freeBrand)).toContain(footer);
    expect((await t.call("GET", "/v1/org", { auth: free.owner })).body.may_remove_attribution).toBe(false);

    expect(await wallHtml(a, brand.id)).toContain(footer);
    const off = await patchBrand({ wall_attribution: false });
    expect([off.status, off.body.wall_attribution]).toEqual([200, false]);
    expect(await wallHtml(a, brand.id)).not.toContain("published with Plaudit");
  });

  test("a move to a plan without it brings the line back; operator mode may drop it whatever the plan", async () => {
    unitOfWork(t.deps, systemCtx(a.id, "live", t.clock), (tx) => setPlan(tx, "free"));
    expect(await wallHtml(a, brand.id)).toContain(footer);
    // The brand's choice is kept: it applies again where allowed.
    expect((await t.call("GET", `/v1/brands/${brand.id}`, { auth: a.owner })).body.wall_attribution).toBe(false);
    t.deps.db.update(orgs).set({ operator: true }).where(eq(orgs.id, a.id)).run();
    // A row changed by hand announces nothing: the kept page is rendered again within 2 seconds.
    t.clock.advance(3000);
    expect(await wallHtml(a, brand.id)).not.toContain("published with Plaudit");
    expect((await t.call("GET", "/v1/org", { auth: a.owner })).body.may_remove_attribution).toBe(true);
    t.deps.db.update(orgs).set({ operator: false, plan: "core" }).where(eq(orgs.id, a.id)).run();
  });
});
