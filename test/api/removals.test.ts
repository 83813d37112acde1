/**
 * Removal by the respondent through the API: the email with its link (token only hashed at rest), the lookup
 * (what will be removed, never the email), confirming (hidden everywhere in the same request, erased by the purge
 * moments later), the one-time token, bad input, the per-address limit and CORS for the removal page.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { fakeProcessedVideo, makeLink, writeTestimonial } from "../helpers/testimonials";
import { listEvents } from "../../src/platform/events/emit";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { tx } from "../../src/platform/db/client";
import { sha256 } from "../../src/platform/crypto";
import { buildRegistry } from "../../src/composition";
import { listShown, markReceived } from "../../src/domains/submissions";
import type { Mode } from "../../src/platform/context";
import type { MailMessage } from "../../src/platform/mail/mailer";
import { LINK_PLACEHOLDER, NO_SMTP_NOTE, sendRemovalMail } from "../../src/domains/removals/send";

let t: TestApp;
let a: TestOrg;
let link: { id: string; brandId: string };
const registry = buildRegistry();
const consent = { agreed: true, text: "I agree that my words and recording may be published.", version: "2026-11-01" };
let ip = 0;

/** A removal call from its own client address (the routes are limited per address). */
const removal = (path: string, body: unknown, from = `198.51.100.${++ip % 250}`) =>
  t.call("POST", `/public/removals${path}`, { body, headers: { "x-forwarded-for": from } });

/** Removal emails handed to the (capturing) mail transport: the only place the link is. */
const delivered: MailMessage[] = [];

/** The token in the removal email to `to`, delivering the queued message through a capturing transport first. */
async function tokenFor(to: string): Promise<string> {
  const queued = t.deps.db.$client
    .query(
      "SELECT m.id AS mailId, r.id AS removalId FROM mail_outbox m JOIN removals r ON r.mail_id = m.id WHERE m.\"to\" = ? AND m.status = 'queued' ORDER BY m.id DESC",
    )
    .get(to) as { mailId: string; removalId: string } | null;
  if (queued) {
    const mailer = {
      delivers: true,
      send: async (m: MailMessage) => (delivered.push(m), { messageId: "<m@test>" }),
      close() {},
    };
    const outcome = await sendRemovalMail({ ...t.deps, mailer }, queued.mailId, queued.removalId);
    // The sandbox emails no one: its link is in the test-mode outbox copy.
    if (outcome === "outbox") {
      const copy = t.deps.db.$client.query("SELECT text FROM mail_outbox WHERE id = ?").get(queued.mailId) as {
        text: string;
      };
      delivered.push({ to, subject: "", text: copy.text });
    } else expect(outcome).toBe("sent");
  }
  const mail = delivered.findLast((m) => m.to === to);
  if (!mail) throw new Error(`no email to ${to}`);
  return new RegExp(`${t.deps.config.siteUrl}/remove/([A-Za-z0-9_-]+)`).exec(mail.text)![1]!;
}

/** A video testimonial from a respondent with an email, received and "processed" with small stand-in files. */
const videoWithEmail = (email: string, name: string, mode: Mode = "live", linkId = link.id) =>
  fakeProcessedVideo(t, a, linkId, ["Removal", "works", "for", "recordings", "too"], {
    respondent: { name, email },
    received: mode,
  });

async function publish(id: string, key = a.liveKey) {
  await t.call("POST", `/v1/submissions/${id}/approve`, { auth: key });
  await t.call("POST", `/v1/submissions/${id}/visibility`, { auth: key, body: { is_public: true } });
}

beforeAll(async () => {
  t = await makeTestApp({ PLAUDIT_SITE_URL: "http://site.plaudit.test" });
  a = await t.org({ name: "Acme Removals" });
  link = await makeLink(t, a.liveKey);
});
afterAll(() => t.close());

