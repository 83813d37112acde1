/**
 * Invitations after the security review (issue 30): the admin's answer no longer says whether the invited email has
 * an account somewhere on the server (neither does the mail copy in the outbox, nor the audit line of the
 * acceptance); the invitee's lookup and accept routes are limited per client address (429 `rate_limited` with
 * `Retry-After`); and an invitation lives only as long as its inviter may make it: demoting or removing the inviter
 * revokes it in the same transaction (audit `invitation.revoked` with the reason), and one whose inviter lost the
 * right some other way is refused when its link is used.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type Session, type TestApp, type TestOrg } from "../helpers/app";
import { invitations, members } from "../../src/domains/accounts/tables";
import { mailOutbox } from "../../src/platform/mail/tables";
import { INVITATION_LIMIT } from "../../src/domains/accounts/invitation-throttle";
import { randomToken, sha256 } from "../../src/platform/crypto";

let t: TestApp;
const CSRF = { "x-svc-csrf": "1" };
const tokenOf = (url: string) => new URL(url).hash.slice(1);
let address = 0;
/** A fresh client address for each call, so the per-address limit is only met where a test means to meet it. */
const fresh = () => ({ "x-forwarded-for": `203.0.113.${++address % 250}` });

async function invite(by: Session, email: string, role = "member") {
  const r = await t.call("POST", "/v1/members", { auth: by, body: { email, role } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

const lookup = (token: string, headers: Record<string, string> = fresh()) =>
  t.call("POST", "/v1/invitations/lookup", { body: { token }, headers });

const accept = (token: string, password: string, headers: Record<string, string> = fresh()) =>
  t.call("POST", "/v1/invitations/accept", { body: { token, password }, headers: { ...CSRF, ...headers } });

/** The member row of a session in its organisation. */
async function memberOf(org: TestOrg, session: Session) {
  const me = await t.call("GET", "/v1/me", { auth: session });
  const list = await t.call("GET", "/v1/members?limit=100", { auth: org.owner });
  return list.body.data.find((m: any) => m.user_id === me.body.user.id) as { id: string; email: string };
}

const auditOf = async (org: TestOrg, action: string) =>
  (await t.call("GET", `/v1/audit-log?action=${action}`, { auth: org.owner })).body.data as any[];

beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe("no cross-organisation account_exists", () => {
  test("the invitation answer and the acceptance's audit line do not say the email has an account elsewhere", async () => {
    const elsewhere = await t.org({ name: "Elsewhere Ltd" });
    const joined = await invite(elsewhere.owner, "dana@example.com");
    expect((await accept(tokenOf(joined.url), "dana-own-password")).status).toBe(200);

    const org = await t.org({ name: "Curious Co" });
    const admin = await org.member("admin");
    const existing = await invite(admin, "dana@example.com");
    const brandNew = await invite(admin, "nobody-yet@example.com");
    for (const answer of [existing, brandNew]) {
      expect(answer).not.toHaveProperty("account_exists");
      expect(Object.keys(answer).sort()).toEqual(Object.keys(brandNew).sort());
    }

    // The link's holder is told, so the accept page can ask for a sign-in rather than a new password.
    expect((await lookup(tokenOf(existing.url))).body.account_exists).toBe(true);
    expect((await lookup(tokenOf(brandNew.url))).body.account_exists).toBe(false);

    expect((await accept(tokenOf(brandNew.url), "newcomer-password")).status).toBe(200);
    const accepted = await auditOf(org, "invitation.accepted");
    expect(accepted.map((e) => e.details)).toEqual([{ email: "nobody-yet@example.com" }]);
  }, 30_000);

  test("the invitation email (which admins can read in the outbox) reads the same whether or not an account exists", async () => {
    const t2 = await makeTestApp({ PLAUDIT_SMTP_URL: "smtp://127.0.0.1:2525" });
    try {
      const home = await t2.org();
      const first = await t2.call("POST", "/v1/members", {
        auth: home.owner,
        body: { email: "has-account@example.com", role: "member" },
      });
      await t2.call("POST", "/v1/invitations/accept", {
        body: { token: tokenOf(first.body.url), password: "has-account-pw" },
        headers: CSRF,
      });
      const org = await t2.org({ name: "Mail Co" });
      const text = async (email: string) => {
        const r = await t2.call("POST", "/v1/members", { auth: org.owner, body: { email, role: "member" } });
        expect(r.status).toBe(201);
        expect(r.body).not.toHaveProperty("account_exists");
        const mail = t2.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).all().at(-1)!;
        return mail.text.replace(r.body.url, "<link>");
      };
      const forExisting = await text("has-account@example.com");
      const forNew = await text("no-account@example.com");
      expect(forExisting).toBe(forNew);
      expect(forNew).toContain("If you already have an account with this email, sign in");
      const outbox = await t2.call("GET", "/v1/outbox", { auth: org.owner });
      const texts = outbox.body.data.map((m: any) => m.text.replace(/http\S+/, "<link>"));
      expect(new Set(texts).size).toBe(1);
    } finally {
      t2.close();
    }
  }, 30_000);
});

describe("the invitee's routes are limited per client address", () => {
  test(`lookup and accept together: ${INVITATION_LIMIT.requests} calls per 10 minutes, then 429 rate_limited with Retry-After`, async () => {
    const org = await t.org();
    const inv = await invite(org.owner, "limited@example.com");
    const token = tokenOf(inv.url);
    const from = { "x-forwarded-for": "198.51.100.7" };
    for (let i = 0; i < INVITATION_LIMIT.requests - 2; i++) expect((await lookup(token, from)).status).toBe(200);
    // Accepting counts too, and a malformed call as much as a good one.
    expect((await accept(token, "short", from)).status).toBe(400);
    const bad = await t.call("POST", "/v1/invitations/lookup", { body: { token: 5 }, headers: from });
    expect(bad.status).toBe(400);

    const refused = await lookup(token, from);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: "rate_limited", request_id: expect.any(String) });
    expect(refused.body.error.message).toContain("wait a few minutes");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(refused.body.error.details.retry_after_seconds).toBe(retryAfter);
    const refusedAccept = await accept(token, "limited-password", from);
    expect(refusedAccept.status).toBe(429);
    expect(refusedAccept.headers.get("retry-after")).toBeTruthy();

    // Another address is not held back, and the refused accept did not use the link.
    expect((await lookup(token, { "x-forwarded-for": "198.51.100.8" })).status).toBe(200);
    // Once the window has passed, the same address is served again.
    t.clock.advance(retryAfter * 1000);
    expect((await accept(token, "limited-password", from)).status).toBe(200);
  }, 30_000);
});

