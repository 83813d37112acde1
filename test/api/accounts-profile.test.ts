/**
 * The profile page's routes (issue 29): a person changes their name; their password (with the current one; other
 * sessions end); and their email, which changes only when the link sent to the new address is confirmed, while the
 * old address is told. The answer never says whether the new address has an account (that address is told instead,
 * without a link); the outbox keeps no working link; a newer request or a cancel kills the older link; confirming
 * ends pending password resets (their links went to the old address). API keys are refused.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { makeTestApp, type Session, type TestApp } from "../helpers/app";
import { createOrganisation } from "../../src/domains/accounts";
import { MAIL_LINK_MARK } from "../../src/platform/mail/queue-mail";
import { mailOutbox } from "../../src/platform/mail/tables";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";

const CSRF = { "x-svc-csrf": "1" };
const registry = buildRegistry();
const USER = { email: "pat@example.com", password: "pat-password-1", name: "Pat" };
const OTHER = { email: "taken@example.com", password: "taken-password-1" };

let t: TestApp;
let orgId: string;
let me: Session;
const sent: { to: string; subject: string; text: string }[] = [];
let caller = 0;
const from = () => ({ ...CSRF, "x-forwarded-for": `192.0.2.${(caller++ % 250) + 1}` });

async function signIn(email: string, password: string): Promise<Session> {
  const r = await t.call("POST", "/v1/auth/login", { body: { email, password }, headers: from() });
  expect(r.status).toBe(200);
  return { cookie: r.headers.get("set-cookie")!.split(";")[0]!, orgId };
}

/** Runs the mail jobs; the messages handed to the transport since. */
async function deliver() {
  const before = sent.length;
  await runDueJobs(t.deps, registry);
  return sent.slice(before);
}

const tokenIn = (text: string) => /\/confirm-email#([A-Za-z0-9_-]+)/.exec(text)?.[1];

beforeAll(async () => {
  t = await makeTestApp();
  t.deps.mailer = {
    delivers: true,
    send: async (m) => (sent.push({ to: m.to, subject: m.subject, text: m.text }), { messageId: `<${sent.length}@t>` }),
    close() {},
  };
  orgId = createOrganisation(t.deps, { name: "Profile Co", owner: USER }).org.id;
  createOrganisation(t.deps, { name: "Other Co", owner: OTHER });
  me = await signIn(USER.email, USER.password);
});
afterAll(() => t.close());

