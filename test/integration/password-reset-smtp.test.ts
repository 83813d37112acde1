/**
 * Password reset on the executable users run (dist/plaudit, with its workers), through a real SMTP server
 * (smtp-server on 127.0.0.1): the request answers the same for an address with an account and one without; the
 * email arrives with its link (the token after `#`); the outbox and the data directory hold no working token, and
 * neither does the server's log; the link works once: the new password signs in, the old one no longer does, and
 * the account's other sessions have ended; a second use and an expired link are refused.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mailText, startMailSink, type MailSink } from "../helpers/smtp";
import { findInFiles } from "../helpers/data-search";
import { startServer, type RunningServer } from "../helpers/server";
import { until } from "../helpers/wait";
import { passwordResets } from "../../src/domains/accounts/tables";
import { resetToken } from "../../src/domains/accounts/password-resets";
import { sha256 } from "../../src/platform/crypto";

let sink: MailSink;
let server: RunningServer;

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-svc-csrf": "1", ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
};
const me = async (headers: Record<string, string>) => (await fetch(`${server.url}/v1/me`, { headers })).status;

beforeAll(async () => {
  sink = await startMailSink();
  server = await startServer({ env: { PLAUDIT_SMTP_URL: sink.url } });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await sink?.stop();
});

test("the emailed link works once: new password, old one refused, other sessions ended; no token kept anywhere", async () => {
  const { email, password } = server.owner;
  const laptop = await server.signIn(email, password, server.orgId);
  const phone = await server.signIn(email, password, server.orgId);
  expect(await me(laptop)).toBe(200);

  const known = await post("/v1/auth/password-reset", { email });
  const unknown = await post("/v1/auth/password-reset", { email: "no-account-here@example.com" });
  expect(known.status).toBe(202);
  expect(unknown.status).toBe(202);
  expect(unknown.body).toEqual(known.body);
  expect(known.body.mail_configured).toBe(true);

  const mail = await until("the reset email", () => sink.received.find((m) => m.to.includes(email)));
  expect(sink.received.some((m) => m.to.includes("no-account-here@example.com"))).toBe(false);
  const text = mailText(mail.raw);
  const link = /(http:\/\/\S+\/app\/reset-password#([A-Za-z0-9_-]+))/.exec(text);
  expect(link).not.toBeNull();
  const [, url, token] = link!;
  expect(url!.startsWith(`${server.url}/app/reset-password#`)).toBe(true);

  // Kept nowhere: not in the outbox an owner reads, not in any file of the data directory, not in the log.
  const outbox = await fetch(`${server.url}/v1/outbox?limit=100`, { headers: laptop });
  expect(outbox.status).toBe(200);
  expect(await outbox.text()).not.toContain(token!);
  expect(
    server.deps.db
      .select()
      .from(passwordResets)
      .all()
      .map((r) => r.tokenHash),
  ).toContain(sha256(token!));
  expect(findInFiles(server.dataDir, { token: token! })).toEqual([]);
  expect(server.log()).not.toContain(token!);

  // The link opens the dashboard's page (the token stays after #, never sent); the page's calls use it.
  const page = await fetch(url!);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("<html");
  const look = await post("/v1/auth/password-reset/lookup", { token });
  expect(look.body.email).toBe(email);
  const done = await post("/v1/auth/password-reset/confirm", { token, password: "a-brand-new-password-9" });
  expect(done.status).toBe(200);
  const cookie = done.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  expect(await me({ cookie, "x-svc-org": server.orgId })).toBe(200);
  expect(await me(laptop)).toBe(401);
  expect(await me(phone)).toBe(401);

  expect((await post("/v1/auth/login", { email, password })).status).toBe(401);
  expect((await post("/v1/auth/login", { email, password: "a-brand-new-password-9" })).status).toBe(200);

  const again = await post("/v1/auth/password-reset/confirm", { token, password: "yet-another-password-1" });
  expect(again.status).toBe(404);
  expect(again.body.error.code).toBe("reset_link_invalid");
  server.owner.password = "a-brand-new-password-9";
}, 60_000);

test("an expired link is refused", async () => {
  // A reset asked two hours ago: its token is what the server would have mailed (same data directory secret).
  const id = `pwr_${"0".repeat(26)}`;
  const user = server.deps.db.$client.query<{ id: string }, []>("SELECT id FROM users LIMIT 1").get()!;
  const asked = Date.now() - 2 * 3600_000;
  const token = resetToken(server.deps.signer, id);
  server.deps.db
    .insert(passwordResets)
    .values({ id, userId: user.id, tokenHash: sha256(token), createdAt: asked, expiresAt: asked + 3600_000 })
    .run();
  const look = await post("/v1/auth/password-reset/lookup", { token });
  expect(look.status).toBe(410);
  const confirm = await post("/v1/auth/password-reset/confirm", { token, password: "too-late-password-1" });
  expect(confirm.status).toBe(410);
  expect(confirm.body.error.code).toBe("reset_link_expired");
  expect((await post("/v1/auth/login", { email: server.owner.email, password: server.owner.password })).status).toBe(
    200,
  );
});
