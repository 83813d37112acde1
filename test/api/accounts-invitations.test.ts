/**
 * Invitations, and the account pre-hijack they close: an organisation can no longer choose the password of an
 * account (POST /v1/members refuses `password`), and an account that exists can only join another organisation
 * when that organisation's link is accepted by someone signed in as it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type Session, type TestApp, type TestOrg } from "../helpers/app";
import { MAIL_LINK_MARK } from "../../src/platform/mail/queue-mail";
import { mailOutbox } from "../../src/platform/mail/tables";
import { invitations } from "../../src/domains/accounts/tables";
import { addMember } from "../../src/domains/accounts/members";
import { systemCtx } from "../../src/platform/context";
import { sha256 } from "../../src/platform/crypto";
import { completeAuthorization, verifyCallback } from "../../src/domains/accounts/social";
import { accountCtx } from "../../src/domains/accounts/users";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

let t: TestApp;
let a: TestOrg;
const CSRF = { "x-svc-csrf": "1" };
const tokenOf = (url: string) => new URL(url).hash.slice(1);

async function login(email: string, password: string, orgId = "") {
  const r = await t.call("POST", "/v1/auth/login", { body: { email, password }, headers: CSRF });
  return {
    status: r.status,
    body: r.body,
    session: r.status === 200 ? ({ cookie: r.headers.get("set-cookie")!.split(";")[0]!, orgId } as Session) : null,
  };
}

async function invite(by: Session, email: string, role = "member") {
  const r = await t.call("POST", "/v1/members", { auth: by, body: { email, role } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
});
afterAll(() => t.close());

describe("the cross-organisation pre-hijack", () => {
  test("org A can neither set a password through POST /v1/members nor, by accepting its own link, get into org B", async () => {
    const orgA = await t.org({ name: "Attacker Co" });
    const orgB = await t.org({ name: "Victim Co" });
    const adminA = await orgA.member("admin");

    // Step 1 of the old attack: add the victim with a password A chooses. Refused, and nothing is created.
    const withPassword = await t.call("POST", "/v1/members", {
      auth: adminA,
      body: { email: "cfo@orgb.test", role: "member", password: "attacker-chosen-1" },
    });
    expect(withPassword.status).toBe(400);
    expect(withPassword.body.error.details.field).toBe("password");
    expect(withPassword.body.error.message).toContain("invitation");
    expect((await login("cfo@orgb.test", "attacker-chosen-1")).status).toBe(401);

    // The worst A can do now: invite the address and accept its own link, choosing the password, then remove them.
    const invA = await invite(adminA, "cfo@orgb.test");
    const acceptA = await t.call("POST", "/v1/invitations/accept", {
      body: { token: tokenOf(invA.url), password: "attacker-chosen-1" },
      headers: CSRF,
    });
    expect(acceptA.status).toBe(200);
    const membersA = await t.call("GET", "/v1/members", { auth: adminA });
    const cfoInA = membersA.body.data.find((m: any) => m.email === "cfo@orgb.test");
    expect((await t.call("DELETE", `/v1/members/${cfoInA.id}`, { auth: adminA })).status).toBe(200);

    // B's owner invites the same address: the existing account is NOT linked by the invitation itself.
    const invB = await invite(orgB.owner, "cfo@orgb.test", "admin");
    // The answer does not say the address already has an account (in A): that is not B's to learn (issue 30).
    expect(invB).not.toHaveProperty("account_exists");
    const membersB = await t.call("GET", "/v1/members", { auth: orgB.owner });
    expect(membersB.body.data.map((m: any) => m.email)).not.toContain("cfo@orgb.test");

    // A's password signs in, but reaches no organisation, and certainly not B.
    const attacker = await login("cfo@orgb.test", "attacker-chosen-1");
    expect(attacker.status).toBe(200);
    expect(attacker.body.memberships.map((m: any) => m.org_id)).not.toContain(orgB.id);
    expect((await t.call("GET", "/v1/brands", { auth: { ...attacker.session!, orgId: orgB.id } })).status).toBe(404);

    // A cannot use a guessed or A's own (spent) token against B's invitation.
    expect(
      (
        await t.call("POST", "/v1/invitations/accept", {
          auth: { ...attacker.session!, orgId: orgA.id },
          body: { token: tokenOf(invA.url) },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call("POST", "/v1/invitations/accept", {
          auth: { ...attacker.session!, orgId: orgA.id },
          body: { token: "x".repeat(43) },
        })
      ).status,
    ).toBe(404);

    // Whoever holds B's link cannot set a new password on the existing account: they must sign in as it.
    const overwrite = await t.call("POST", "/v1/invitations/accept", {
      body: { token: tokenOf(invB.url), password: "b-chosen-password" },
      headers: CSRF,
    });
    expect(overwrite.status).toBe(401);
    expect(overwrite.body.error.code).toBe("sign_in_required");
    expect((await login("cfo@orgb.test", "b-chosen-password")).status).toBe(401);
    expect((await t.call("GET", "/v1/members", { auth: orgB.owner })).body.data.map((m: any) => m.email)).not.toContain(
      "cfo@orgb.test",
    );
  }, 20_000);

  test("operators alone add members directly; a password for an existing account is refused, not dropped", async () => {
    const ctx = systemCtx(a.id, "live", t.clock);
    expect(() =>
      unitOfWork(t.deps, { ...ctx, actor: { type: "user", userId: "usr_x", role: "owner", sessionId: null } }, (tx) =>
        addMember(tx, { email: "direct@example.com", role: "member" }),
      ),
    ).toThrow(/invitation/);
    unitOfWork(t.deps, ctx, (tx) => addMember(tx, { email: "direct@example.com", role: "member" }));
    const other = await t.org();
    expect(() =>
      unitOfWork(t.deps, systemCtx(other.id, "live", t.clock), (tx) =>
        addMember(tx, {
          email: "direct@example.com",
          role: "member",
          passwordHash: "$argon2id$x",
        }),
      ),
    ).toThrow(/already has an account/);
  }, 20_000);
});

describe("invitation lifecycle", () => {
  test("a new person sets their own name and password and is signed in; the link works once", async () => {
    const org = await t.org({ name: "Lifecycle Co" });
    const inv = await invite(org.owner, "New.Person@Example.com", "admin");
    expect(inv).toMatchObject({
      email: "new.person@example.com",
      role: "admin",
      status: "pending",
      emailed: false,
    });
    expect(inv).not.toHaveProperty("account_exists");
    expect(inv.id).toMatch(/^inv_[0-9a-z]{26}$/);
    expect(inv.url).toStartWith(`${t.deps.config.appUrl}/invite#`);
    const token = tokenOf(inv.url);
    // Only the hash is stored.
    const row = t.deps.db.select().from(invitations).where(eq(invitations.id, inv.id)).get()!;
    expect(row.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // Without SMTP the link is kept nowhere (not even the outbox).
    expect(t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, "new.person@example.com")).all()).toHaveLength(
      0,
    );

    const list = await t.call("GET", "/v1/invitations", { auth: org.owner });
    expect(list.body.data.map((i: any) => i.id)).toContain(inv.id);
    expect(JSON.stringify(list.body)).not.toContain(token);

    const look = await t.call("POST", "/v1/invitations/lookup", { body: { token } });
    expect(look.body).toMatchObject({
      org_name: "Lifecycle Co",
      email: "new.person@example.com",
      role: "admin",
      account_exists: false,
      signed_in_as: null,
    });

    expect(
      (await t.call("POST", "/v1/invitations/accept", { body: { token, password: "short" }, headers: CSRF })).status,
    ).toBe(400);
    const ok = await t.call("POST", "/v1/invitations/accept", {
      body: { token, name: "Nia New", password: "nia-own-password" },
      headers: CSRF,
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("set-cookie")).toContain("plaudit_session=");
    expect(ok.body.memberships).toEqual([expect.objectContaining({ org_id: org.id, role: "admin" })]);
    expect(ok.body.user).toMatchObject({ email: "new.person@example.com", name: "Nia New" });
    expect((await login("new.person@example.com", "nia-own-password")).status).toBe(200);

    const again = await t.call("POST", "/v1/invitations/accept", {
      body: { token, password: "another-password" },
      headers: CSRF,
    });
    expect(again.status).toBe(404);
    expect((await t.call("GET", "/v1/invitations", { auth: org.owner })).body.data.map((i: any) => i.id)).not.toContain(
      inv.id,
    );
  }, 20_000);

  test("an existing account accepts while signed in as itself, never as someone else", async () => {
    const home = await t.org();
    const joining = await t.org({ name: "Second Home" });
    const homeInv = await invite(home.owner, "rae@example.com");
    await t.call("POST", "/v1/invitations/accept", {
      body: { token: tokenOf(homeInv.url), password: "rae-own-password" },
      headers: CSRF,
    });

    const inv = await invite(joining.owner, "rae@example.com", "member");
    const token = tokenOf(inv.url);
    const signedOut = await t.call("POST", "/v1/invitations/lookup", { body: { token } });
    expect(signedOut.body).toMatchObject({ account_exists: true, signed_in_as: null });
    expect((await t.call("POST", "/v1/invitations/accept", { body: { token }, headers: CSRF })).body.error.code).toBe(
      "sign_in_required",
    );

    const stranger = await home.member("member");
    const wrong = await t.call("POST", "/v1/invitations/accept", { auth: stranger, body: { token } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.details.reason).toBe("wrong_account");

    const rae = (await login("rae@example.com", "rae-own-password", home.id)).session!;
    expect((await t.call("POST", "/v1/invitations/lookup", { auth: rae, body: { token } })).body.signed_in_as).toBe(
      "rae@example.com",
    );
    expect(
      (await t.call("POST", "/v1/invitations/accept", { auth: rae, body: { token, password: "new-password-1" } }))
        .status,
    ).toBe(400);
    const ok = await t.call("POST", "/v1/invitations/accept", { auth: rae, body: { token } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("set-cookie")).toBeNull();
    expect(ok.body.memberships.map((m: any) => m.org_id).sort()).toEqual([home.id, joining.id].sort());
  }, 20_000);

  test("revoked, replaced and expired links stop working; only admins list and revoke", async () => {
    const org = await t.org();
    const first = await invite(org.owner, "late@example.com");
    const second = await invite(org.owner, "late@example.com");
    expect(
      (await t.call("POST", "/v1/invitations/lookup", { body: { token: tokenOf(first.url) } })).body.error.code,
    ).toBe("invitation_not_found");
    const member = await org.member("member");
    expect((await t.call("GET", "/v1/invitations", { auth: member })).status).toBe(403);
    expect((await t.call("DELETE", `/v1/invitations/${second.id}`, { auth: member })).status).toBe(403);
    expect((await t.call("DELETE", `/v1/invitations/${second.id}`, { auth: a.owner })).status).toBe(404);
    expect((await t.call("GET", "/v1/invitations", { auth: org.liveKey })).status).toBe(403);
    const revoked = await t.call("DELETE", `/v1/invitations/${second.id}`, { auth: org.owner });
    expect(revoked.body.status).toBe("revoked");
    expect((await t.call("DELETE", `/v1/invitations/${second.id}`, { auth: org.owner })).status).toBe(409);
    const r = await t.call("POST", "/v1/invitations/accept", {
      body: { token: tokenOf(second.url), password: "late-password-1" },
      headers: CSRF,
    });
    expect(r.status).toBe(404);

    const third = await invite(org.owner, "later@example.com");
    t.clock.advance(7 * 24 * 3600_000 + 1);
    const expired = await t.call("POST", "/v1/invitations/accept", {
      body: { token: tokenOf(third.url), password: "later-password-1" },
      headers: CSRF,
    });
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe("invitation_expired");
    expect((await t.call("GET", "/v1/invitations", { auth: org.owner })).body.data).toEqual([]);
  }, 20_000);

  test("roles: admins cannot invite owners, members cannot invite; already-members are 409; accepting needs the CSRF header and our Origin", async () => {
    const org = await t.org();
    const admin = await org.member("admin");
    expect(
      (await t.call("POST", "/v1/members", { auth: admin, body: { email: "boss@example.com", role: "owner" } })).status,
    ).toBe(403);
    expect(
      (
        await t.call("POST", "/v1/members", {
          auth: await org.member("member"),
          body: { email: "m@example.com", role: "member" },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call("POST", "/v1/members", { auth: org.liveKey, body: { email: "k@example.com", role: "member" } }))
        .status,
    ).toBe(403);
    const inv = await invite(admin, "csrf@example.com");
    const token = tokenOf(inv.url);
    expect(
      (await t.call("POST", "/v1/invitations/accept", { body: { token, password: "csrf-password-1" } })).body.error
        .details.reason,
    ).toBe("csrf");
    const evil = await t.call("POST", "/v1/invitations/accept", {
      body: { token, password: "csrf-password-1" },
      headers: { ...CSRF, origin: "https://evil.example" },
    });
    expect(evil.status).toBe(403);
    const ok = await t.call("POST", "/v1/invitations/accept", {
      body: { token, password: "csrf-password-1" },
      headers: { ...CSRF, origin: new URL(t.deps.config.appUrl).origin },
    });
    expect(ok.status).toBe(200);
    expect(
      (await t.call("POST", "/v1/members", { auth: admin, body: { email: "csrf@example.com", role: "member" } })).body
        .error.code,
    ).toBe("already_member");
  }, 20_000);
});

describe("invitation mail", () => {
  test("with SMTP configured the link is mailed through the outbox queue", async () => {
    const t2 = await makeTestApp({ PLAUDIT_SMTP_URL: "smtp://127.0.0.1:2525" });
    try {
      const org = await t2.org({ name: "Mail Co" });
      const r = await t2.call("POST", "/v1/members", {
        auth: org.owner,
        body: { email: "mailed@example.com", role: "member" },
      });
      expect(r.status).toBe(201);
      expect(r.body.emailed).toBe(true);
      const mail = t2.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, "mailed@example.com")).all();
      expect(mail).toHaveLength(1);
      // In the organisation's name, from it (white label): the product is not named.
      expect(mail[0]!.subject).toBe("Join Mail Co");
      expect(mail[0]!.fromName).toBe("Mail Co");
      // The link is put in only when the email is handed to the SMTP server: the copy admins read holds none.
      expect(mail[0]!.text).not.toContain(r.body.url);
      expect(mail[0]!.text).toContain(MAIL_LINK_MARK);
      expect(mail[0]).toMatchObject({ status: "queued", linkKind: "invitation", linkRef: r.body.id });
    } finally {
      t2.close();
    }
  }, 20_000);
});

describe("social sign-in adopting an account by email", () => {
  test("drops a password someone else may have chosen, and that account's sessions", async () => {
    const t2 = await makeTestApp({ PLAUDIT_GITHUB_CLIENT_ID: "id", PLAUDIT_GITHUB_CLIENT_SECRET: "secret" });
    const realFetch = globalThis.fetch;
    try {
      // Org A's admin made the account through its own invitation and knows the password.
      const orgA = await t2.org();
      const inv = (
        await t2.call("POST", "/v1/members", { auth: orgA.owner, body: { email: "cfo@orgb.test", role: "member" } })
      ).body;
      const made = await t2.call("POST", "/v1/invitations/accept", {
        body: { token: tokenOf(inv.url), password: "attacker-chosen-1" },
        headers: CSRF,
      });
      const attackerSession = { cookie: made.headers.get("set-cookie")!.split(";")[0]!, orgId: orgA.id };
      // The real owner of the address signs in with GitHub (verified primary email): a faked provider here. arctic
      // exchanges the code with the runtime's fetch; Plaudit's own calls to GitHub's API go through deps.http.
      globalThis.fetch = (async (input: RequestInfo | URL) => {
        const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
        if (url.startsWith("https://github.com/login/oauth/access_token"))
          return Response.json({ access_token: "gho_x", token_type: "bearer", scope: "" });
        throw new Error(`unexpected fetch ${url}`);
      }) as typeof fetch;
      t2.deps.http = {
        async fetch(url, init) {
          expect(new Headers(init?.headers).get("authorization")).toBe("Bearer gho_x");
          if (url === "https://api.github.com/user") return Response.json({ id: 4242 });
          if (url === "https://api.github.com/user/emails")
            return Response.json([{ email: "cfo@orgb.test", primary: true, verified: true }]);
          throw new Error(`unexpected request ${url}`);
        },
      };
      const kept = { provider: "github", state: "s1", verifier: "v1", linkUserId: null, exp: t2.clock.now() + 60_000 };
      const identity = await verifyCallback(t2.deps, "github", "code", "s1", kept);
      const userId = unitOfWork(t2.deps, accountCtx(t2.clock), (tx) => completeAuthorization(tx, identity));
      globalThis.fetch = realFetch;
      expect(userId).toBe(made.body.user.id);
      expect(
        (
          await t2.call("POST", "/v1/auth/login", {
            body: { email: "cfo@orgb.test", password: "attacker-chosen-1" },
            headers: CSRF,
          })
        ).status,
      ).toBe(401);
      expect((await t2.call("GET", "/v1/me", { auth: attackerSession })).status).toBe(401);
    } finally {
      globalThis.fetch = realFetch;
      t2.close();
    }
  }, 20_000);
});
