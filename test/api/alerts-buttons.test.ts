/**
 * The buttons of a new-testimonial email (issue 25): a page on the box that asks (GET changes nothing, however often a
 * mail scanner fetches it), one POST that acts as the member who got the email, with that member's permissions at
 * the time, audited as them; a second use, an expired link, a removed member, a client who lost the brand, a deleted
 * testimonial each answer in plain words with nothing changed; Approve & publish that cannot publish (words
 * unchecked, failed recording) offers what is possible; unknown and malformed tokens are 4xx pages, never 500; a post
 * from another site is refused; the pages are limited per client address; the stop link turns alerts off.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";
import type { MailMessage } from "../../src/platform/mail/mailer";
import { changeRole, removeMember } from "../../src/domains/accounts/members";
import { systemCtx } from "../../src/platform/context";
import { submissions } from "../../src/domains/submissions";
import { alertButtons } from "../../src/domains/alerts";
import {
  arrivedVideo,
  buttonsIn,
  mailTo,
  openPage,
  person,
  press,
  recordMail,
  runJobs,
  type Person,
} from "./alerts-helpers";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

let t: TestApp;
let a: TestOrg;
let delivered: MailMessage[];
let link = { id: "", brandId: "" };
let ownerEmail = "";
const DAY = 24 * 3600_000;

const state = async (id: string) => {
  const r = await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey });
  return { approved: r.body.is_approved, public: r.body.is_public, hideWords: r.body.hide_words, status: r.status };
};
const auditCount = () => (t.deps.db.$client.query("SELECT count(*) AS n FROM audit_log").get() as { n: number }).n;

/** A written testimonial's email to `email`, and its buttons. */
async function written(text: string, email = ownerEmail, name = "Tess Taster") {
  const before = delivered.length;
  const id = await writeTestimonial(t, link.id, text, { name }, 5);
  await runJobs(t);
  const mail = mailTo(delivered.slice(before), email)[0]!;
  return { id, ...buttonsIn(mail.text) };
}

beforeAll(async () => {
  t = await makeTestApp({ PLAUDIT_SITE_URL: "http://site.plaudit.test" });
  delivered = recordMail(t);
  a = await t.org({ name: "Bright Agency" });
  ownerEmail = (await t.call("GET", "/v1/me/notifications", { auth: a.owner })).body.email;
  link = await makeLink(t, a.liveKey);
}, 60_000);
afterAll(() => t?.close());

describe("Approve", () => {
  let b: Awaited<ReturnType<typeof written>>;

  test("opening the link twice shows a confirmation page and changes nothing", async () => {
    b = await written("Lovely people, lovely bread, and the delivery was on time.");
    const audits = auditCount();
    for (let i = 0; i < 2; i++) {
      const page = await openPage(t, b.approve!);
      expect(page.status).toBe(200);
      expect(page.html).toContain("Approve this testimonial?");
      expect(page.html).toContain("Lovely people, lovely bread");
      expect(page.html).toContain("Bright Agency");
      expect(page.html).toContain('<form method="post">');
      expect(page.html).toContain("It will be approved and stay private");
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(page.headers.get("referrer-policy")).toBe("no-referrer");
      expect(page.headers.get("content-security-policy")).toContain("form-action 'self'");
      expect(page.headers.get("x-robots-tag")).toContain("noindex");
    }
    // HEAD too (what some scanners send).
    expect((await openPage(t, b.approve!, { method: "HEAD" })).status).toBeLessThan(500);
    expect(await state(b.id)).toMatchObject({ approved: false, public: false });
    expect(auditCount()).toBe(audits);
    const row = t.deps.db.select().from(alertButtons).where(eq(alertButtons.submissionId, b.id)).all();
    expect(row.every((r) => r.usedAt === null)).toBe(true);
  });

  test("one click approves, as the member, audited as them", async () => {
    const done = await press(t, b.approve!);
    expect(done.status).toBe(200);
    expect(done.html).toContain("Approved");
    expect(done.html).toContain("It stays private until someone publishes it.");
    expect(await state(b.id)).toMatchObject({ approved: true, public: false });
    const audits = t.deps.db.$client
      .query("SELECT action, actor FROM audit_log WHERE target_id = ? ORDER BY id")
      .all(b.id) as { action: string; actor: string }[];
    const ownerUser = (await t.call("GET", "/v1/me", { auth: a.owner })).body.user.id;
    expect(audits).toEqual([
      { action: "submission.approved", actor: `user:${ownerUser}` },
      { action: "alert.button_used", actor: `user:${ownerUser}` },
    ]);
  });

  test("a second use is refused as used, and changes nothing", async () => {
    const audits = auditCount();
    for (const open of [() => press(t, b.approve!), () => openPage(t, b.approve!)]) {
      const again = await open();
      expect(again.status).toBe(409);
      expect(again.html).toContain("This link was already used");
      expect(again.html).toContain("Nothing was changed now.");
    }
    expect(auditCount()).toBe(audits);
  });

  test("its Approve & publish button then publishes it (approved but private)", async () => {
    const page = await openPage(t, b.publish!);
    expect(page.html).toContain("Publish this testimonial?");
    const done = await press(t, b.publish!);
    expect(done.status).toBe(200);
    expect(await state(b.id)).toMatchObject({ approved: true, public: true });
  });
});

