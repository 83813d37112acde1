/** Scenario tables for sign-in, API keys, members, billing, social sign-in routes and the outbox. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { createOrganisation } from "../../src/domains/accounts";

let t: TestApp;
let a: TestOrg;
/** Sign-in and sign-out need the header the dashboard sends (a cross-site form cannot). */
const CSRF = { "x-svc-csrf": "1" };

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
});
afterAll(() => t.close());

describe("sign-in", () => {
  test("login sets an HttpOnly cookie; /v1/me answers; logout ends it", async () => {
    createOrganisation(t.deps, {
      name: "Login Co",
      plan: "free",
      owner: { email: "pat@example.com", password: "correct horse" },
    });
    const bad = await t.call("POST", "/v1/auth/login", {
      body: { email: "pat@example.com", password: "wrong password" },
      headers: CSRF,
    });
    expect(bad.status).toBe(401);
    const r = await t.call("POST", "/v1/auth/login", {
      body: { email: "PAT@example.com", password: "correct horse" },
      headers: CSRF,
    });
    expect(r.status).toBe(200);
    const cookie = r.headers.get("set-cookie")!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(r.body.memberships[0]).toMatchObject({ org_name: "Login Co", role: "owner", plan: "free" });
    const session = { cookie: cookie.split(";")[0]!, orgId: r.body.memberships[0].org_id };
    const me = await t.call("GET", "/v1/me", { auth: session });
    expect(me.body.user.email).toBe("pat@example.com");
    // A session works on a free plan: the API-access rule is for keys.
    expect((await t.call("GET", "/v1/brands", { auth: session })).status).toBe(200);
    await t.call("POST", "/v1/auth/logout", { auth: session });
    expect((await t.call("GET", "/v1/me", { auth: session })).status).toBe(401);
  });

  test("unknown email and wrong password get the same answer", async () => {
    const r = await t.call("POST", "/v1/auth/login", {
      body: { email: "nobody@example.com", password: "whatever1" },
      headers: CSRF,
    });
    expect(r.status).toBe(401);
    expect(r.body.error.message).toBe("That email and password do not match an account.");
  });

  test("a session picks the sandbox with X-Svc-Mode", async () => {
    const live = await t.call("GET", "/v1/brands", { auth: a.owner });
    const test_ = await t.call("GET", "/v1/brands", { auth: a.owner, mode: "test" });
    expect(live.body.data[0].mode).toBe("live");
    expect(test_.body.data[0]).toMatchObject({ mode: "test", slug: "default" });
    expect((await t.call("GET", "/v1/brands", { auth: a.owner, headers: { "x-svc-mode": "prod" } })).status).toBe(400);
  });

  test("an organisation the person is not in is 404", async () => {
    const other = await t.org();
    expect((await t.call("GET", "/v1/brands", { auth: { ...a.owner, orgId: other.id } })).status).toBe(404);
  });
});

describe("API keys", () => {
  test("created in the session's mode, shown once, listed without the secret", async () => {
    const r = await t.call("POST", "/v1/api-keys", {
      auth: a.owner,
      mode: "test",
      body: { name: "CI", scopes: ["submissions:read", "brands:read"] },
    });
    expect(r.status).toBe(201);
    expect(r.body.secret).toMatch(/^rk_test_[A-Za-z0-9_-]{32}$/);
    expect(r.body).toMatchObject({
      mode: "test",
      scopes: ["submissions:read", "brands:read"],
      last4: r.body.secret.slice(-4),
    });
    const list = await t.call("GET", "/v1/api-keys", { auth: a.owner, mode: "test" });
    expect(JSON.stringify(list.body)).not.toContain(r.body.secret);
    expect(list.body.data.map((k: any) => k.id)).toContain(r.body.id);
    const live = await t.call("GET", "/v1/api-keys", { auth: a.owner, mode: "live" });
    expect(live.body.data.map((k: any) => k.id)).not.toContain(r.body.id);
    const brands = await t.call("GET", "/v1/brands", { auth: r.body.secret });
    expect(brands.body.data[0].mode).toBe("test");
  });

  const refused: [string, () => any, number][] = [
    ["an API key (session-only route)", () => a.testKey, 403],
    ["a member (role)", () => a.member("member"), 403],
    ["nobody", () => undefined, 401],
  ];
  for (const [who, auth, status] of refused) {
    test(`key routes refuse ${who} with ${status}`, async () => {
      const r = await t.call("POST", "/v1/api-keys", { auth: await auth(), body: { name: "x" } });
      expect(r.status).toBe(status);
    });
  }

  test("unknown scopes are 400; revoking another org's key is 404", async () => {
    expect((await t.call("POST", "/v1/api-keys", { auth: a.owner, body: { scopes: ["everything"] } })).status).toBe(
      400,
    );
    const other = await t.org();
    const k = await t.call("POST", "/v1/api-keys", { auth: other.owner, body: {} });
    expect((await t.call("DELETE", `/v1/api-keys/${k.body.id}`, { auth: a.owner })).status).toBe(404);
  });

  test("the scope list is there for whoever manages keys; strangers get 401", async () => {
    expect((await t.call("GET", "/v1/api-keys/scopes", {})).status).toBe(401);
    const r = await t.call("GET", "/v1/api-keys/scopes", { auth: a.owner });
    expect(r.body.data.map((s: any) => s.scope)).toEqual(
      expect.arrayContaining(["submissions:read", "submissions:write", "webhooks:manage"]),
    );
  });
});

