/**
 * The daily digest and the hourly cap of new-testimonial emails (issue 25): a member who chose `daily` gets one email
 * at their hour in their time zone listing what arrived since (nothing on a day with none, nothing twice), with the
 * same buttons per testimonial; deleted testimonials and other brands (a brand limit) are left out. A member who gets
 * each one gets at most 20 single emails an hour; the rest arrive as one roll-up from the hourly job.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";
import type { MailMessage } from "../../src/platform/mail/mailer";
import { runDigests } from "../../src/domains/alerts";
import { buttonsIn, mailTo, person, press, recordMail, runJobs, type Person } from "./alerts-helpers";

let t: TestApp;
let a: TestOrg;
let delivered: MailMessage[];
let link = { id: "", brandId: "" };
let otherLink = "";
let ownerEmail = "";
let daily: Person;
let newYork: Person;
const HOUR = 3600_000;

/** Moves the clock to `hh:mm` UTC on the test's day plus `days`. */
const at = (days: number, hh: number, mm = 0) => {
  const target = Date.UTC(2026, 10, 22 + days, hh, mm);
  t.clock.advance(target - t.clock.now());
};
const digest = async () => {
  const n = runDigests(t.deps);
  await runJobs(t);
  return n;
};
const write = async (text: string, name: string, linkId = link.id) => {
  t.clock.advance(7_000);
  return writeTestimonial(t, linkId, text, { name }, 4);
};

beforeAll(async () => {
  t = await makeTestApp();
  delivered = recordMail(t);
  a = await t.org({ name: "Bright Agency" });
  ownerEmail = (await t.call("GET", "/v1/me/notifications", { auth: a.owner })).body.email;
  link = await makeLink(t, a.liveKey);
  const brand2 = (await t.call("POST", "/v1/brands", { auth: a.liveKey, body: { name: "Second Brand" } })).body.id;
  otherLink = (
    await t.call("POST", `/v1/brands/${brand2}/links`, {
      auth: a.liveKey,
      body: {
        title: "T",
        prompts: [{ text: "Q?" }],
        consent_text: "I agree that my words and recording may be published.",
        consent_version: "2026-11-01",
      },
    })
  ).body.id;
  daily = person(t, a, "member");
  newYork = person(t, a, "admin");
  const r1 = await t.call("PATCH", "/v1/me/notifications", {
    auth: daily.session,
    body: { new_testimonials: "daily", digest_hour: 13, time_zone: "UTC", brand_ids: [link.brandId] },
  });
  expect(r1.status).toBe(200);
  const r2 = await t.call("PATCH", "/v1/me/notifications", {
    auth: newYork.session,
    body: { new_testimonials: "daily", digest_hour: 9, time_zone: "America/New_York" },
  });
  expect(r2.status).toBe(200);
}, 60_000);
afterAll(() => t?.close());