describe("refusals change nothing", () => {
  test("an expired link says so", async () => {
    const b = await written("Words whose buttons will be too old by the time anyone clicks.");
    t.clock.advance(7 * DAY + 1000);
    for (const open of [() => openPage(t, b.approve!), () => press(t, b.approve!)]) {
      const r = await open();
      expect(r.status).toBe(410);
      expect(r.html).toContain("This link has expired");
    }
    expect(await state(b.id)).toMatchObject({ approved: false });
  });

  test("a removed member's buttons stop working", async () => {
    const admin = person(t, a, "admin");
    const b = await written("Words for an admin who leaves before clicking.", admin.email);
    unitOfWork(t.deps, systemCtx(a.id, "live", t.clock), (tx) => removeMember(tx, admin.memberId));
    const r = await press(t, b.approve!);
    expect(r.status).toBe(403);
    expect(r.html).toContain("You are no longer a member of Bright Agency");
    expect(r.html).not.toContain("Words for an admin who leaves");
    expect(await state(b.id)).toMatchObject({ approved: false });
  });

  test("a client who no longer covers the brand is refused", async () => {
    const other = (await t.call("POST", "/v1/brands", { auth: a.liveKey, body: { name: "Other Brand" } })).body.id;
    const client = person(t, a, "client", [link.brandId]);
    await t.call("PATCH", "/v1/me/notifications", { auth: client.session, body: { new_testimonials: "each" } });
    const b = await written("Words for a client about to lose this brand.", client.email);
    expect(b.approve).toBeTruthy();
    unitOfWork(t.deps, systemCtx(a.id, "live", t.clock), (tx) => changeRole(tx, client.memberId, "client", [other]));
    const r = await press(t, b.publish!);
    expect(r.status).toBe(403);
    expect(r.html).toContain("no longer covers this brand");
    expect(await state(b.id)).toMatchObject({ approved: false, public: false });
  });

  test("a deleted testimonial says so, before and after it is erased", async () => {
    const b = await written("Words that someone deletes before the owner clicks.");
    expect((await t.call("DELETE", `/v1/submissions/${b.id}`, { auth: a.liveKey })).status).toBe(200);
    const r = await press(t, b.approve!);
    expect(r.status).toBe(410);
    expect(r.html).toContain("This testimonial was deleted or removed");
    await runJobs(t);
    // The outbox copy quoting it went with it.
    const copies = t.deps.db.$client.query("SELECT id FROM mail_outbox WHERE text LIKE '%someone deletes%'").all();
    expect(copies).toEqual([]);
    const erased = await openPage(t, b.publish!);
    expect(erased.status).toBe(410);
    expect(erased.html).toContain("deleted or removed");
    expect(erased.html).not.toContain("Words that someone deletes");
  });

  test("already approved by someone else: nothing to do", async () => {
    const b = await written("Words a colleague approves in the dashboard first.");
    await t.call("POST", `/v1/submissions/${b.id}/approve`, { auth: a.liveKey, body: { publish: true } });
    const page = await openPage(t, b.publish!);
    expect(page.status).toBe(200);
    expect(page.html).toContain("already approved and published");
    expect(page.html).not.toContain("<form");
    const r = await press(t, b.approve!);
    expect(r.html).toContain("already approved");
    expect(
      t.deps.db
        .select()
        .from(alertButtons)
        .where(eq(alertButtons.submissionId, b.id))
        .all()
        .every((x) => !x.usedAt),
    ).toBe(true);
  });
});