describe("an invitation lives only as long as its inviter may make it", () => {
  test("demoting an admin to member revokes their pending invitations; the link then answers 404", async () => {
    const org = await t.org();
    const admin = await org.member("admin");
    const pending = await invite(admin, "waiting@example.com", "admin");
    const ownersOwn = await invite(org.owner, "kept@example.com");
    const row = await memberOf(org, admin);

    const demoted = await t.call("PATCH", `/v1/members/${row.id}`, { auth: org.owner, body: { role: "member" } });
    expect(demoted.status).toBe(200);
    const stored = t.deps.db.select().from(invitations).where(eq(invitations.id, pending.id)).get()!;
    expect(stored.revokedAt).toBe(t.clock.now());
    const listed = (await t.call("GET", "/v1/invitations", { auth: org.owner })).body.data.map((i: any) => i.id);
    expect(listed).toEqual([ownersOwn.id]);
    const revoked = await auditOf(org, "invitation.revoked");
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({
      target_id: pending.id,
      details: { email: "waiting@example.com", role: "admin", reason: "inviter_role_changed" },
    });

    const r = await accept(tokenOf(pending.url), "waiting-password");
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("invitation_not_found");
    expect((await lookup(tokenOf(pending.url))).body.error.code).toBe("invitation_not_found");
    // The owner's own invitation is untouched.
    expect((await lookup(tokenOf(ownersOwn.url))).status).toBe(200);
  }, 30_000);

  test("removing an admin revokes theirs (reason inviter_removed)", async () => {
    const org = await t.org();
    const admin = await org.member("admin");
    const pending = await invite(admin, "orphan@example.com");
    const row = await memberOf(org, admin);
    expect((await t.call("DELETE", `/v1/members/${row.id}`, { auth: org.owner })).status).toBe(200);
    const revoked = await auditOf(org, "invitation.revoked");
    expect(revoked.map((e) => [e.target_id, e.details.reason])).toEqual([[pending.id, "inviter_removed"]]);
    const r = await accept(tokenOf(pending.url), "orphan-password");
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("invitation_not_found");
  }, 30_000);

  test("an owner made admin loses only the owner invitations an admin could not make", async () => {
    const org = await t.org();
    const second = await org.member("owner");
    const forOwner = await invite(second, "next-owner@example.com", "owner");
    const forAdmin = await invite(second, "next-admin@example.com", "admin");
    const row = await memberOf(org, second);
    expect((await t.call("PATCH", `/v1/members/${row.id}`, { auth: org.owner, body: { role: "admin" } })).status).toBe(
      200,
    );
    expect((await lookup(tokenOf(forOwner.url))).body.error.code).toBe("invitation_not_found");
    expect((await lookup(tokenOf(forAdmin.url))).status).toBe(200);
    const revoked = await auditOf(org, "invitation.revoked");
    expect(revoked.map((e) => e.target_id)).toEqual([forOwner.id]);
    expect((await accept(tokenOf(forAdmin.url), "next-admin-password")).status).toBe(200);
  }, 30_000);

  test("at accept time, an inviter who can no longer invite, or never could invite that role, makes the link unusable", async () => {
    const org = await t.org();
    const admin = await org.member("admin");
    const inv = await invite(admin, "late-check@example.com");
    // The role changed without going through the members routes (a hand edit, rows from before the rule).
    const row = await memberOf(org, admin);
    t.deps.db.update(members).set({ role: "member" }).where(eq(members.id, row.id)).run();
    expect((await lookup(tokenOf(inv.url))).body.error.code).toBe("invitation_not_found");
    const r = await accept(tokenOf(inv.url), "late-check-password");
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("invitation_not_found");

    // An owner invitation carrying an admin as its inviter: an admin cannot make owners, so it is refused.
    const other = await org.member("admin");
    const otherId = (await t.call("GET", "/v1/me", { auth: other })).body.user.id;
    const token = randomToken(32);
    t.deps.db
      .insert(invitations)
      .values({
        id: `inv_${"1".repeat(26)}`,
        orgId: org.id,
        email: "sneaky-owner@example.com",
        role: "owner",
        name: "",
        tokenHash: sha256(token),
        invitedByUserId: otherId,
        createdAt: t.clock.now(),
        expiresAt: t.clock.now() + 86400_000,
      })
      .run();
    expect((await accept(token, "sneaky-owner-password")).body.error.code).toBe("invitation_not_found");
    const members_ = (await t.call("GET", "/v1/members?limit=100", { auth: org.owner })).body.data;
    expect(members_.map((m: any) => m.email)).not.toContain("sneaky-owner@example.com");
  }, 30_000);
});
