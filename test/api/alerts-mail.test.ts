/**
 * Who gets a new-testimonial email, and what it holds (issue 25), through the API on a real database with the real
 * job queue and a recording mailer: each / daily / off, brand limits, client logins (their own brands only, live
 * only), imports never, the sandbox never delivered (its copy shows working links in the test-mode outbox), a
 * recording when it is ready (words, poster) or when it fails (what failed, no buttons), once per testimonial. The
 * email is in the organisation's name, in text and HTML, with the words, stars, buttons and a one-click stop; no
 * token is stored anywhere. A member removed, or who turned alerts off, before the email left gets nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";
import type { MailMessage } from "../../src/platform/mail/mailer";
import { changeRole, removeMember } from "../../src/domains/accounts/members";
import { systemCtx } from "../../src/platform/context";
import {
  arrivedVideo,
  buttonsIn,
  failedVideo,
  mailTo,
  openPage,
  person,
  recordMail,
  runJobs,
  tokenOf,
  type Person,
} from "./alerts-helpers";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let delivered: MailMessage[];
let brand1 = "";
let brand2 = "";
let link1 = "";
let link2 = "";
let ownerEmail = "";
let admin: Person;
let daily: Person;
let quiet: Person;
let client1: Person;
let client2: Person;

const set = (p: { session: TestOrg["owner"] } | TestOrg["owner"], body: unknown, mode?: "live" | "test") =>
  t.call("PATCH", "/v1/me/notifications", { auth: "session" in p ? p.session : p, body, mode });

beforeAll(async () => {
  t = await makeTestApp({ PLAUDIT_SITE_URL: "http://site.plaudit.test" });
  delivered = recordMail(t);
  a = await t.org({ name: "Bright Agency" });
  b = await t.org({ name: "Other Agency" });
  ownerEmail = (await t.call("GET", "/v1/me/notifications", { auth: a.owner })).body.email;
  const l1 = await makeLink(t, a.liveKey);
  link1 = l1.id;
  brand1 = l1.brandId;
  brand2 = (await t.call("POST", "/v1/brands", { auth: a.liveKey, body: { name: "Crumb & Co" } })).body.id;
  link2 = (
    await t.call("POST", `/v1/brands/${brand2}/links`, {
      auth: a.liveKey,
      body: {
        title: "Tell us",
        prompts: [{ text: "How was it?" }],
        consent_text: "I agree that my words and recording may be published.",
        consent_version: "2026-11-01",
      },
    })
  ).body.id;
  await t.call("PATCH", "/v1/org", { auth: a.owner, body: { name: "Bright Agency", color: "#0f766e" } });
  admin = person(t, a, "admin");
  daily = person(t, a, "member");
  quiet = person(t, a, "member");
  client1 = person(t, a, "client", [brand1]);
  client2 = person(t, a, "client", [brand2]);
  expect((await set(admin, { brand_ids: [brand2] })).status).toBe(200);
  expect((await set(daily, { new_testimonials: "daily" })).status).toBe(200);
  expect((await set(client1, { new_testimonials: "each" })).status).toBe(200);
  expect((await set(client2, { new_testimonials: "each" })).status).toBe(200);
}, 60_000);
afterAll(() => t?.close());

const since = (n: number) => delivered.slice(n);

describe("who gets an email for a written testimonial", () => {
  let mail: MailMessage;
  let id = "";

  test("each: the owner (default) and the brand's client; not a member limited to another brand, daily, off, or another brand's client", async () => {
    const before = delivered.length;
    id = await writeTestimonial(
      t,
      link1,
      "The sourdough is the best I have had outside Paris.\nWe order every week now.",
      { name: "Tess Taster", title: "Head of Bread", company: "Crumb Club" },
      5,
    );
    await runJobs(t);
    const got = since(before);
    expect(got.map((m) => m.to).sort()).toEqual([client1.email, ownerEmail].sort());
    mail = mailTo(got, ownerEmail)[0]!;
  });

  test("the email is in the organisation's name, with the words, rating, respondent and buttons", () => {
    expect(mail.subject).toBe("New 5-star testimonial for Bright Agency from Tess Taster");
    expect(mail.fromName).toBe("Bright Agency");
    expect(mail.text).toContain("Tess Taster (Head of Bread, Crumb Club)");
    expect(mail.text).toContain("★★★★★ (5 out of 5)");
    expect(mail.text).toContain("> The sourdough is the best I have had outside Paris.");
    expect(mail.text).toContain(`/inbox/${id}`);
    // White label: the product is never named (only the test server's host names hold the word).
    expect(mail.text.replace(/https?:\/\/\S+/g, "")).not.toMatch(/plaudit/i);
    expect(mail.html!.replace(/(https?:\/\/|cid:)[^"\s]+/g, "")).not.toMatch(/plaudit/i);
    const links = buttonsIn(mail.text);
    expect(links.approve).toStartWith("http://site.plaudit.test/alert/");
    expect(links.publish).toStartWith("http://site.plaudit.test/alert/");
    expect(links.stop).toStartWith("http://site.plaudit.test/alert/stop/");
    expect(links.approve).not.toBe(links.publish);
    const html = mail.html!;
    expect(html).toContain("The sourdough is the best I have had outside Paris.");
    expect(html).toContain("Approve &amp; publish");
    expect(html).toContain(`href="${links.approve}"`);
    expect(html).toContain(`href="${links.publish}"`);
    expect(html).toContain("★★★★★");
    expect(html).toContain("#0f766e");
    expect(html).not.toContain("[personal link");
    expect(mail.headers?.["List-Unsubscribe"]).toBe(`<${links.stop}>`);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  test("the outbox copy and the database hold marks, never a working link", async () => {
    const links = buttonsIn(mail.text);
    const outbox = (await t.call("GET", "/v1/outbox?limit=100", { auth: a.owner })).body.data as any[];
    const copy = outbox.find((m) => m.to === ownerEmail && m.subject === mail.subject);
    expect(copy.status).toBe("sent");
    expect(copy.text).toContain("[personal link");
    const dump = JSON.stringify(
      t.deps.db.$client
        .query(
          "SELECT text, html FROM mail_outbox UNION ALL SELECT payload, '' FROM jobs UNION ALL SELECT token_hash, result FROM alert_buttons",
        )
        .all(),
    );
    for (const url of [links.approve!, links.publish!, links.stop!]) expect(dump).not.toContain(tokenOf(url));
  });

  test("the brand's client gets the same testimonial, and only its own brand's", async () => {
    const theirs = mailTo(delivered, client1.email);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.text).toContain("Tess Taster");
    expect(mailTo(delivered, client2.email)).toHaveLength(0);
  });

  test("a testimonial of the second brand reaches the admin limited to it and its client, not the first brand's client", async () => {
    const before = delivered.length;
    await writeTestimonial(t, link2, "Great croissants, friendly people, would come back.", { name: "Cal Croissant" });
    await runJobs(t);
    expect(
      since(before)
        .map((m) => m.to)
        .sort(),
    ).toEqual([admin.email, client2.email, ownerEmail].sort());
    const toAdmin = mailTo(since(before), admin.email)[0]!;
    expect(toAdmin.text).toContain("You get an email for each new testimonial of Crumb & Co at Bright Agency.");
    expect(toAdmin.html).toContain("Crumb &amp; Co");
  });
});

describe("what does not send", () => {
  test("imports never alert", async () => {
    const before = delivered.length;
    const r = await t.call("POST", "/v1/imports", {
      auth: a.liveKey,
      body: {
        brand_id: brand1,
        source: { name: "Google" },
        attested: true,
        rows: [{ text: "Imported words that nobody should be emailed about.", name: "Ira Import", rating: 5 }],
      },
    });
    expect(r.status).toBe(201);
    await runJobs(t);
    expect(since(before)).toHaveLength(0);
  });

  test("test mode: nothing is delivered; the test-mode outbox keeps the alert with its buttons to try", async () => {
    const before = delivered.length;
    const testLink = await makeLink(t, a.testKey);
    await writeTestimonial(t, testLink.id, "A sandbox testimonial that must never reach an inbox.", {
      name: "Sandy Box",
    });
    await runJobs(t);
    expect(since(before)).toHaveLength(0);
    const outbox = (await t.call("GET", "/v1/outbox?limit=100", { auth: a.owner, mode: "test" })).body.data as any[];
    const copy = outbox.find((m) => m.subject.startsWith("[Test] New testimonial") && m.to === ownerEmail);
    expect(copy).toMatchObject({ status: "outbox", to: ownerEmail });
    expect(copy.error).toContain("Test mode");
    expect(copy.text).toContain("Test mode: this email was not delivered");
    const links = buttonsIn(copy.text);
    expect(links.approve).toStartWith("http://site.plaudit.test/alert/");
    // Its link works on the sandbox testimonial only (and the live outbox never lists it).
    const page = await openPage(t, links.approve!);
    expect(page.status).toBe(200);
    expect(page.html).toContain("A sandbox testimonial");
    const live = (await t.call("GET", "/v1/outbox?limit=100", { auth: a.owner })).body.data as any[];
    expect(live.some((m) => m.subject.startsWith("[Test]"))).toBe(false);
  });

  test("another organisation's people hear nothing of this one's testimonials", async () => {
    const bOwner = (await t.call("GET", "/v1/me/notifications", { auth: b.owner })).body.email;
    expect(mailTo(delivered, bOwner)).toHaveLength(0);
  });
});

describe("recordings", () => {
  test("a video alerts when it is ready: transcript excerpt, poster attached inline, once only", async () => {
    const before = delivered.length;
    const id = await arrivedVideo(t, a, link1, {
      words: "Support answered within minutes and fixed everything".split(" "),
      name: "Vic Video",
      rating: 4,
    });
    await runJobs(t);
    const mail = mailTo(since(before), ownerEmail)[0]!;
    expect(mail.subject).toStartWith("New 4-star video testimonial for");
    expect(mail.text).toContain("> Support answered within minutes and fixed everything");
    expect(mail.text).not.toContain("Machine transcript");
    expect(mail.html).toContain(`src="cid:poster-${id}@alerts"`);
    expect(mail.attachments?.find((x) => x.cid === `poster-${id}@alerts`)).toMatchObject({ contentType: "image/jpeg" });
    // A second ready (processed again) sends nothing new.
    const again = delivered.length;
    const { emit } = await import("../../src/platform/events/emit");
    const { tx } = await import("../../src/platform/db/client");
    const { submissions, submissionEventData } = await import("../../src/domains/submissions");
    const { eq } = await import("drizzle-orm");
    tx(t.deps.db, (db) => {
      const row = db.select().from(submissions).where(eq(submissions.id, id)).get()!;
      emit(t.deps, systemCtx(a.id, "live", t.clock), "submission.ready", submissionEventData(row));
    });
    await runJobs(t);
    expect(since(again)).toHaveLength(0);
  });

  test("an unchecked machine transcript is marked as such", async () => {
    const before = delivered.length;
    await arrivedVideo(t, a, link1, { words: ["we", "love", "the", "bred"], draft: true });
    await runJobs(t);
    const mail = mailTo(since(before), ownerEmail)[0]!;
    expect(mail.text).toContain("Machine transcript, not checked yet");
    expect(mail.html).toContain("Words unchecked.");
  });

  test("a recording that failed to process: the team hears it arrived, what failed and what to do; no buttons", async () => {
    const before = delivered.length;
    failedVideo(t, a, link1, brand1, "Fay Failed");
    await runJobs(t);
    const mail = mailTo(since(before), ownerEmail)[0]!;
    expect(mail.subject).toStartWith("A recording from Fay Failed for");
    expect(mail.subject).toEndWith("could not be processed");
    expect(mail.text).toContain("The recording has no sound.");
    expect(mail.text).toContain("What you can do: Ask the respondent to record again.");
    expect(buttonsIn(mail.text)).toMatchObject({ approve: null, publish: null });
    expect(mail.html).not.toContain("Approve");
  });
});

describe("checked again when the email leaves", () => {
  test("a member removed before the email left gets nothing; the outbox says why", async () => {
    const leaving = person(t, a, "admin");
    const before = delivered.length;
    await writeTestimonial(t, link1, "Words written just before an admin left the agency.", { name: "Lee Late" });
    unitOfWork(t.deps, systemCtx(a.id, "live", t.clock), (tx) => removeMember(tx, leaving.memberId));
    await runJobs(t);
    expect(mailTo(since(before), leaving.email)).toHaveLength(0);
    expect(mailTo(since(before), ownerEmail)).toHaveLength(1);
    const copy = t.deps.db.$client.query('SELECT status, error FROM mail_outbox WHERE "to" = ?').get(leaving.email) as {
      status: string;
      error: string;
    };
    expect(copy).toEqual({
      status: "failed",
      error: "Not sent: the recipient is no longer a member of the organisation.",
    });
  });

  test("a client given other brands before the email left gets nothing", async () => {
    const before = delivered.length;
    await writeTestimonial(t, link1, "Words for a client whose brands change in the meantime.", { name: "Cal Change" });
    unitOfWork(t.deps, systemCtx(a.id, "live", t.clock), (tx) => changeRole(tx, client1.memberId, "client", [brand2]));
    await runJobs(t);
    expect(mailTo(since(before), client1.email)).toHaveLength(0);
    const copy = t.deps.db.$client
      .query('SELECT status, error FROM mail_outbox WHERE "to" = ? ORDER BY id DESC')
      .get(client1.email) as { status: string; error: string };
    expect(copy).toEqual({
      status: "failed",
      error: "Not sent: the recipient can no longer see these testimonials' brand.",
    });
    unitOfWork(t.deps, systemCtx(a.id, "live", t.clock), (tx) => changeRole(tx, client1.memberId, "client", [brand1]));
  });

  test("turned off before it left: withheld", async () => {
    const before = delivered.length;
    await writeTestimonial(t, link1, "Words that arrive while the owner is turning emails off.", { name: "Otto Off" });
    expect((await set(a.owner, { new_testimonials: "off" })).status).toBe(200);
    await runJobs(t);
    expect(mailTo(since(before), ownerEmail)).toHaveLength(0);
    const after = delivered.length;
    await writeTestimonial(t, link1, "Words that arrive once the owner's emails are off.", { name: "Otto Off" });
    await runJobs(t);
    expect(mailTo(since(after), ownerEmail)).toHaveLength(0);
    expect((await set(a.owner, { new_testimonials: "each" })).status).toBe(200);
  });

  test("a quiet member (off by default) heard nothing all along", () => {
    expect(mailTo(delivered, quiet.email)).toHaveLength(0);
    expect(mailTo(delivered, daily.email)).toHaveLength(0);
  });
});
