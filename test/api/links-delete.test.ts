/**
 * Deleting a collect link (issue 29): its page stops at once (id and slug addresses, the capture API), its
 * testimonials stay with the brand, its slug and former slugs stay with the organisation for the year (another
 * organisation gets 409 `slug_taken`; the organisation itself may reuse them), its request campaigns go with the
 * outbox copies of their emails, and a wall button that opened it is removed. Members may delete links, clients not.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { writeTestimonial } from "../helpers/testimonials";
import { resolveLinkAddress } from "../../src/domains/capture/link-view";
import { mailOutbox } from "../../src/platform/mail/tables";
import { addMember } from "../../src/domains/accounts/members";
import { createSession, SESSION_COOKIE } from "../../src/domains/accounts/sessions";
import { systemCtx } from "../../src/platform/context";
import { unitOfWork } from "../../src/platform/db/unit-of-work";
import { accountCtx } from "../../src/domains/accounts/users";

const consent = "I agree that my words and recording may be published.";
const DAY = 86_400_000;

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let brandA: string;
let brandB: string;

const linkBody = (slug?: string) => ({
  title: "Spring visits",
  prompts: [{ text: "How was it?" }],
  consent_text: consent,
  consent_version: "2026-11-01",
  ...(slug ? { slug } : {}),
});

beforeAll(async () => {
  t = await makeTestApp();
  t.deps.mailer = { delivers: true, send: async () => ({ messageId: "<m@test>" }), close() {} };
  a = await t.org({ name: "Link Owner" });
  b = await t.org({ name: "Someone Else" });
  brandA = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
  brandB = (await t.call("GET", "/v1/brands", { auth: b.liveKey })).body.data[0].id;
});
afterAll(() => t.close());

describe("deleting a link", () => {
  test("its page stops at once, its testimonials stay, its slugs stay held for the organisation", async () => {
    const link = (await t.call("POST", `/v1/brands/${brandA}/links`, { auth: a.liveKey, body: linkBody("spring-old") }))
      .body;
    // A former slug too: it stays held as well once the link is gone.
    await t.call("PATCH", `/v1/links/${link.id}`, { auth: a.liveKey, body: { slug: "spring-visits" } });
    const kept = await writeTestimonial(t, link.id, "The spring visit was calm and the team explained every step.", {
      name: "Kept Person",
    });
    await t.call("PATCH", `/v1/brands/${brandA}`, { auth: a.liveKey, body: { wall_link_id: link.id } });

    const r = await t.call("DELETE", `/v1/links/${link.id}`, { auth: a.liveKey });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: link.id, deleted: true, testimonials_kept: 1, slug: "spring-visits" });
    expect(Date.parse(r.body.slug_held_until) - t.clock.now()).toBe(365 * DAY);

    expect((await t.call("GET", `/v1/links/${link.id}`, { auth: a.liveKey })).status).toBe(404);
    expect((await t.call("GET", `/public/links/${link.id}`)).status).toBe(404);
    for (const part of [link.id, "spring-visits", "spring-old"]) expect(resolveLinkAddress(t.deps, part)).toBeNull();
    expect((await t.call("DELETE", `/v1/links/${link.id}`, { auth: a.liveKey })).status).toBe(404);

    const testimonial = await t.call("GET", `/v1/submissions/${kept}`, { auth: a.liveKey });
    expect(testimonial.status).toBe(200);
    expect(testimonial.body.collect_link_id).toBe(link.id);
    expect((await t.call("GET", `/v1/brands/${brandA}`, { auth: a.liveKey })).body).toMatchObject({
      wall_link_id: null,
      submission_count: 1,
    });

    for (const slug of ["spring-visits", "spring-old"]) {
      const taken = await t.call("POST", `/v1/brands/${brandB}/links`, { auth: b.liveKey, body: linkBody(slug) });
      expect(taken.status).toBe(409);
      expect(taken.body.error.code).toBe("slug_taken");
    }
    const reused = await t.call("POST", `/v1/brands/${brandA}/links`, {
      auth: a.liveKey,
      body: linkBody("spring-visits"),
    });
    expect(reused.status).toBe(201);
    expect(resolveLinkAddress(t.deps, "spring-visits")?.id).toBe(reused.body.id);
  });

  test("after the year, anyone may take the slug", async () => {
    const link = (await t.call("POST", `/v1/brands/${brandA}/links`, { auth: a.liveKey, body: linkBody("autumn") }))
      .body;
    await t.call("DELETE", `/v1/links/${link.id}`, { auth: a.liveKey });
    t.clock.advance(366 * DAY);
    const r = await t.call("POST", `/v1/brands/${brandB}/links`, { auth: b.liveKey, body: linkBody("autumn") });
    expect(r.status).toBe(201);
  });

  test("its request campaigns go with it, and the outbox copies of their emails", async () => {
    const link = (await t.call("POST", `/v1/brands/${brandA}/links`, { auth: a.liveKey, body: linkBody() })).body;
    const campaign = await t.call("POST", "/v1/campaigns", {
      auth: a.liveKey,
      body: {
        link_id: link.id,
        subject: "Would you tell others about us?",
        message: "Hi {name},\n\nTwo minutes?\n{link}\n\nThanks!",
        recipients: [{ name: "Asked Person", email: "asked.person@example.org" }],
      },
    });
    expect(campaign.status).toBe(201);
    const mails = () =>
      t.deps.db
        .select()
        .from(mailOutbox)
        .all()
        .filter((m) => m.to === "asked.person@example.org");
    expect(mails()).toHaveLength(1);
    expect((await t.call("DELETE", `/v1/links/${link.id}`, { auth: a.liveKey })).status).toBe(200);
    expect((await t.call("GET", `/v1/campaigns/${campaign.body.id}`, { auth: a.liveKey })).status).toBe(404);
    expect(mails()).toEqual([]);
  });

  test("members may delete links; clients, another organisation and the other mode may not", async () => {
    const link = (await t.call("POST", `/v1/brands/${brandA}/links`, { auth: a.liveKey, body: linkBody() })).body;
    expect((await t.call("DELETE", `/v1/links/${link.id}`, { auth: b.liveKey })).status).toBe(404);
    expect((await t.call("DELETE", `/v1/links/${link.id}`, { auth: a.testKey })).status).toBe(404);
    expect((await t.call("DELETE", `/v1/links/${link.id}`, { auth: a.key("live", ["brands:read"]) })).status).toBe(403);
    const client = unitOfWork(t.deps, systemCtx(a.id, "live", t.clock), (tx) =>
      addMember(tx, {
        email: "client@link-owner.example",
        role: "client",
        brandIds: [brandA],
      }),
    );
    const clientSession = {
      cookie: `${SESSION_COOKIE}=${unitOfWork(t.deps, accountCtx(t.clock), (tx) => createSession(tx, client.user_id)).token}`,
      orgId: a.id,
    };
    expect((await t.call("DELETE", `/v1/links/${link.id}`, { auth: clientSession })).status).toBe(403);
    expect((await t.call("DELETE", `/v1/links/${link.id}`, { auth: await a.member("member") })).status).toBe(200);
  });
});