describe("the email", () => {
  test("a respondent who gave an email gets one message with a link; only the token's hash is stored", async () => {
    const id = await writeTestimonial(t, link.id, "Wonderful people, wonderful product, thank you all.", {
      name: "Rita Respondent",
      email: "Rita@Example.com",
    });
    const mails = t.deps.db.$client.query("SELECT * FROM mail_outbox WHERE \"to\" = 'rita@example.com'").all() as {
      subject: string;
      text: string;
      status: string;
    }[];
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Thank you for your testimonial for Acme Removals");
    expect(mails[0]!.text).toContain("Hi Rita,");
    // A thank-you first: what they sent (described, never quoted: a stranger could have typed anything) and the
    // consent they gave, word for word.
    expect(mails[0]!.text).toContain("a written testimonial");
    expect(mails[0]!.text).not.toContain("Wonderful people");
    expect(mails[0]!.text).toContain("You agreed to this when you sent it:");
    const token = await tokenFor("rita@example.com");
    expect(token.length).toBeGreaterThanOrEqual(22);
    const stored = t.deps.db.$client.query("SELECT * FROM removals WHERE submission_id = ?").get(id) as Record<
      string,
      unknown
    >;
    expect(stored.token_hash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const detail = await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey });
    expect(JSON.stringify(detail.body)).not.toContain(token);
    await runDueJobs(t.deps, registry);
    const copy = t.deps.db.$client
      .query("SELECT status, text, html FROM mail_outbox WHERE \"to\" = 'rita@example.com'")
      .get() as { status: string; text: string; html: string };
    expect(copy.status).toBe("sent");
    expect(copy.text).not.toContain(token);
    expect(copy.text).toContain(LINK_PLACEHOLDER);
    // The HTML alternative too: the placeholder in the copy, the link only in what the mailer was handed.
    expect(copy.html).toContain(`href="${LINK_PLACEHOLDER}"`);
    expect(copy.html).not.toContain(token);
    expect(copy.html).not.toContain("Wonderful people");
    const handed = delivered.find((m) => m.to === "rita@example.com")!;
    expect(handed.html).toContain(`href="${t.deps.config.siteUrl}/remove/${token}"`);
    expect(handed.html).not.toContain(LINK_PLACEHOLDER);
    expect(handed.html).toContain(">Thank you, Rita!</h1>");
  });

  test("no email, no message; imported reviews never get one", async () => {
    // Mail to respondents only: the team's own new-testimonial alerts (docs/alerts.md) are not counted.
    const count = () =>
      (
        t.deps.db.$client
          .query("SELECT count(*) AS n FROM mail_outbox WHERE id NOT IN (SELECT mail_id FROM alert_mails)")
          .get() as { n: number }
      ).n;
    const before = count();
    await writeTestimonial(t, link.id, "No email was given for this testimonial at all.", { name: "Nina Noemail" });
    const imp = await t.call("POST", "/v1/imports", {
      auth: a.liveKey,
      body: {
        brand_id: link.brandId,
        source: { name: "Google" },
        attested: true,
        rows: [{ text: "Imported with an address.", name: "Ivan", email: "ivan@example.com" }],
      },
    });
    expect(imp.status).toBe(201);
    expect(count()).toBe(before);
  });

  test("a recording's respondent gets the message when the upload completes", async () => {
    const r = await t.call("POST", `/public/links/${link.id}/submissions`, {
      body: {
        kind: "audio",
        respondent: { name: "Uma Upload", email: "uma@example.com" },
        consent,
        upload: { size: 100, type: "audio/webm" },
      },
    });
    expect(t.deps.db.$client.query("SELECT id FROM mail_outbox WHERE \"to\" = 'uma@example.com'").all()).toHaveLength(
      0,
    );
    tx(t.deps.db, (db) =>
      markReceived(
        db,
        { orgId: a.id, mode: "live", actor: { type: "system" }, clock: t.clock },
        r.body.submission_id,
        "x",
        "audio/webm",
      ),
    );
    expect(
      (
        t.deps.db.$client.query("SELECT text FROM mail_outbox WHERE \"to\" = 'uma@example.com'").get() as {
          text: string;
        }
      ).text,
    ).toContain("the recording, your words and your details");
  });
});