describe("name and password", () => {
  test("the account view, then a new name", async () => {
    const view = await t.call("GET", "/v1/me/account", { auth: me });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ email: USER.email, name: "Pat", has_password: true, pending_email: null });
    const renamed = await t.call("PATCH", "/v1/me", { auth: me, body: { name: "Pat Quinlan" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.user.name).toBe("Pat Quinlan");
    expect((await t.call("GET", "/v1/me/account", { auth: me })).body.name).toBe("Pat Quinlan");
  });

  test("a new password needs the current one and ends the other sessions, not this one", async () => {
    const elsewhere = await signIn(USER.email, USER.password);
    const wrong = await t.call("PATCH", "/v1/me", {
      auth: me,
      body: { password: "pat-password-2", current_password: "not-it-at-all" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details.field).toBe("current_password");
    const ok = await t.call("PATCH", "/v1/me", {
      auth: me,
      body: { password: "pat-password-2", current_password: USER.password },
    });
    expect(ok.status).toBe(200);
    expect((await t.call("GET", "/v1/me", { auth: me })).status).toBe(200);
    expect((await t.call("GET", "/v1/me", { auth: elsewhere })).status).toBe(401);
    USER.password = "pat-password-2";
    await signIn(USER.email, USER.password);
  });
});

describe("email", () => {
  // Each test starts with the person's hourly allowance of email changes unused.
  beforeEach(() => t.clock.advance(2 * 60 * 60_000));

  test("a change is confirmed by the link sent to the new address; the old address is told; nothing changes before", async () => {
    const wrong = await t.call("POST", "/v1/me/email-change", {
      auth: me,
      body: { email: "pat.new@example.com", current_password: "wrong-password" },
    });
    expect(wrong.status).toBe(400);
    const asked = await t.call("POST", "/v1/me/email-change", {
      auth: me,
      body: { email: "Pat.New@Example.com", current_password: USER.password },
    });
    expect(asked.status).toBe(202);
    expect(asked.body.email).toBe(USER.email);
    expect(asked.body.pending_email.email).toBe("pat.new@example.com");

    // The outbox copy of the confirmation holds a placeholder, not the link.
    const copies = t.deps.db
      .select()
      .from(mailOutbox)
      .all()
      .filter((m) => m.to === "pat.new@example.com");
    expect(copies).toHaveLength(1);
    expect(copies[0]!.text).toContain(MAIL_LINK_MARK);

    const mails = await deliver();
    const confirm = mails.find((m) => m.to === "pat.new@example.com")!;
    const notice = mails.find((m) => m.to === USER.email)!;
    expect(notice.text).toContain("pat.new@example.com");
    expect(tokenIn(notice.text)).toBeUndefined();
    const token = tokenIn(confirm.text)!;
    expect(token).toBeTruthy();
    expect(JSON.stringify(t.deps.db.select().from(mailOutbox).all())).not.toContain(token);

    // Still the old address until confirmed.
    expect((await t.call("GET", "/v1/me", { auth: me })).body.user.email).toBe(USER.email);
    const look = await t.call("POST", "/v1/auth/email-change/lookup", { body: { token }, headers: from() });
    expect(look.body).toMatchObject({ email: USER.email, new_email: "pat.new@example.com" });

    // A reset link asked before the change went to the old address: it stops working with the change.
    await t.call("POST", "/v1/auth/password-reset", { body: { email: USER.email }, headers: from() });
    const reset = /\/reset-password#([A-Za-z0-9_-]+)/.exec(
      (await deliver()).find((m) => m.to === USER.email)!.text,
    )![1];

    const done = await t.call("POST", "/v1/auth/email-change/confirm", { body: { token }, headers: from() });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ changed: true, email: "pat.new@example.com" });
    expect((await t.call("GET", "/v1/me", { auth: me })).body.user.email).toBe("pat.new@example.com");
    const oldLogin = { email: USER.email, password: USER.password };
    expect((await t.call("POST", "/v1/auth/login", { body: oldLogin, headers: from() })).status).toBe(401);
    await signIn("pat.new@example.com", USER.password);
    const again = await t.call("POST", "/v1/auth/email-change/confirm", { body: { token }, headers: from() });
    expect(again.status).toBe(404);
    const lateReset = await t.call("POST", "/v1/auth/password-reset/lookup", {
      body: { token: reset },
      headers: from(),
    });
    expect(lateReset.status).toBe(404);
    USER.email = "pat.new@example.com";
  });

  test("an address with an account: the same answer, and that address gets a notice without a link", async () => {
    const asked = await t.call("POST", "/v1/me/email-change", {
      auth: me,
      body: { email: OTHER.email, current_password: USER.password },
    });
    expect(asked.status).toBe(202);
    expect(asked.body.pending_email.email).toBe(OTHER.email);
    const mails = await deliver();
    const toTaken = mails.find((m) => m.to === OTHER.email)!;
    expect(toTaken.text).toContain("already has a Plaudit account");
    expect(tokenIn(toTaken.text)).toBeUndefined();
    expect((await t.call("GET", "/v1/me", { auth: me })).body.user.email).toBe(USER.email);
  });

  test("a newer request and a cancel kill the older link", async () => {
    await t.call("POST", "/v1/me/email-change", {
      auth: me,
      body: { email: "first@example.com", current_password: USER.password },
    });
    const first = tokenIn((await deliver()).find((m) => m.to === "first@example.com")!.text)!;
    await t.call("POST", "/v1/me/email-change", {
      auth: me,
      body: { email: "second@example.com", current_password: USER.password },
    });
    const second = tokenIn((await deliver()).find((m) => m.to === "second@example.com")!.text)!;
    expect(
      (await t.call("POST", "/v1/auth/email-change/confirm", { body: { token: first }, headers: from() })).status,
    ).toBe(404);
    const cancelled = await t.call("DELETE", "/v1/me/email-change", { auth: me });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.pending_email).toBeNull();
    const r = await t.call("POST", "/v1/auth/email-change/confirm", { body: { token: second }, headers: from() });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe("email_link_invalid");
  });

  test("the link expires after a day", async () => {
    await t.call("POST", "/v1/me/email-change", {
      auth: me,
      body: { email: "slow@example.com", current_password: USER.password },
    });
    const token = tokenIn((await deliver()).find((m) => m.to === "slow@example.com")!.text)!;
    t.clock.advance(24 * 60 * 60_000 + 1);
    const r = await t.call("POST", "/v1/auth/email-change/confirm", { body: { token }, headers: from() });
    expect(r.status).toBe(410);
    expect(r.body.error.code).toBe("email_link_expired");
  });

  test("refused: the same address, a malformed one, a server without SMTP, API keys", async () => {
    const same = await t.call("POST", "/v1/me/email-change", {
      auth: me,
      body: { email: USER.email, current_password: USER.password },
    });
    expect(same.status).toBe(400);
    const malformed = await t.call("POST", "/v1/me/email-change", {
      auth: me,
      body: { email: "no-at-sign", current_password: USER.password },
    });
    expect(malformed.status).toBe(400);
    t.deps.mailer = { ...t.deps.mailer, delivers: false };
    const noMail = await t.call("POST", "/v1/me/email-change", {
      auth: me,
      body: { email: "later@example.com", current_password: USER.password },
    });
    expect(noMail.status).toBe(409);
    expect(noMail.body.error.code).toBe("mail_not_configured");
    t.deps.mailer = { ...t.deps.mailer, delivers: true };
    const { liveKey } = await t.org();
    expect((await t.call("GET", "/v1/me/account", { auth: liveKey })).status).toBe(403);
    expect(
      (await t.call("POST", "/v1/me/email-change", { auth: liveKey, body: { email: "k@example.com" } })).status,
    ).toBe(403);
  });
});