describe("members", () => {
  test("owners invite people, change roles; the last owner stays", async () => {
    const org = await t.org();
    const invited = await t.call("POST", "/v1/members", {
      auth: org.owner,
      body: { email: "sam@example.com", role: "admin" },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: "sam@example.com", role: "admin", status: "pending" });
    const token = new URL(invited.body.url).hash.slice(1);
    const accepted = await t.call("POST", "/v1/invitations/accept", {
      body: { token, name: "Sam", password: "sam-own-password" },
      headers: CSRF,
    });
    expect(accepted.status).toBe(200);
    expect(
      (await t.call("POST", "/v1/members", { auth: org.owner, body: { email: "sam@example.com", role: "member" } }))
        .status,
    ).toBe(409);
    const list = await t.call("GET", "/v1/members", { auth: org.owner });
    const sam = list.body.data.find((m: any) => m.email === "sam@example.com");
    expect(sam).toMatchObject({ role: "admin", name: "Sam" });
    const owner = list.body.data.find((m: any) => m.role === "owner");
    const last = await t.call("PATCH", `/v1/members/${owner.id}`, { auth: org.owner, body: { role: "admin" } });
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe("last_owner");
    expect((await t.call("PATCH", `/v1/members/${sam.id}`, { auth: org.owner, body: { role: "boss" } })).status).toBe(
      400,
    );
    expect((await t.call("DELETE", `/v1/members/${sam.id}`, { auth: org.owner })).status).toBe(200);
  });

  test("an admin cannot make owners; a member cannot manage members", async () => {
    const admin = await a.member("admin");
    expect(
      (await t.call("POST", "/v1/members", { auth: admin, body: { email: "x1@example.com", role: "owner" } })).status,
    ).toBe(403);
    expect(
      (await t.call("POST", "/v1/members", { auth: admin, body: { email: "x2@example.com", role: "member" } })).status,
    ).toBe(201);
    const member = await a.member("member");
    expect(
      (await t.call("POST", "/v1/members", { auth: member, body: { email: "x3@example.com", role: "member" } })).status,
    ).toBe(403);
    expect((await t.call("GET", "/v1/members", { auth: a.liveKey })).status).toBe(403);
  });
});

describe("billing", () => {
  test("usage lists every allowance with used and limit; test mode has its own", async () => {
    const live = await t.call("GET", "/v1/billing/usage", { auth: a.liveKey });
    expect(live.status).toBe(200);
    const imported = live.body.allowances.find((x: any) => x.name === "imported_reviews");
    expect(imported).toMatchObject({ used: 0, limit: 5000 });
    const sandbox = await t.call("GET", "/v1/billing/usage", { auth: a.testKey });
    expect(sandbox.body.allowances.find((x: any) => x.name === "imported_reviews").limit).toBe(100);
  });

  test("only an owner changes the plan; unknown plans are 400", async () => {
    const org = await t.org({ plan: "free" });
    const admin = await org.member("admin");
    expect((await t.call("POST", "/v1/billing/change-plan", { auth: admin, body: { plan: "core" } })).status).toBe(403);
    expect((await t.call("POST", "/v1/billing/change-plan", { auth: org.owner, body: { plan: "gold" } })).status).toBe(
      400,
    );
    const r = await t.call("POST", "/v1/billing/change-plan", { auth: org.owner, body: { plan: "core" } });
    expect(r.body.plan).toBe("core");
    expect((await t.call("GET", "/v1/brands", { auth: org.testKey })).status).toBe(200);
  });

  test("checkout and portal without Stripe say billing_not_configured", async () => {
    const r = await t.call("POST", "/v1/billing/checkout", { auth: a.owner, body: { plan: "plus" } });
    expect(r.status).toBe(501);
    expect(r.body.error.code).toBe("billing_not_configured");
    expect((await t.call("POST", "/v1/billing/portal", { auth: a.owner })).body.error.code).toBe(
      "billing_not_configured",
    );
  });
});

