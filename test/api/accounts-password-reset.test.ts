/**
 * Password reset by email (issue 29), through `app.handle` with a mail transport that keeps what it is handed: the
 * request answers the same, after the same time, for an address with an account and one without; the outbox copy and
 * the database hold no working token (the link is made when the email is sent); the link works once, for an hour,
 * sets the new password, ends every other session and signs this browser in; a newer link and an older one both die
 * once one is used; requests are limited per address and per client; a server without SMTP says so, for everyone.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type Session, type TestApp } from "../helpers/app";
import { findInFiles } from "../helpers/data-search";
import { createOrganisation } from "../../src/domains/accounts";
import { passwordResets } from "../../src/domains/accounts/tables";
import { RESET_ANSWER_MS } from "../../src/domains/accounts/password-reset-routes";
import { RESET_PER_CLIENT, RESET_PER_EMAIL } from "../../src/domains/accounts/account-throttle";
import { mailOutbox } from "../../src/platform/mail/tables";
import { MAIL_LINK_MARK } from "../../src/platform/mail/queue-mail";
import { LINK_GONE_NOTE } from "../../src/platform/mail/jobs";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import { sha256 } from "../../src/platform/crypto";

const CSRF = { "x-svc-csrf": "1" };
const USER = { email: "rita@example.com", password: "rita-old-password-1" };
const registry = buildRegistry();

let t: TestApp;
let orgId: string;
const sent: { to: string; subject: string; text: string }[] = [];
let caller = 0;

/** Each call from its own client address, so the per-client limit only counts where a test means it to. */
const from = () => ({ ...CSRF, "x-forwarded-for": `203.0.113.${(caller++ % 250) + 1}` });
const ask = (email: string, headers: Record<string, string> = from()) =>
  t.call("POST", "/v1/auth/password-reset", { body: { email }, headers });
const login = (email: string, password: string) =>
  t.call("POST", "/v1/auth/login", { body: { email, password }, headers: from() });

async function signIn(password: string): Promise<Session> {
  const r = await login(USER.email, password);
  expect(r.status).toBe(200);
  return { cookie: r.headers.get("set-cookie")!.split(";")[0]!, orgId };
}