describe("lookup and confirm", () => {
  test("the lookup shows what will be removed, never the email", async () => {
    const id = await writeTestimonial(
      t,
      link.id,
      "  Lovely team.\nThey answered every question I had within minutes, day or night, and fixed what needed fixing quickly and kindly. I recommend them to everyone.",
      { name: "Lou Lookup", email: "lou@example.com" },
    );
    await publish(id);
    const r = await removal("/lookup", { token: await tokenFor("lou@example.com") });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      state: "pending",
      testimonial: {
        brand_name: "Acme Removals",
        kind: "text",
        name: "Lou Lookup",
        created_at: "2026-11-22T12:00:00.000Z",
        excerpt:
          "Lovely team. They answered every question I had within minutes, day or night, and fixed what needed fixing quickly and kindly. I recommend them…",
        is_published: true,
      },
    });
    expect(JSON.stringify(r.body)).not.toContain("lou@example.com");
    expect(r.headers.get("cache-control")).toBe("no-store");
  });

  test("confirming hides it everywhere in the same request, then the purge erases it; the token works once", async () => {
    const id = await videoWithEmail("cara@example.com", "Cara Confirm");
    const token = await tokenFor("cara@example.com");
    await publish(id);
    await runDueJobs(t.deps, registry);
    const shown = (await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey })).body;
    expect(shown.public_media.video_url).toBeString();
    expect((await t.app.handle(new Request(shown.public_media.video_url))).status).toBe(200);
    expect(listShown(t.deps.db, { brandId: link.brandId }).map((r) => r.id)).toContain(id);

    const r = await removal("", { token });
    expect(r.body).toEqual({ state: "removed", removed_at: "2026-11-22T12:00:00.000Z", removed_now: true });
    expect((await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey })).status).toBe(404);
    expect(
      (await t.call("GET", "/v1/submissions?limit=100", { auth: a.liveKey })).body.data.map(
        (s: { id: string }) => s.id,
      ),
    ).not.toContain(id);
    expect((await t.call("GET", "/v1/submissions?q=recordings", { auth: a.liveKey })).body.data).toHaveLength(0);
    expect(listShown(t.deps.db, { brandId: link.brandId }).map((r) => r.id)).not.toContain(id);
    expect((await t.app.handle(new Request(shown.public_media.video_url))).status).toBe(404);
    const audit = t.deps.db.$client
      .query("SELECT actor, action FROM audit_log WHERE target_id = ? ORDER BY id DESC")
      .get(id);
    expect(audit).toEqual({ actor: "respondent", action: "submission.removed_by_respondent" });

    expect((await removal("", { token })).body).toEqual({
      state: "removed",
      removed_at: "2026-11-22T12:00:00.000Z",
      removed_now: false,
    });
    expect((await removal("/lookup", { token })).body).toEqual({
      state: "removed",
      removed_at: "2026-11-22T12:00:00.000Z",
    });

    await runDueJobs(t.deps, registry);
    const row = t.deps.db.$client
      .query("SELECT status, respondent_name, respondent_email, text_input FROM submissions WHERE id = ?")
      .get(id);
    expect(row).toEqual({ status: "erased", respondent_name: "", respondent_email: null, text_input: null });
    expect(t.deps.storage.exists("media", `submissions/${id}`)).toBe(false);
    expect(t.deps.db.$client.query("SELECT id FROM mail_outbox WHERE \"to\" = 'cara@example.com'").all()).toHaveLength(
      0,
    );
    expect((await removal("/lookup", { token })).body.state).toBe("removed");
    const types = listEvents(t.deps.db, a.id, "live", { limit: 500 })
      .filter((e) => (e.data as { id?: string }).id === id)
      .map((e) => e.type)
      .reverse();
    // The stand-in processing emits no submission.ready; removal and erasure add no events of their own.
    expect(types).toEqual(["submission.created", "submission.approved"]);
  });

  test("a testimonial the team deleted first reads as already removed", async () => {
    const id = await writeTestimonial(t, link.id, "The team will delete this one before I do.", {
      name: "Tom Teamdeleted",
      email: "tom@example.com",
    });
    await t.call("DELETE", `/v1/submissions/${id}`, { auth: a.liveKey });
    const token = await tokenFor("tom@example.com");
    expect((await removal("/lookup", { token })).body.state).toBe("removed");
    expect((await removal("", { token })).body).toMatchObject({ state: "removed", removed_now: false });
  });

  test("a sandbox testimonial is removed the same way and stays in test mode", async () => {
    const testLink = await makeLink(t, a.testKey);
    const id = await writeTestimonial(t, testLink.id, "Trying the whole flow in the sandbox first.", {
      name: "Sandy Sandbox",
      email: "sandy@example.com",
    });
    await publish(id, a.testKey);
    const r = await removal("", { token: await tokenFor("sandy@example.com") });
    expect(r.body.removed_now).toBe(true);
    expect((await t.call("GET", `/v1/submissions/${id}`, { auth: a.testKey })).status).toBe(404);
    const audit = t.deps.db.$client
      .query("SELECT mode FROM audit_log WHERE target_id = ? AND action = 'submission.removed_by_respondent'")
      .get(id);
    expect(audit).toEqual({ mode: "test" });
  });
});