describe("session-only social sign-in routes", () => {
  const routes: [string, string, unknown?][] = [
    ["GET", "/v1/auth/social"],
    ["POST", "/v1/auth/social", { provider: "github" }],
    ["GET", "/v1/auth/callback/github?code=x&state=y"],
    ["GET", "/v1/me/auth-methods"],
    ["POST", "/v1/me/auth-methods", { provider: "github" }],
    ["DELETE", "/v1/me/auth-methods", { provider: "github" }],
  ];
  for (const [method, path, body] of routes) {
    test(`${method} ${path} refuses API keys`, async () => {
      const r = await t.call(method, path, { auth: a.liveKey, body });
      expect(r.status).toBe(403);
      expect(r.body.error.details.reason).toBe("session_only");
    });
  }

  test("lists providers; an unconfigured one is refused clearly", async () => {
    const list = await t.call("GET", "/v1/auth/social", {});
    expect(list.body.data).toEqual([
      { id: "github", name: "GitHub", configured: false },
      { id: "google", name: "Google", configured: false },
    ]);
    const r = await t.call("POST", "/v1/auth/social", { body: { provider: "github" }, headers: CSRF });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe("provider_not_configured");
    const methods = await t.call("GET", "/v1/me/auth-methods", { auth: a.owner });
    expect(methods.body).toMatchObject({ password: false, identities: [] });
  });

  test("a configured provider gives an authorization address and a state cookie", async () => {
    const t2 = await (await import("../helpers/app")).makeTestApp({
      PLAUDIT_GITHUB_CLIENT_ID: "id123",
      PLAUDIT_GITHUB_CLIENT_SECRET: "s3cret",
    });
    try {
      const r = await t2.call("POST", "/v1/auth/social", { body: { provider: "github" }, headers: CSRF });
      expect(r.status).toBe(200);
      expect(r.body.authorization_url).toStartWith("https://github.com/login/oauth/authorize?");
      expect(r.body.authorization_url).toContain("client_id=id123");
      expect(r.headers.get("set-cookie")).toContain("plaudit_oauth=");
      const cb = await t2.call("GET", "/v1/auth/callback/github?code=abc&state=forged", {});
      expect(cb.status).toBe(302);
      expect(cb.headers.get("location")).toContain("signin_error=");
    } finally {
      t2.close();
    }
  });
});

describe("outbox", () => {
  test("owners read it; keys cannot", async () => {
    expect((await t.call("GET", "/v1/outbox", { auth: a.owner })).status).toBe(200);
    expect((await t.call("GET", "/v1/outbox", { auth: a.liveKey })).status).toBe(403);
  });
});

describe("unknown routes and methods", () => {
  test("answer 404 in the error shape", async () => {
    const r = await t.call("GET", "/v1/nothing-here", { auth: a.liveKey });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("not_found");
  });
});

describe("audit log", () => {
  test("records key creation and plan changes; members and keys cannot read it", async () => {
    const org = await t.org({ plan: "starter" });
    await t.call("POST", "/v1/api-keys", { auth: org.owner, body: { name: "audit me" } });
    await t.call("POST", "/v1/billing/change-plan", { auth: org.owner, body: { plan: "core" } });
    const r = await t.call("GET", "/v1/audit-log", { auth: org.owner });
    expect(r.status).toBe(200);
    const actions = r.body.data.map((e: any) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["api_key.created", "plan.changed", "org.created"]));
    const plan = r.body.data.find((e: any) => e.action === "plan.changed");
    expect(plan.details).toEqual({ from: "starter", to: "core" });
    expect(plan.actor).toStartWith("user:usr_");
    const only = await t.call("GET", "/v1/audit-log?action=plan.changed", { auth: org.owner });
    expect(only.body.data).toHaveLength(1);
    expect((await t.call("GET", "/v1/audit-log", { auth: await org.member("member") })).status).toBe(403);
    expect((await t.call("GET", "/v1/audit-log", { auth: org.liveKey })).status).toBe(403);
  });
});

describe("your own account", () => {
  test("a password change needs the current password; the new one signs in", async () => {
    createOrganisation(t.deps, {
      name: "Pw Co",
      owner: { email: "pw@example.com", password: "first-password" },
    });
    const login = await t.call("POST", "/v1/auth/login", {
      body: { email: "pw@example.com", password: "first-password" },
      headers: CSRF,
    });
    const session = {
      cookie: login.headers.get("set-cookie")!.split(";")[0]!,
      orgId: login.body.memberships[0].org_id,
    };
    const wrong = await t.call("PATCH", "/v1/me", {
      auth: session,
      body: { password: "second-password", current_password: "nope" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details.field).toBe("current_password");
    expect((await t.call("PATCH", "/v1/me", { auth: session, body: { password: "short" } })).status).toBe(400);
    const ok = await t.call("PATCH", "/v1/me", {
      auth: session,
      body: { name: "Pat Q", password: "second-password", current_password: "first-password" },
    });
    expect(ok.body.user.name).toBe("Pat Q");
    expect(
      (
        await t.call("POST", "/v1/auth/login", {
          body: { email: "pw@example.com", password: "second-password" },
          headers: CSRF,
        })
      ).status,
    ).toBe(200);
    expect((await t.call("PATCH", "/v1/me", { auth: a.liveKey, body: { name: "x" } })).status).toBe(403);
  });
});