describe("Approve & publish that cannot publish", () => {
  test("unchecked words: the page explains; publish without its words, or approve only", async () => {
    const before = delivered.length;
    const id = await arrivedVideo(t, a, link.id, { words: ["we", "love", "the", "bred"], draft: true });
    await runJobs(t);
    const b = buttonsIn(mailTo(delivered.slice(before), ownerEmail)[0]!.text);
    const page = await openPage(t, b.publish!);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Its words are not checked yet");
    expect(page.html).toContain("Publish without its words");
    expect(page.html).toContain("Approve only (keep private)");
    expect(page.html).toContain("Check the words in the dashboard");
    // The plain action is not offered: refused, nothing changed.
    const plain = await press(t, b.publish!, "default");
    expect(plain.status).toBe(400);
    expect(await state(id)).toMatchObject({ approved: false, public: false });
    const done = await press(t, b.publish!, "without_words");
    expect(done.status).toBe(200);
    expect(done.html).toContain("published without its words");
    expect(await state(id)).toMatchObject({ approved: true, public: true, hideWords: true });
  });

  test("a failed recording: cannot be published, in plain words; approve only is offered", async () => {
    const before = delivered.length;
    const id = await arrivedVideo(t, a, link.id, { words: ["it", "was", "great"] });
    await runJobs(t);
    const b = buttonsIn(mailTo(delivered.slice(before), ownerEmail)[0]!.text);
    t.deps.db
      .update(submissions)
      .set({ status: "failed", failureReason: "no_audio: The recording has no sound." })
      .where(eq(submissions.id, id))
      .run();
    const page = await openPage(t, b.publish!);
    expect(page.status).toBe(409);
    expect(page.html).toContain("It cannot be published yet");
    expect(page.html).toContain("This recording failed to process, so there is nothing to publish.");
    expect(page.html).toContain("Approve only (keep private)");
    const refused = await press(t, b.publish!, "default");
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("nothing to publish");
    expect(await state(id)).toMatchObject({ approved: false, public: false });
    const only = await press(t, b.publish!, "approve_only");
    expect(only.status).toBe(200);
    expect(await state(id)).toMatchObject({ approved: true, public: false });
  });
});

describe("bad links and requests", () => {
  test("unknown, cut and malformed tokens are 4xx pages, never 500", async () => {
    const site = "http://site.plaudit.test";
    for (const path of [
      "/alert/not-a-real-token-at-all",
      "/alert/x",
      `/alert/${"a".repeat(199)}`,
      `/alert/${"a".repeat(400)}`,
      "/alert/%00%01",
      "/alert/..%2F..%2Fetc",
      "/alert/stop/not-a-real-token-at-all",
      "/alert/stop/%E2%80%AE",
    ])
      for (const method of ["GET", "POST"]) {
        const r = await openPage(t, `${site}${path}`, method === "POST" ? { method, body: "choice=default" } : {});
        expect(r.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(r.status, `${method} ${path}`).toBeLessThan(500);
      }
    const unknown = await openPage(t, `${site}/alert/not-a-real-token-at-all`);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain("This link does not work");
  });

  test("a made-up choice, or a post from another site, changes nothing", async () => {
    const b = await written("Words that a forged form tries to approve.");
    expect((await press(t, b.approve!, "publish_everything")).status).toBe(400);
    const forged = await press(t, b.approve!, "default", { origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    const blind = await press(t, b.approve!, "default", { "sec-fetch-site": "cross-site" });
    expect(blind.status).toBe(403);
    expect(await state(b.id)).toMatchObject({ approved: false });
    // From its own page it works.
    expect((await press(t, b.approve!, "default", { origin: "http://site.plaudit.test" })).status).toBe(200);
  });

  test("the pages are limited per client address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push(
        (
          await openPage(t, "http://site.plaudit.test/alert/nope-nope-nope-nope", {
            headers: { "x-forwarded-for": "203.0.113.9" },
          })
        ).status,
      );
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });
});

describe("one-click stop", () => {
  let member: Person;
  test("the stop link asks on GET, and a POST (the page's, or a mail client's one-click) turns alerts off", async () => {
    member = person(t, a, "member");
    await t.call("PATCH", "/v1/me/notifications", { auth: member.session, body: { new_testimonials: "each" } });
    const b = await written("Words for a member who will stop these emails.", member.email);
    const ask = await openPage(t, b.stop!);
    expect(ask.status).toBe(200);
    expect(ask.html).toContain("Stop new-testimonial emails?");
    expect((await t.call("GET", "/v1/me/notifications", { auth: member.session })).body.new_testimonials).toBe("each");
    const done = await openPage(t, b.stop!, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { origin: "https://mail.example" },
    });
    expect(done.status).toBe(200);
    expect(done.html).toContain("These emails are stopped");
    expect((await t.call("GET", "/v1/me/notifications", { auth: member.session })).body.new_testimonials).toBe("off");
    const before = delivered.length;
    await writeTestimonial(t, link.id, "Words the stopped member must not hear of.", { name: "Nora None" });
    await runJobs(t);
    expect(mailTo(delivered.slice(before), member.email)).toHaveLength(0);
  });
});