describe("bad input", () => {
  const cases: [string, string, unknown, number, string | null][] = [
    ["lookup of an unknown token", "/lookup", { token: "A".repeat(32) }, 200, null],
    ["confirm of an unknown token", "", { token: "A".repeat(32) }, 200, null],
    ["lookup of a token with odd characters", "/lookup", { token: "../../etc/passwd" }, 200, null],
    ["lookup without a token", "/lookup", {}, 400, "validation_failed"],
    ["confirm without a token", "", {}, 400, "validation_failed"],
    ["an empty token", "/lookup", { token: "" }, 400, "validation_failed"],
    ["a number for a token", "", { token: 12345 }, 400, "validation_failed"],
    ["an overlong token", "/lookup", { token: "A".repeat(201) }, 400, "validation_failed"],
    ["an extra field", "", { token: "A".repeat(32), email: "x@example.com" }, 400, "validation_failed"],
    ["a body that is not JSON", "/lookup", "{token", 400, "invalid_body"],
  ];
  for (const [name, path, body, status, code] of cases) {
    test(`${name} → ${status}`, async () => {
      const r = await removal(path, body);
      expect(r.status).toBe(status);
      if (code) expect(r.body.error).toMatchObject({ code, request_id: expect.any(String) });
      else expect(r.body).toEqual({ state: "unknown" });
    });
  }
});

describe("limits and CORS", () => {
  test("one address gets 30 calls per 10 minutes; others are not affected", async () => {
    for (let i = 0; i < 30; i++)
      expect((await removal("/lookup", { token: "B".repeat(32) }, "203.0.113.7")).status).toBe(200);
    const over = await removal("/lookup", { token: "B".repeat(32) }, "203.0.113.7");
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe("too_many_requests");
    expect(over.body.error.details.retry_after_seconds).toBeGreaterThan(0);
    expect((await removal("/lookup", { token: "B".repeat(32) }, "203.0.113.8")).status).toBe(200);
    t.clock.advance(10 * 60_000 + 1);
    expect((await removal("/lookup", { token: "B".repeat(32) }, "203.0.113.7")).status).toBe(200);
  });

  test("the removal page's origin may call the routes", async () => {
    const pre = await t.app.handle(
      new Request(`${t.base}/public/removals/lookup`, {
        method: "OPTIONS",
        headers: { origin: "http://site.plaudit.test", "access-control-request-method": "POST" },
      }),
    );
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("http://site.plaudit.test");
    expect(pre.headers.get("access-control-allow-headers")).toContain("content-type");
    const r = await t.call("POST", "/public/removals", {
      body: { token: "C".repeat(32) },
      headers: { origin: "http://site.plaudit.test", "x-forwarded-for": "192.0.2.1" },
    });
    expect(r.headers.get("access-control-allow-origin")).toBe("http://site.plaudit.test");
  });
});

describe("the outbox copy", () => {
  const mailRow = (to: string) =>
    t.deps.db.$client.query('SELECT text, status, error FROM mail_outbox WHERE "to" = ?').get(to) as {
      text: string;
      status: string;
      error: string | null;
    };

  test("never holds the link: only the message handed to the SMTP transport does, after retries too", async () => {
    const real = t.deps.mailer;
    let up = false;
    const sent: MailMessage[] = [];
    t.deps.mailer = {
      delivers: true,
      send: async (m) =>
        up
          ? (sent.push(m), { messageId: "<m@test>" })
          : Promise.reject(Object.assign(new Error("try later"), { responseCode: 421 })),
      close() {},
    };
    try {
      await writeTestimonial(t, link.id, "Please send me the removal link by real mail.", {
        name: "Sean Sent",
        email: "sean@example.com",
      });
      expect(mailRow("sean@example.com").text).toContain(LINK_PLACEHOLDER);
      await runDueJobs(t.deps, registry);
      expect(mailRow("sean@example.com")).toMatchObject({ status: "queued", error: "try later" });
      expect(mailRow("sean@example.com").text).not.toContain("/remove/");
      up = true;
      t.clock.advance(10 * 60_000);
      await runDueJobs(t.deps, registry);
      expect(mailRow("sean@example.com").status).toBe("sent");
      expect(mailRow("sean@example.com").text).not.toContain("/remove/");
      const token = new RegExp(`${t.deps.config.siteUrl}/remove/([A-Za-z0-9_-]{32})\n`).exec(sent[0]!.text)![1]!;
      expect(sent[0]!.text).not.toContain(LINK_PLACEHOLDER);
      expect((await removal("/lookup", { token })).body.state).toBe("pending");
    } finally {
      t.deps.mailer = real;
    }
  });

  test("without SMTP the outbox says the removal email could not be delivered, and holds no link", async () => {
    await writeTestimonial(t, link.id, "No mail server here, so nobody gets a link at all.", {
      name: "Olga Outbox",
      email: "olga@example.com",
    });
    t.clock.advance(61_000);
    await runDueJobs(t.deps, registry);
    expect(mailRow("olga@example.com")).toMatchObject({ status: "outbox", error: NO_SMTP_NOTE });
    expect(mailRow("olga@example.com").text).not.toContain("/remove/");
  });
});
