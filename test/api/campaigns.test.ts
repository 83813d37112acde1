/**
 * Request campaigns through the API on a real SQLite database with the real job queue and a recording mailer:
 * bad input is a 4xx naming the row, another organisation (or the other mode) sees a 404, each person gets one
 * personal request with `List-Unsubscribe`, the outbox copy never holds their token, answering through the personal
 * link stops the one reminder (a typed address answers for no one), unsubscribing holds for later campaigns, a
 * person asked in the last 30 days is not asked again, the plan limits request emails a month, a campaign can be
 * stopped by its team or the server's operator, test mode delivers nothing, erasing a testimonial erases the person
 * from the lists, and organisations take turns at the server's sending pace.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink } from "../helpers/testimonials";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import type { MailMessage } from "../../src/platform/mail/mailer";
import { campaignRecipients, campaignsModule, scheduleReminders } from "../../src/domains/campaigns";
import { purgeSubmission } from "../../src/domains/submissions/purge";
import { markReceived } from "../../src/domains/submissions";
import { tx } from "../../src/platform/db/client";
import { systemCtx } from "../../src/platform/context";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let link: { id: string; brandId: string };
const registry = buildRegistry();
const delivered: MailMessage[] = [];
const consent = { agreed: true, text: "I agree that my words and recording may be published.", version: "2026-11-01" };
const DAY = 24 * 3600_000;

const run = () => runDueJobs(t.deps, registry);
const words = {
  subject: "Would you tell others about us?",
  message: "Hi {name},\n\nCould you spare two minutes for a short testimonial?\n{link}\n\nThank you!",
};
const create = (auth: string | TestOrg["owner"], body: Record<string, unknown>, mode?: "live" | "test") =>
  t.call("POST", "/v1/campaigns", { auth, body: { link_id: link.id, ...words, ...body }, mode });
const personalLink = (m: MailMessage) => new RegExp(`/c/${link.id}\\?r=([A-Za-z0-9_-]{32})`).exec(m.text)?.[1];
const mailTo = (email: string) => delivered.filter((m) => m.to === email);
const recipients = async (id: string) =>
  (await t.call("GET", `/v1/campaigns/${id}/recipients?limit=100`, { auth: a.liveKey })).body.data as any[];

beforeAll(async () => {
  // Emails leave at once here; the pace of bulk mail has its own block at the end.
  t = await makeTestApp({ PLAUDIT_MAIL_BULK_PER_MINUTE: "0" });
  t.deps.mailer = {
    delivers: true,
    send: async (m) => (delivered.push(m), { messageId: `<${delivered.length}@test>` }),
    close() {},
  };
  a = await t.org({ name: "Acme Agency" });
  b = await t.org({ name: "Other Agency" });
  link = await makeLink(t, a.liveKey);
}, 60_000);

afterAll(() => t?.close());

describe("bad input is a clear 4xx", () => {
  const people = [{ name: "Ann", email: "ann@example.com" }];
  test("the message and subject", async () => {
    const noLink = await create(a.liveKey, { recipients: people, message: "Hi {name}, please answer." });
    expect(noLink.status).toBe(400);
    expect(noLink.body.error).toMatchObject({ code: "validation_failed", details: { field: "message" } });
    expect(noLink.body.error.message).toContain("{link}");
    const unknown = await create(a.liveKey, { recipients: people, message: "Hi {first_name}: {link}" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain("{first_name}");
    const twoLines = await create(a.liveKey, { recipients: people, subject: "One\nTwo" });
    expect(twoLines.status).toBe(400);
    expect(twoLines.body.error.details.field).toBe("subject");
    const tooLong = await create(a.liveKey, { recipients: people, message: `${"x".repeat(5000)} {link}` });
    expect(tooLong.status).toBe(400);
  }, 30_000);

  test("an invalid address names its row; nothing is stored", async () => {
    const r = await create(a.liveKey, {
      recipients: [
        { name: "Ann", email: "ann@example.com" },
        { name: "Bob", email: "bob@example.com" },
        { name: "Cy", email: "cy at example.com" },
        { name: "Di", email: "Di <di@example.com>" },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toStartWith("Row 3:");
    expect(r.body.error.message).toContain("2 rows have problems");
    expect(r.body.error.details).toMatchObject({ field: "recipients[2].email", row: 3 });
    expect(r.body.error.details.rows.map((x: any) => x.row)).toEqual([3, 4]);
    expect((await t.call("GET", "/v1/campaigns", { auth: a.liveKey })).body.data).toEqual([]);
  }, 30_000);

  test("limits, unknown fields, a closed or unknown link", async () => {
    const many = Array.from({ length: 1001 }, (_, i) => ({ email: `p${i}@example.com` }));
    expect((await create(a.liveKey, { recipients: many })).status).toBe(400);
    expect((await create(a.liveKey, { recipients: [] })).status).toBe(400);
    expect((await create(a.liveKey, { recipients: people, reminder_after_days: 31 })).status).toBe(400);
    expect((await create(a.liveKey, { recipients: people, reminder_after_days: -1 })).status).toBe(400);
    expect((await create(a.liveKey, { recipients: people, bcc: "x@example.com" })).status).toBe(400);
    const unknownLink = await create(a.liveKey, { recipients: people, link_id: "lnk_nope" });
    expect(unknownLink.status).toBe(404);
    const closed = await makeLink(t, a.liveKey);
    await t.call("PATCH", `/v1/links/${closed.id}`, { auth: a.liveKey, body: { is_active: false } });
    const r = await create(a.liveKey, { recipients: people, link_id: closed.id });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe("link_closed");
  }, 30_000);

  test("a key without brands:write cannot send; live mode without SMTP is refused", async () => {
    const readOnly = a.key("live", ["submissions:read"]);
    const r = await create(readOnly, { recipients: people });
    expect(r.status).toBe(403);
    const real = t.deps.mailer;
    t.deps.mailer = { delivers: false, send: async () => Promise.reject(new Error("no SMTP")), close() {} };
    try {
      const none = await create(a.liveKey, { recipients: people });
      expect(none.status).toBe(422);
      expect(none.body.error.code).toBe("mail_not_configured");
    } finally {
      t.deps.mailer = real;
    }
  }, 30_000);
});

describe("a campaign end to end", () => {
  let campaignId = "";
  test("each person gets one personal request; the outbox copy keeps no token", async () => {
    const r = await t.call("POST", "/v1/campaigns", {
      auth: a.liveKey,
      headers: { "idempotency-key": "first-campaign" },
      body: {
        link_id: link.id,
        ...words,
        reminder_after_days: 3,
        recipients: [
          { name: "Ann Answer", email: "Ann@Example.com" },
          { name: "Bo Busy", email: "bo@example.com" },
          { name: "Cy Cancel", email: "cy@example.com" },
          { name: "", email: "dee@example.com" },
          { name: "Ann again", email: "ann@example.com" },
        ],
      },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ link_id: link.id, reminder_after_days: 3, duplicates_skipped: 1, suppressed: 0 });
    expect(r.body.counts).toMatchObject({ total: 4, queued: 4, emailed: 0 });
    campaignId = r.body.id;
    const again = await t.call("POST", "/v1/campaigns", {
      auth: a.liveKey,
      headers: { "idempotency-key": "first-campaign" },
      body: {
        link_id: link.id,
        ...words,
        reminder_after_days: 3,
        recipients: [
          { name: "Ann Answer", email: "Ann@Example.com" },
          { name: "Bo Busy", email: "bo@example.com" },
          { name: "Cy Cancel", email: "cy@example.com" },
          { name: "", email: "dee@example.com" },
          { name: "Ann again", email: "ann@example.com" },
        ],
      },
    });
    expect(again.body.id).toBe(campaignId);

    await run();
    expect(delivered.map((m) => m.to).sort()).toEqual([
      "ann@example.com",
      "bo@example.com",
      "cy@example.com",
      "dee@example.com",
    ]);
    const ann = mailTo("ann@example.com")[0]!;
    expect(ann.subject).toBe(words.subject);
    expect(ann.text).toStartWith("Hi Ann,");
    expect(mailTo("dee@example.com")[0]!.text).toStartWith("Hi there,");
    const token = personalLink(ann)!;
    expect(token).toBeTruthy();
    expect(ann.text).toContain(`${t.deps.config.siteUrl}/u/${token}`);
    // The HTML alternative: the personal link as the button, the unsubscribe address in the footer.
    expect(ann.html).toContain(`href="${t.deps.config.siteUrl}/c/${link.id}?r=${token}"`);
    expect(ann.html).toContain(`>Share your experience</a>`);
    expect(ann.html).toContain(`href="${t.deps.config.siteUrl}/u/${token}"`);
    expect(ann.html).toContain(">Hi Ann,</p>");
    expect(ann.headers).toEqual({
      "List-Unsubscribe": `<${t.deps.config.siteUrl}/u/${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const outbox = (await t.call("GET", "/v1/outbox?limit=100", { auth: a.owner })).body.data as any[];
    const copies = outbox.filter((m) => m.subject === words.subject);
    expect(copies).toHaveLength(4);
    for (const c of copies) {
      expect(c.status).toBe("sent");
      expect(c.text).toContain("[personal link: only in the email delivered to this person]");
      expect(c.text).not.toMatch(/\?r=|\/u\//);
      const html = (t.deps.db.$client.query("SELECT html FROM mail_outbox WHERE id = ?").get(c.id) as any).html;
      expect(html).toContain('href="[personal link: only in the email delivered to this person]"');
      expect(html).not.toMatch(/\?r=|\/u\//);
    }
    const list = await recipients(campaignId);
    expect(list.map((x) => [x.position, x.email, x.status])).toEqual([
      [1, "ann@example.com", "sent"],
      [2, "bo@example.com", "sent"],
      [3, "cy@example.com", "sent"],
      [4, "dee@example.com", "sent"],
    ]);
  }, 30_000);

  test("answering through the personal link stops the reminder, a typed address does not; unsubscribing too", async () => {
    const token = personalLink(mailTo("ann@example.com")[0]!)!;
    const sent = await t.call("POST", `/public/links/${link.id}/submissions`, {
      body: {
        kind: "text",
        respondent: { name: "Ann" },
        consent,
        text: "The agency rebuilt our site in two weeks and sales doubled.",
        request_token: token,
      },
    });
    expect(sent.status).toBe(201);
    // Dee opens the plain link and types the address the request went to: anyone could type it, so it answers for
    // no one (and cannot stop her reminder, nor take her off the list once deleted).
    await t.call("POST", `/public/links/${link.id}/submissions`, {
      body: {
        kind: "text",
        respondent: { name: "Dee", email: "DEE@example.com" },
        consent,
        text: "Friendly, fast and they explained every step to us.",
      },
    });
    const cyToken = personalLink(mailTo("cy@example.com")[0]!)!;
    const page = await t.call("GET", `/u/${cyToken}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(String(page.body)).toContain("Stop emails from");
    expect(String(page.body)).toContain("c•••@example.com");
    const done = await t.call("POST", `/u/${cyToken}`, {
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(done.status).toBe(200);
    expect(String(done.body)).toContain("You are unsubscribed");
    expect((await t.call("GET", "/u/not-a-real-token-at-all-000")).status).toBe(404);

    const byEmail = Object.fromEntries((await recipients(campaignId)).map((x) => [x.email, x]));
    expect(byEmail["ann@example.com"]).toMatchObject({ status: "answered", submission_id: sent.body.submission_id });
    expect(byEmail["dee@example.com"]).toMatchObject({ status: "sent", submission_id: null });
    expect(byEmail["cy@example.com"].status).toBe("unsubscribed");
    expect(byEmail["bo@example.com"].status).toBe("sent");

    await run();
    // Dee gave her address, so she also got the removals module's thank-you email; reminders are counted apart.
    const remindersSent = () => delivered.filter((m) => m.subject.startsWith("Reminder: "));
    t.clock.advance(2 * DAY);
    scheduleReminders(t.deps);
    await run();
    expect(remindersSent()).toEqual([]);
    t.clock.advance(DAY + 1000);
    campaignsModule.schedules![0]!.run(t.deps);
    await run();
    const reminders = remindersSent();
    expect(reminders.map((m) => m.to).sort()).toEqual(["bo@example.com", "dee@example.com"]);
    expect(reminders[0]!.subject).toBe(`Reminder: ${words.subject}`);
    expect(reminders[0]!.text).toStartWith("A gentle reminder");
    expect(reminders.find((m) => m.to === "bo@example.com")!.text).toContain("Hi Bo,");
    t.clock.advance(5 * DAY);
    scheduleReminders(t.deps);
    await run();
    expect(remindersSent()).toHaveLength(2);

    const got = (await t.call("GET", `/v1/campaigns/${campaignId}`, { auth: a.liveKey })).body;
    expect(got.counts).toEqual({
      total: 4,
      queued: 0,
      sent: 0,
      reminded: 2,
      answered: 1,
      unsubscribed: 1,
      bounced: 0,
      stopped: 0,
      emailed: 4,
    });
    const answered = await t.call("GET", `/v1/campaigns/${campaignId}/recipients?status=answered`, {
      auth: a.liveKey,
    });
    expect(answered.body.data.map((x: any) => x.email)).toEqual(["ann@example.com"]);
  }, 30_000);

  test("a person asked in the last 30 days is not asked again, even after the first campaign is deleted", async () => {
    const before = delivered.length;
    const first = await create(a.liveKey, { recipients: [{ email: "fay@example.com" }] });
    expect(first.body).toMatchObject({ recently_asked: 0, counts: { total: 1 } });
    await run();
    expect((await t.call("DELETE", `/v1/campaigns/${first.body.id}`, { auth: a.liveKey })).status).toBe(200);
    const again = await create(a.liveKey, {
      recipients: [{ email: "FAY@example.com" }, { email: "bo@example.com" }, { email: "gus@example.com" }],
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ recently_asked: 2, suppressed: 0, counts: { total: 1 } });
    await run();
    expect(delivered.slice(before).map((m) => m.to)).toEqual(["fay@example.com", "gus@example.com"]);
    expect((await recipients(again.body.id)).map((x) => x.email)).toEqual(["gus@example.com"]);
    // The other mode keeps its own record: the sandbox may ask the same address.
    const testLink = await makeLink(t, a.testKey);
    const sandbox = await t.call("POST", "/v1/campaigns", {
      auth: a.testKey,
      body: { link_id: testLink.id, ...words, recipients: [{ email: "fay@example.com" }] },
    });
    expect(sandbox.body.recently_asked).toBe(0);
  }, 30_000);

  test("an unsubscribed address is never emailed by a later campaign", async () => {
    // As if the month since the first requests had passed (the test clock's sessions would expire).
    t.deps.db.$client.query("UPDATE campaign_asked SET asked_at = asked_at - ?").run(31 * DAY);
    const before = delivered.length;
    const r = await create(a.liveKey, {
      recipients: [{ email: "cy@example.com" }, { email: "eve@example.com" }],
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ suppressed: 1, recently_asked: 0 });
    await run();
    expect(delivered.slice(before).map((m) => m.to)).toEqual(["eve@example.com"]);
    const list = await recipients(r.body.id);
    expect(list.find((x) => x.email === "cy@example.com").status).toBe("unsubscribed");
  }, 30_000);

  test("a personal token sent with another link's testimonial answers nothing", async () => {
    const other = await makeLink(t, a.liveKey);
    const before = await recipients(campaignId);
    const boToken = personalLink(mailTo("bo@example.com")[0]!)!;
    await t.call("POST", `/public/links/${other.id}/submissions`, {
      body: {
        kind: "text",
        respondent: { name: "Bo" },
        consent,
        text: "Answered on a different link, which is not the one asked.",
        request_token: boToken,
      },
    });
    expect((await recipients(campaignId)).find((x) => x.email === "bo@example.com").status).toBe(
      before.find((x) => x.email === "bo@example.com").status,
    );
  }, 30_000);

  test("a recording through the personal link answers once its upload has arrived", async () => {
    const boToken = personalLink(mailTo("bo@example.com")[0]!)!;
    const started = await t.call("POST", `/public/links/${link.id}/submissions`, {
      body: {
        kind: "video",
        respondent: { name: "Bo" },
        consent,
        upload: { size: 100, type: "video/webm" },
        request_token: boToken,
      },
    });
    expect(started.status).toBe(201);
    const id = started.body.submission_id as string;
    const bo = () => recipients(campaignId).then((list) => list.find((x) => x.email === "bo@example.com"));
    expect(await bo()).toMatchObject({ status: "reminded", submission_id: id });
    tx(t.deps.db, (db) =>
      markReceived(db, systemCtx(a.id, "live", t.clock), id, `submissions/${id}/original.webm`, "video/webm"),
    );
    expect(await bo()).toMatchObject({ status: "answered", submission_id: id });
  }, 30_000);

  test("another organisation and the other mode see nothing (404)", async () => {
    for (const auth of [b.liveKey, b.owner, a.testKey]) {
      expect((await t.call("GET", `/v1/campaigns/${campaignId}`, { auth })).status).toBe(404);
      expect((await t.call("GET", `/v1/campaigns/${campaignId}/recipients`, { auth })).status).toBe(404);
      expect((await t.call("DELETE", `/v1/campaigns/${campaignId}`, { auth })).status).toBe(404);
      const seen = (await t.call("GET", "/v1/campaigns", { auth })).body.data as any[];
      expect(seen.filter((c) => c.mode === "live")).toEqual([]);
    }
    const foreign = await t.call("POST", "/v1/campaigns", {
      auth: b.liveKey,
      body: { link_id: link.id, ...words, recipients: [{ email: "x@example.com" }] },
    });
    expect(foreign.status).toBe(404);
    expect((await t.call("GET", `/v1/campaigns/${campaignId}`, { auth: a.liveKey })).status).toBe(200);
  }, 30_000);

  test("erasing a testimonial erases its person from the lists and their emails from the outbox", async () => {
    const ann = (await recipients(campaignId)).find((x) => x.email === "ann@example.com");
    const del = await t.call("DELETE", `/v1/submissions/${ann.submission_id}`, { auth: a.liveKey });
    expect(del.status).toBeLessThan(300);
    await purgeSubmission(t.deps, ann.submission_id);
    const row = t.deps.db.select().from(campaignRecipients).where(eq(campaignRecipients.id, ann.id)).get()!;
    expect(row).toMatchObject({ name: "", email: null, mailId: null, status: "answered" });
    expect(row.erasedAt).not.toBeNull();
    const outbox = (await t.call("GET", "/v1/outbox?limit=100", { auth: a.owner })).body.data as any[];
    expect(outbox.some((m) => m.to === "ann@example.com")).toBe(false);
    const counts = (await t.call("GET", `/v1/campaigns/${campaignId}`, { auth: a.liveKey })).body.counts;
    expect(counts.answered).toBe(2);
  }, 30_000);

  test("deleting a campaign deletes its list and its outbox copies", async () => {
    const r = await create(a.liveKey, { recipients: [{ email: "zed@example.com" }] });
    const del = await t.call("DELETE", `/v1/campaigns/${r.body.id}`, { auth: a.liveKey });
    expect(del.body).toEqual({ id: r.body.id, deleted: true });
    const before = delivered.length;
    await run();
    // (The owner's new-testimonial alerts of earlier tests may leave now; nothing goes to the deleted list.)
    expect(delivered.slice(before).filter((m) => m.to === "zed@example.com")).toEqual([]);
    const outbox = (await t.call("GET", "/v1/outbox?limit=100", { auth: a.owner })).body.data as any[];
    expect(outbox.some((m) => m.to === "zed@example.com")).toBe(false);
    expect((await t.call("GET", `/v1/campaigns/${r.body.id}`, { auth: a.liveKey })).status).toBe(404);
  }, 30_000);
});

test("test mode delivers nothing: the message, links included, waits in the outbox", async () => {
  const testLink = await makeLink(t, a.testKey);
  const before = delivered.length;
  const r = await t.call("POST", "/v1/campaigns", {
    auth: a.testKey,
    body: { link_id: testLink.id, ...words, recipients: [{ name: "Tess", email: "tess@example.com" }] },
  });
  expect(r.status).toBe(201);
  await run();
  expect(delivered.length).toBe(before);
  // The outbox shows one mode at a time: the live view has no sandbox mail (and so none of its links).
  const live = (await t.call("GET", "/v1/outbox?limit=100", { auth: a.owner })).body.data as any[];
  expect(live.some((m) => m.to === "tess@example.com")).toBe(false);
  const outbox = (await t.call("GET", "/v1/outbox?limit=100", { auth: a.owner, mode: "test" })).body.data as any[];
  expect(outbox.every((m) => m.to !== "ann@example.com")).toBe(true);
  const copy = outbox.find((m) => m.to === "tess@example.com");
  expect(copy.status).toBe("outbox");
  expect(copy.error).toContain("Test mode");
  expect(copy.text).toMatch(/\?r=[A-Za-z0-9_-]{32}/);
  const list = (await t.call("GET", `/v1/campaigns/${r.body.id}/recipients`, { auth: a.testKey })).body.data;
  expect(list[0].status).toBe("sent");
}, 30_000);

describe("bulk mail keeps a pace, and organisations take turns", () => {
  let p: TestApp;
  let org: TestOrg;
  let other: TestOrg;
  let linkId = "";
  let otherLinkId = "";
  let testLinkId = "";
  const sent: MailMessage[] = [];
  beforeAll(async () => {
    p = await makeTestApp({ PLAUDIT_MAIL_BULK_PER_MINUTE: "30" });
    p.deps.mailer = { delivers: true, send: async (m) => (sent.push(m), { messageId: "<p@test>" }), close() {} };
    org = await p.org({ name: "Paced Agency", plan: "plus" });
    other = await p.org({ name: "Small Bakery", plan: "plus" });
    linkId = (await makeLink(p, org.liveKey)).id;
    otherLinkId = (await makeLink(p, other.liveKey)).id;
    testLinkId = (await makeLink(p, org.testKey)).id;
  }, 60_000);
  afterAll(() => p?.close());
  const people = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@example.com` }));
  const paced = (key: string, prefix: string, n: number, link = linkId) =>
    p.call("POST", "/v1/campaigns", { auth: key, body: { ...words, link_id: link, recipients: people(prefix, n) } });
  const runAll = () => runDueJobs(p.deps, registry);

  test("live requests leave 2 s apart at 30 a minute; another organisation's one email goes second, not last", async () => {
    expect((await paced(org.liveKey, "first", 3)).status).toBe(201);
    expect((await paced(org.liveKey, "second", 2)).status).toBe(201);
    expect((await paced(other.liveKey, "bakery", 1, otherLinkId)).status).toBe(201);
    const inTest = await p.call("POST", "/v1/campaigns", {
      auth: org.testKey,
      body: { ...words, link_id: testLinkId, recipients: people("sandbox", 3) },
    });
    expect(inTest.status).toBe(201);
    const start = p.clock.now();
    // Live mail waits in line; the sandbox's is not held back (it is never delivered).
    const inLine = p.deps.db.$client.query("SELECT org_id FROM mail_turns").all() as { org_id: string }[];
    expect(inLine).toHaveLength(6);
    const due = p.deps.db.$client
      .query("SELECT mode, run_at - ? AS after FROM jobs WHERE kind = 'campaign.send_mail' ORDER BY run_at, id")
      .all(start) as { mode: string; after: number }[];
    expect(due).toEqual([
      { mode: "test", after: 0 },
      { mode: "test", after: 0 },
      { mode: "test", after: 0 },
    ]);
    // Each campaign says when its last email will have left, taking turns: first0, bakery0, first1, first2 | second0, second1.
    const list = (await p.call("GET", "/v1/campaigns", { auth: org.liveKey })).body.data;
    expect(list.map((c: any) => c.sending_until)).toEqual([
      new Date(start + 10_000).toISOString(),
      new Date(start + 6000).toISOString(),
    ]);
    const bakery = (await p.call("GET", "/v1/campaigns", { auth: other.liveKey })).body.data[0];
    expect(bakery.sending_until).toBe(new Date(start + 2000).toISOString());
    expect((await p.call("GET", `/v1/campaigns/${inTest.body.id}`, { auth: org.testKey })).body.sending_until).toBe(
      new Date(start).toISOString(),
    );
    await runAll();
    expect(sent.map((m) => m.to)).toEqual(["first0@example.com"]);
    p.clock.advance(2000);
    await runAll();
    expect(sent.map((m) => m.to)).toEqual(["first0@example.com", "bakery0@example.com"]);
    p.clock.advance(6000);
    await runAll();
    // After a pause the pace allows one message at once (one second's worth), then one every two seconds.
    expect(sent).toHaveLength(3);
    for (let i = 0; i < 3; i++) {
      p.clock.advance(2000);
      await runAll();
    }
    expect(sent.map((m) => m.to)).toEqual([
      "first0@example.com",
      "bakery0@example.com",
      "first1@example.com",
      "first2@example.com",
      "second0@example.com",
      "second1@example.com",
    ]);
    const done = (await p.call("GET", "/v1/campaigns", { auth: org.liveKey })).body.data;
    expect(done.map((c: any) => c.sending_until)).toEqual([null, null]);
  }, 60_000);

  test("a 200-person list does not hold another organisation's request back by more than a turn", async () => {
    sent.length = 0;
    expect((await paced(org.liveKey, "big", 200)).status).toBe(201);
    p.clock.advance(2000);
    await runAll();
    expect(sent).toHaveLength(1);
    expect((await paced(other.liveKey, "urgent", 1, otherLinkId)).status).toBe(201);
    p.clock.advance(2000);
    await runAll();
    expect(sent.map((m) => m.to)).toEqual(["big0@example.com", "urgent0@example.com"]);
  }, 60_000);
});

describe("limits and stopping", () => {
  let p: TestApp;
  let free: TestOrg;
  let team: TestOrg;
  let op: TestOrg;
  let freeLink = "";
  let teamLink = "";
  const sent: MailMessage[] = [];
  beforeAll(async () => {
    p = await makeTestApp({ PLAUDIT_MAIL_BULK_PER_MINUTE: "60" });
    p.deps.mailer = { delivers: true, send: async (m) => (sent.push(m), { messageId: "<l@test>" }), close() {} };
    free = await p.org({ name: "Free Org", plan: "free" });
    team = await p.org({ name: "Team Org", plan: "core" });
    op = await p.org({ name: "The Operator" });
    p.deps.db.$client.query("UPDATE orgs SET operator = 1 WHERE id = ?").run(op.id);
    freeLink = (await makeLink(p, free.owner)).id;
    teamLink = (await makeLink(p, team.liveKey)).id;
  }, 60_000);
  afterAll(() => p?.close());
  const list = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@example.com` }));
  const send = (prefix: string, n: number) =>
    p.call("POST", "/v1/campaigns", {
      auth: free.owner,
      body: { ...words, subject: "You won a prize!", link_id: freeLink, recipients: list(prefix, n) },
    });
  const teamSend = (prefix: string, n: number, extra: Record<string, unknown> = {}) =>
    p.call("POST", "/v1/campaigns", {
      auth: team.liveKey,
      body: { ...words, link_id: teamLink, recipients: list(prefix, n), ...extra },
    });

  test("a Free organisation's 1,000-person campaign is refused by its plan (402), and nothing is stored", async () => {
    const r = await send("prize", 1000);
    expect(r.status).toBe(402);
    expect(r.body.error).toMatchObject({
      code: "plan_limit_exceeded",
      limit: { name: "request_emails_per_month", plan: "free", upgrade_plan: "starter" },
    });
    expect(r.body.error.message).toContain("allows 100 request emails this month");
    expect((await p.call("GET", "/v1/campaigns", { auth: free.owner })).body.data).toEqual([]);
    expect(p.deps.db.$client.query("SELECT count(*) AS n FROM mail_outbox").get()).toEqual({ n: 0 });
  }, 60_000);

  test("the month's allowance counts what was sent, even from a deleted campaign", async () => {
    const first = await send("a", 60);
    expect(first.status).toBe(201);
    expect((await p.call("DELETE", `/v1/campaigns/${first.body.id}`, { auth: free.owner })).status).toBe(200);
    const second = await send("b", 41);
    expect(second.status).toBe(402);
    expect(second.body.error.details).toEqual({ used: 60, requested: 41 });
    expect((await send("b", 40)).status).toBe(201);
    const usage = (await p.call("GET", "/v1/billing/usage", { auth: free.owner })).body;
    expect(JSON.stringify(usage)).toContain("request_emails_per_month");
  }, 60_000);

  test("the team stops its campaign: unsent emails never leave, nobody is reminded", async () => {
    const c = await teamSend("stop", 5, { reminder_after_days: 1 });
    expect(c.status).toBe(201);
    // The Free organisation's earlier mail is in line too: a turn each, a second apart.
    await runDueJobs(p.deps, registry);
    p.clock.advance(1000);
    await runDueJobs(p.deps, registry);
    expect(sent.filter((m) => m.to.startsWith("stop"))).toHaveLength(1);
    const stopped = await p.call("POST", `/v1/campaigns/${c.body.id}/stop`, { auth: team.liveKey, body: {} });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ stopped_by: "team", counts: { sent: 1, stopped: 4, queued: 0 } });
    expect(stopped.body.stopped_at).not.toBeNull();
    expect((await p.call("POST", `/v1/campaigns/${c.body.id}/stop`, { auth: team.liveKey, body: {} })).status).toBe(
      200,
    );
    for (let i = 0; i < 10; i++) {
      p.clock.advance(30_000);
      await runDueJobs(p.deps, registry);
    }
    p.clock.advance(2 * DAY);
    scheduleReminders(p.deps);
    await runDueJobs(p.deps, registry);
    expect(sent.filter((m) => m.to.startsWith("stop"))).toHaveLength(1);
    const outbox = (await p.call("GET", "/v1/outbox?limit=100", { auth: team.owner })).body.data as any[];
    expect(outbox.filter((m) => m.error?.includes("stopped"))).toHaveLength(4);
  }, 60_000);

  test("the server's operator sees every organisation's campaigns and stops any; others cannot", async () => {
    const c = await teamSend("spree", 30);
    expect(c.status).toBe(201);
    expect((await p.call("GET", "/v1/operator/campaigns", { auth: team.owner })).status).toBe(403);
    expect((await p.call("GET", "/v1/operator/campaigns", { auth: op.liveKey })).status).toBe(403);
    const all = await p.call("GET", "/v1/operator/campaigns?sending=true", { auth: op.owner });
    expect(all.status).toBe(200);
    expect(all.body.data.map((x: any) => x.org_name).sort()).toEqual(["Free Org", "Team Org"]);
    expect(all.body.data.find((x: any) => x.id === c.body.id)).toMatchObject({
      org_id: team.id,
      counts: { total: 30 },
    });
    expect(all.body.data.every((x: any) => x.counts.queued > 0)).toBe(true);
    expect(
      (await p.call("POST", `/v1/operator/campaigns/${c.body.id}/stop`, { auth: team.owner, body: {} })).status,
    ).toBe(403);
    const stopped = await p.call("POST", `/v1/operator/campaigns/${c.body.id}/stop`, { auth: op.owner, body: {} });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ org_id: team.id, stopped_by: "operator" });
    const seen = (await p.call("GET", `/v1/campaigns/${c.body.id}`, { auth: team.liveKey })).body;
    expect(seen).toMatchObject({ stopped_by: "operator", counts: { queued: 0 } });
    const after = (await p.call("GET", "/v1/operator/campaigns?sending=true", { auth: op.owner })).body.data as any[];
    expect(after.some((x) => x.id === c.body.id)).toBe(false);
  }, 60_000);
});