/** Sends what is queued, as the mail job does; returns the tokens of the reset links handed to the transport. */
async function deliver(): Promise<string[]> {
  const before = sent.length;
  await runDueJobs(t.deps, registry);
  return sent
    .slice(before)
    .flatMap((m) => [...m.text.matchAll(/\/reset-password#([A-Za-z0-9_-]+)/g)].map((x) => x[1]!));
}

beforeAll(async () => {
  t = await makeTestApp();
  t.deps.mailer = {
    delivers: true,
    send: async (m) => (sent.push({ to: m.to, subject: m.subject, text: m.text }), { messageId: `<${sent.length}@t>` }),
    close() {},
  };
  orgId = createOrganisation(t.deps, { name: "Reset Co", owner: USER }).org.id;
});
afterAll(() => t.close());

describe("asking for a link tells nothing about the address", () => {
  test("an address with an account and one without get the same answer, neither faster", async () => {
    const timed = async (email: string) => {
      const start = performance.now();
      const r = await ask(email);
      return { status: r.status, body: r.body, ms: performance.now() - start };
    };
    // The first request of a fresh app prepares its statements: not part of the comparison.
    await timed("warm-up@example.com");
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[1]!;
    const known = [await timed(USER.email), await timed(USER.email), await timed(USER.email)];
    const unknown = [
      await timed("nobody-here@example.com"),
      await timed("no-one@example.com"),
      await timed("x@y.example"),
    ];
    for (const r of [...known, ...unknown]) {
      expect(r.status).toBe(202);
      expect(r.body).toEqual(known[0]!.body);
      // Both wait out the same floor, so the unknown address is never the faster one.
      expect(r.ms).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 5);
    }
    expect(known[0]!.body.mail_configured).toBe(true);
    expect(known[0]!.body.message).toContain("If an account uses this address");
    // What an address with an account costs more is a row and a queued email, well inside the floor: no email is
    // sent while the request waits (how close the two times are is measured by bench/account-guards.ts).
    expect(sent).toEqual([]);
    console.log(
      `password reset answers: median ${median(known.map((r) => r.ms)).toFixed(0)} ms with an account, ${median(unknown.map((r) => r.ms)).toFixed(0)} ms without`,
    );
    // Only the real account got resets and emails.
    expect(t.deps.db.select().from(passwordResets).all()).toHaveLength(3);
    const tokens = await deliver();
    expect(tokens).toHaveLength(3);
    expect(sent.at(-1)!.to).toBe(USER.email);
    expect(sent.at(-1)!.subject).toBe("Choose a new Plaudit password");
  });

  test("the outbox copy holds a placeholder, the database only the token's hash, and no organisation lists the email", async () => {
    await ask(USER.email);
    const row = t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.linkKind, "password_reset")).all().at(-1)!;
    expect(row.text).toContain(MAIL_LINK_MARK);
    expect(row.orgId).toBeNull();
    const [token] = await deliver();
    expect(token).toBeTruthy();
    const kept = t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id)).get()!;
    expect(kept.status).toBe("sent");
    expect(kept.text).not.toContain(token!);
    expect(
      t.deps.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, sha256(token!)))
        .get(),
    ).toBeTruthy();
    t.deps.db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    expect(findInFiles(t.dir, { token: token! })).toEqual([]);
    const owner = await signIn(USER.password);
    const outbox = await t.call("GET", "/v1/outbox", { auth: owner });
    expect(outbox.status).toBe(200);
    expect(JSON.stringify(outbox.body)).not.toContain("Choose a new Plaudit password");
  });
});

describe("the link", () => {
  // Each test starts with the address's hourly allowance of requests unused.
  beforeEach(() => t.clock.advance(2 * 60 * 60_000));

  test("works once: new password, other sessions ended, this browser signed in; the old password and a second use fail", async () => {
    const other = await signIn(USER.password);
    const another = await signIn(USER.password);
    expect((await t.call("GET", "/v1/me", { auth: other })).status).toBe(200);
    await ask(USER.email);
    const [older] = await deliver();
    await ask(USER.email);
    const [token] = await deliver();

    const look = await t.call("POST", "/v1/auth/password-reset/lookup", { body: { token }, headers: from() });
    expect(look.status).toBe(200);
    expect(look.body.email).toBe(USER.email);

    const short = await t.call("POST", "/v1/auth/password-reset/confirm", {
      body: { token, password: "short" },
      headers: from(),
    });
    expect(short.status).toBe(400);
    const noCsrf = await t.call("POST", "/v1/auth/password-reset/confirm", {
      body: { token, password: "rita-new-password-2" },
      headers: { "x-forwarded-for": "203.0.113.250" },
    });
    expect(noCsrf.status).toBe(403);

    const done = await t.call("POST", "/v1/auth/password-reset/confirm", {
      body: { token, password: "rita-new-password-2" },
      headers: from(),
    });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(USER.email);
    const fresh: Session = { cookie: done.headers.get("set-cookie")!.split(";")[0]!, orgId };
    expect((await t.call("GET", "/v1/me", { auth: fresh })).status).toBe(200);
    for (const ended of [other, another]) expect((await t.call("GET", "/v1/me", { auth: ended })).status).toBe(401);

    expect((await login(USER.email, USER.password)).status).toBe(401);
    expect((await login(USER.email, "rita-new-password-2")).status).toBe(200);

    for (const used of [token, older]) {
      const again = await t.call("POST", "/v1/auth/password-reset/confirm", {
        body: { token: used, password: "rita-third-password-3" },
        headers: from(),
      });
      expect(again.status).toBe(404);
      expect(again.body.error.code).toBe("reset_link_invalid");
    }
    USER.password = "rita-new-password-2";
  });

  test("expires after an hour, and an email still waiting then is not sent", async () => {
    await ask(USER.email);
    const [token] = await deliver();
    t.clock.advance(60 * 60_000 + 1);
    const look = await t.call("POST", "/v1/auth/password-reset/lookup", { body: { token }, headers: from() });
    expect(look.status).toBe(410);
    expect(look.body.error.code).toBe("reset_link_expired");
    const late = await t.call("POST", "/v1/auth/password-reset/confirm", {
      body: { token, password: "too-late-password-1" },
      headers: from(),
    });
    expect(late.status).toBe(410);
    expect((await login(USER.email, USER.password)).status).toBe(200);

    // Queued, then the hour passes before the mail job runs: the link is made at sending time, so nothing goes.
    await ask(USER.email);
    const queued = t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.linkKind, "password_reset")).all().at(-1)!;
    t.clock.advance(60 * 60_000 + 1);
    expect(await deliver()).toEqual([]);
    const row = t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, queued.id)).get()!;
    expect(row.status).toBe("failed");
    expect(row.error).toBe(LINK_GONE_NOTE);
  });

  test("an unknown or cut token is refused", async () => {
    for (const token of ["not-a-real-token", "x"]) {
      const r = await t.call("POST", "/v1/auth/password-reset/confirm", {
        body: { token, password: "whatever-password-1" },
        headers: from(),
      });
      expect(r.status).toBe(404);
    }
  });
});

