/**
 * Mail that cannot be turned against the operator or another tenant (issue 30), through the API on a real SQLite
 * database with the real job queue and a recording mailer: an invitation's link is only in the email (the outbox
 * copy, which admins read, holds a placeholder), and an invitation revoked before its email left is not sent; the
 * outbox shows one mode at a time; the public form's thank-you email goes at most once a day per address and brand,
 * quotes nothing the sender wrote, honours the unsubscribe list and never leaves from a test-mode link; a campaign
 * answer needs the personal link; and a removal takes the testimonial out of every widget document at once.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { fakeProcessedVideo, makeLink, writeTestimonial } from "../helpers/testimonials";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import type { MailMessage } from "../../src/platform/mail/mailer";
import { MAIL_LINK_MARK } from "../../src/platform/mail/queue-mail";
import { LINK_GONE_NOTE } from "../../src/platform/mail/jobs";
import { campaignSuppressions } from "../../src/domains/campaigns";
import { emailHashOf } from "../../src/domains/campaigns/tokens";

let t: TestApp;
let a: TestOrg;
let link: { id: string; brandId: string };
const registry = buildRegistry();
const delivered: MailMessage[] = [];
const run = () => runDueJobs(t.deps, registry);
const DAY = 24 * 3600_000;
const to = (email: string) => delivered.filter((m) => m.to === email);
const outbox = async (mode?: "live" | "test") =>
  (await t.call("GET", "/v1/outbox?limit=100", { auth: a.owner, mode })).body.data as any[];

beforeAll(async () => {
  t = await makeTestApp({ PLAUDIT_SITE_URL: "http://site.plaudit.test" });
  t.deps.mailer = {
    delivers: true,
    send: async (m) => (delivered.push(m), { messageId: `<${delivered.length}@test>` }),
    close() {},
  };
  a = await t.org({ name: "Safe Mail Co" });
  link = await makeLink(t, a.liveKey);
}, 60_000);
afterAll(() => t?.close());

describe("an invitation's link is only in the email", () => {
  test("the outbox copy an admin reads holds a placeholder; the email holds the working link", async () => {
    const admin = await a.member("admin");
    const made = await t.call("POST", "/v1/members", {
      auth: a.owner,
      body: { email: "new.owner@example.com", role: "owner" },
    });
    expect(made.status).toBe(201);
    const token = /#([A-Za-z0-9_-]+)$/.exec(made.body.url)![1]!;
    await run();
    const mail = to("new.owner@example.com");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(made.body.url);
    expect(mail[0]!.text).not.toContain(MAIL_LINK_MARK);
    // What the admin sees: no token anywhere in the outbox, in either mode.
    const seen = JSON.stringify([
      (await t.call("GET", "/v1/outbox?limit=100", { auth: admin })).body,
      (await t.call("GET", "/v1/outbox?limit=100", { auth: admin, mode: "test" })).body,
    ]);
    expect(seen).not.toContain(token);
    const copy = (await outbox()).find((m) => m.to === "new.owner@example.com");
    expect(copy).toMatchObject({ status: "sent" });
    expect(copy.text).toContain(MAIL_LINK_MARK);
    // The token works (for the invitee): it is a real secret, kept out of the outbox.
    const lookup = await t.call("POST", "/v1/invitations/lookup", { body: { token } });
    expect(lookup.status).toBe(200);
    expect(lookup.body.role).toBe("owner");
    // Nothing in the database holds it either.
    const dump = t.deps.db.$client.query("SELECT text FROM mail_outbox UNION ALL SELECT payload FROM jobs").all();
    expect(JSON.stringify(dump)).not.toContain(token);
  }, 30_000);

  test("an invitation revoked before its email left is not sent", async () => {
    const made = await t.call("POST", "/v1/members", {
      auth: a.owner,
      body: { email: "changed.mind@example.com", role: "member" },
    });
    expect(made.status).toBe(201);
    expect((await t.call("DELETE", `/v1/invitations/${made.body.id}`, { auth: a.owner })).status).toBe(200);
    await run();
    expect(to("changed.mind@example.com")).toEqual([]);
    const copy = (await outbox()).find((m) => m.to === "changed.mind@example.com");
    expect(copy).toMatchObject({ status: "failed", error: LINK_GONE_NOTE });
  }, 30_000);
});

describe("the public form's thank-you email", () => {
  test("four posts with a stranger's address send one email, with no word the sender wrote", async () => {
    for (let i = 0; i < 4; i++)
      await writeTestimonial(t, link.id, `Claim your prize at http://spam.example number ${i}`, {
        name: "Winner! Visit http://spam.example",
        email: "victim@example.com",
      });
    await run();
    const mail = to("victim@example.com");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).not.toContain("spam.example");
    expect(mail[0]!.text).not.toContain("prize");
    expect(mail[0]!.text).toStartWith("Hi,\n");
    expect(mail[0]!.text).toContain(`${t.deps.config.siteUrl}/remove/`);
    // The four testimonials are all kept.
    const list = (await t.call("GET", "/v1/submissions?limit=100", { auth: a.liveKey })).body.data as any[];
    expect(list.filter((s) => s.text_input?.includes("spam.example"))).toHaveLength(4);
    // A day later the address may be thanked again.
    t.clock.advance(DAY + 1000);
    await writeTestimonial(t, link.id, "Back again a day later with more to say.", {
      name: "Vi",
      email: "victim@example.com",
    });
    await run();
    expect(to("victim@example.com")).toHaveLength(2);
    expect(to("victim@example.com")[1]!.text).toStartWith("Hi Vi,\n");
  }, 30_000);

  test("each brand thanks on its own; an address on the unsubscribe list gets nothing", async () => {
    const brand = await t.call("POST", "/v1/brands", { auth: a.liveKey, body: { name: "Second Brand" } });
    const other = await t.call("POST", `/v1/brands/${brand.body.id}/links`, {
      auth: a.liveKey,
      body: {
        title: "Other",
        prompts: [{ text: "How was it?" }],
        consent_text: "I agree that my words and recording may be published.",
        consent_version: "2026-11-01",
      },
    });
    await writeTestimonial(t, link.id, "Words for the first brand here.", { name: "Bo", email: "bo@example.com" });
    await writeTestimonial(t, other.body.id, "Words for the second brand here.", {
      name: "Bo",
      email: "bo@example.com",
    });
    t.deps.db
      .insert(campaignSuppressions)
      .values({ orgId: a.id, mode: "live", emailHash: emailHashOf(t.deps.signer, "quiet@example.com"), createdAt: 1 })
      .run();
    await writeTestimonial(t, link.id, "Please send me no mail at all.", { name: "Quinn", email: "QUIET@example.com" });
    await run();
    expect(to("bo@example.com")).toHaveLength(2);
    expect(to("quiet@example.com")).toEqual([]);
  }, 30_000);

  test("a test-mode link never emails anyone: the copy stays in the test outbox", async () => {
    const testLink = await makeLink(t, a.testKey);
    await writeTestimonial(t, testLink.id, "Trying the sandbox form.", { name: "Tess", email: "tess@example.com" });
    await run();
    expect(to("tess@example.com")).toEqual([]);
    expect((await outbox()).some((m) => m.to === "tess@example.com")).toBe(false);
    const copy = (await outbox("test")).find((m) => m.to === "tess@example.com");
    expect(copy).toMatchObject({ status: "outbox" });
    expect(copy.error).toContain("Test mode");
  }, 30_000);
});

describe("campaign answers and removals", () => {
  test("a typed address does not answer for a recipient; only the personal link does", async () => {
    const c = await t.call("POST", "/v1/campaigns", {
      auth: a.liveKey,
      body: {
        link_id: link.id,
        subject: "A favour?",
        message: "Hi {name}: {link}",
        reminder_after_days: 2,
        recipients: [{ name: "Rita", email: "rita@example.com" }],
      },
    });
    expect(c.status).toBe(201);
    await run();
    const sub = await writeTestimonial(t, link.id, "Someone typing Rita's address.", {
      name: "Not Rita",
      email: "rita@example.com",
    });
    const list = (await t.call("GET", `/v1/campaigns/${c.body.id}/recipients`, { auth: a.liveKey })).body.data;
    expect(list[0]).toMatchObject({ status: "sent", submission_id: null });
    // Deleting the stranger's testimonial leaves Rita on the list, her reminder still due.
    expect((await t.call("DELETE", `/v1/submissions/${sub}`, { auth: a.liveKey })).status).toBeLessThan(300);
    await run();
    const after = (await t.call("GET", `/v1/campaigns/${c.body.id}/recipients`, { auth: a.liveKey })).body.data;
    expect(after[0]).toMatchObject({ email: "rita@example.com", status: "sent" });
  }, 30_000);

  test("a confirmed removal takes the testimonial out of the widget document in the same request", async () => {
    const keep = await fakeProcessedVideo(t, a, link.id, ["Keep", "this", "one", "please"], { received: "live" });
    const gone = await fakeProcessedVideo(t, a, link.id, ["Remove", "this", "one", "now"], {
      respondent: { name: "Remy", email: "remy@example.com" },
      received: "live",
    });
    for (const id of [keep, gone])
      expect(
        (await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey, body: { publish: true } })).status,
      ).toBe(200);
    const widget = await t.call("POST", "/v1/widgets", {
      auth: a.liveKey,
      body: { brand_id: link.brandId, layout: "wall" },
    });
    expect(widget.status).toBe(201);
    t.clock.advance(1500); // the document's rebuild waits a second for more changes
    await run();
    const doc = async () => {
      const r = await t.call("GET", `/cdn/widgets/${widget.body.id}.json`);
      return (r.body.items as any[]).map((i) => i.id);
    };
    expect((await doc()).sort()).toEqual([keep, gone].sort());
    const token = new RegExp(`/remove/([A-Za-z0-9_-]+)`).exec(to("remy@example.com")[0]!.text)![1]!;
    const confirmed = await t.call("POST", "/public/removals", { body: { token } });
    expect(confirmed.status).toBe(200);
    // No job has run since the removal: the document already leaves it out, and so does its HTML fragment.
    expect(await doc()).toEqual([keep]);
    const html = (await t.app.handle(new Request(`${t.deps.config.cdnUrl}/widgets/${widget.body.id}.html`))).text();
    expect(await html).toContain("Keep this one please");
    expect(await html).not.toContain("Remove this one now");
    t.clock.advance(1500);
    await run();
    expect(await doc()).toEqual([keep]);
  }, 30_000);
});