describe("the daily digest", () => {
  let first = "";
  test("nothing before the member's hour", async () => {
    expect(mailTo(delivered, newYork.email)).toHaveLength(0);
    first = await write("The first testimonial of the day: very good service.", "Ada First");
    await write("The second testimonial: friendly and quick.", "Ben Second");
    const deleted = await write("A third that someone deletes before the digest.", "Cy Deleted");
    await write("A testimonial of the other brand, which the member left out.", "Di Other", otherLink);
    await runJobs(t);
    expect((await t.call("DELETE", `/v1/submissions/${deleted}`, { auth: a.liveKey })).status).toBe(200);
    at(0, 12, 30);
    expect(await digest()).toBe(0);
    expect(mailTo(delivered, daily.email)).toHaveLength(0);
  });

  test("at the hour: one email listing what arrived (not the deleted one, not the other brand), with buttons each", async () => {
    at(0, 13, 5);
    expect(await digest()).toBe(1);
    // 13:05 UTC is 8:05 in New York: that member's 9:00 has not come.
    expect(mailTo(delivered, newYork.email)).toHaveLength(0);
    const mails = mailTo(delivered, daily.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Daily summary: 2 new testimonials for Bright Agency");
    expect(mail.text).toContain("Ada First");
    expect(mail.text).toContain("Ben Second");
    expect(mail.text).not.toContain("Cy Deleted");
    expect(mail.text).not.toContain("Di Other");
    expect(mail.text).toContain("You get a daily summary of new testimonials of Bright Agency at Bright Agency.");
    expect(mail.text.match(/Approve & publish: /g)).toHaveLength(2);
    expect(mail.html!.match(/Approve &amp; publish</g)).toHaveLength(2);
    // The first testimonial's buttons are the first listed; they act on it.
    const done = await press(t, buttonsIn(mail.text).approve!);
    expect(done.status).toBe(200);
    const row = await t.call("GET", `/v1/submissions/${first}`, { auth: a.liveKey });
    expect(row.body.is_approved).toBe(true);
  });

  test("not twice the same day, and nothing on a day with none", async () => {
    at(0, 14, 5);
    await digest();
    // 9:05 in New York: its digest lists the three that arrived, the other brand's too (no brand limit).
    const ny = mailTo(delivered, newYork.email);
    expect(ny).toHaveLength(1);
    expect(ny[0]!.subject).toBe("Daily summary: 3 new testimonials for Bright Agency");
    at(1, 13, 5);
    await digest();
    expect(mailTo(delivered, daily.email)).toHaveLength(1);
  });

  test("the next day's digest lists only what is new", async () => {
    await write("A new day brings a new testimonial.", "Eve Next");
    at(2, 13, 5);
    await digest();
    const mails = mailTo(delivered, daily.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe("Daily summary: 1 new testimonial for Bright Agency");
    expect(mails[1]!.text).toContain("Eve Next");
    expect(mails[1]!.text).not.toContain("Ada First");
  });

  test("a member's time zone sets the hour (9:00 in New York is 14:00 UTC in November)", () => {
    expect(mailTo(delivered, newYork.email).map((m) => m.subject)).toEqual([
      "Daily summary: 3 new testimonials for Bright Agency",
      "Daily summary: 1 new testimonial for Bright Agency",
    ]);
  });
});

describe("the hourly cap on single emails", () => {
  test("past 20 in an hour, the rest come as one roll-up", async () => {
    at(3, 10, 0);
    const before = mailTo(delivered, ownerEmail).length;
    for (let i = 1; i <= 23; i++) await write(`Testimonial number ${i} in a busy hour, all of them kind.`, `Busy ${i}`);
    await runJobs(t);
    const singles = mailTo(delivered, ownerEmail).slice(before);
    expect(singles).toHaveLength(20);
    await digest();
    const rollUp = mailTo(delivered, ownerEmail).slice(before + 20);
    expect(rollUp).toHaveLength(1);
    expect(rollUp[0]!.subject).toBe("3 more new testimonials for Bright Agency");
    for (const name of ["Busy 21", "Busy 22", "Busy 23"]) expect(rollUp[0]!.text).toContain(name);
    expect(rollUp[0]!.text).not.toContain("Busy 20\n");
    await digest();
    expect(mailTo(delivered, ownerEmail).slice(before)).toHaveLength(21);
    // An hour later single emails flow again.
    t.clock.advance(HOUR);
    await write("A calm hour again, and a kind word.", "Calm Again");
    await runJobs(t);
    expect(mailTo(delivered, ownerEmail).slice(before)).toHaveLength(22);
  });
});

describe("forgetting", () => {
  test("after 30 days, arrivals, notices and old buttons are pruned by the hourly job; settings stay", async () => {
    const count = (table: string) =>
      (t.deps.db.$client.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(count("alert_arrivals")).toBeGreaterThan(0);
    expect(count("alert_buttons")).toBeGreaterThan(0);
    t.clock.advance(40 * 24 * HOUR);
    await digest();
    expect([count("alert_arrivals"), count("alert_notices"), count("alert_buttons")]).toEqual([0, 0, 0]);
    expect(count("alert_settings")).toBe(2);
  });
});