describe("limits and refusals", () => {
  test(`more than ${RESET_PER_EMAIL.requests} requests an hour for one address are refused with Retry-After, for any address`, async () => {
    t.clock.advance(2 * 60 * 60_000);
    for (const email of ["limit-me@example.com", USER.email]) {
      const answers = await Promise.all(Array.from({ length: RESET_PER_EMAIL.requests }, () => ask(email)));
      expect(answers.map((a) => a.status)).toEqual(Array(RESET_PER_EMAIL.requests).fill(202));
      const over = await ask(email);
      expect(over.status).toBe(429);
      expect(over.body.error.code).toBe("rate_limited");
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  test(`one client asking for more than ${RESET_PER_CLIENT.requests} links an hour is refused`, async () => {
    t.clock.advance(2 * 60 * 60_000);
    const client = { ...CSRF, "x-forwarded-for": "198.51.100.77" };
    const answers = await Promise.all(
      Array.from({ length: RESET_PER_CLIENT.requests }, (_, i) => ask(`someone${i}@example.com`, client)),
    );
    expect(answers.every((a) => a.status === 202)).toBe(true);
    const over = await ask("one-more@example.com", client);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBeTruthy();
  });

  test("API keys and cross-site requests are refused", async () => {
    const { liveKey } = await t.org();
    const keyed = await t.call("POST", "/v1/auth/password-reset", {
      body: { email: USER.email },
      headers: { ...from(), authorization: `Bearer ${liveKey}` },
    });
    expect(keyed.status).toBe(403);
    const cross = await t.call("POST", "/v1/auth/password-reset", {
      body: { email: USER.email },
      headers: { ...from(), origin: "https://evil.example" },
    });
    expect(cross.status).toBe(403);
  });

  test("a server without SMTP says so, the same for every address, and writes nothing", async () => {
    t.clock.advance(2 * 60 * 60_000);
    t.deps.mailer = { ...t.deps.mailer, delivers: false };
    const resets = t.deps.db.select().from(passwordResets).all().length;
    const known = await ask(USER.email);
    const unknown = await ask("nobody-else@example.com");
    expect(known.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.mail_configured).toBe(false);
    expect(known.body.message).toContain("sends no email");
    expect(t.deps.db.select().from(passwordResets).all()).toHaveLength(resets);
    t.deps.mailer = { ...t.deps.mailer, delivers: true };
  });
});
