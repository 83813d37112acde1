/**
 * Mail through a real SMTP server (smtp-server on 127.0.0.1, random port): the outbox row and its job are
 * written together, the job hands the message to the server, and temporary and permanent refusals behave.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from "bun:test";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { ManualClock } from "../../src/platform/clock";
import { tx } from "../../src/platform/db/client";
import { listJobs } from "../../src/platform/jobs/queue";
import { JobRegistry, runDueJobs } from "../../src/platform/jobs/worker";
import { registerMailJobs } from "../../src/platform/mail/jobs";
import { createOutboxOnlyMailer, createSmtpMailer, type Mailer } from "../../src/platform/mail/mailer";
import { getMail, listOutbox, queueMail } from "../../src/platform/mail/queue-mail";
import { makeTestDeps, type TestDeps } from "../fixtures/platform-test-deps";
import { mailHeader } from "../helpers/smtp";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
/** What the server answers to RCPT TO for the next message: null accepts. */
let refuse: { code: number; message: string } | null = null;
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    // No STARTTLS: the server's self-signed certificate would (rightly) be refused by the client.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!refuse) return callback();
      const err = Object.assign(new Error(refuse.message), { responseCode: refuse.code });
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let t: TestDeps;
let clock: ManualClock;
let mailer: Mailer;
const registry = registerMailJobs(new JobRegistry());

beforeEach(() => {
  received.length = 0;
  refuse = null;
  clock = new ManualClock();
  mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: "Plaudit <no-reply@plaudit.test>" });
  t = makeTestDeps({ clock, mailer });
});
afterEach(() => {
  mailer.close();
  t.cleanup();
});

test("a queued message arrives at the SMTP server with its subject and body, and is marked sent", async () => {
  const id = tx(t.deps.db, (db) =>
    queueMail(
      { db, clock, state: t.deps.state },
      {
        orgId: "org_a",
        to: "owner@example.com",
        subject: "Your reel is ready",
        text: "Hello,\nthe reel Spring launch finished rendering.",
        html: "<p>Hello, the reel <b>Spring launch</b> finished rendering.</p>",
      },
    ),
  );
  expect(getMail(t.deps.db, id)).toMatchObject({ status: "queued", sentAt: null });
  expect(received).toHaveLength(0);

  expect(await runDueJobs(t.deps, registry)).toBe(1);

  expect(received).toHaveLength(1);
  const msg = received[0]!;
  expect(msg.from).toBe("no-reply@plaudit.test");
  expect(msg.to).toEqual(["owner@example.com"]);
  expect(msg.raw).toContain("Subject: Your reel is ready");
  expect(msg.raw).toContain("the reel Spring launch finished rendering.");
  expect(msg.raw).toContain("<b>Spring launch</b>");
  const row = getMail(t.deps.db, id)!;
  expect(row).toMatchObject({ status: "sent", sentAt: clock.now(), error: null });
  expect(msg.raw).toContain(`Message-ID: ${row.messageId}`);
  expect(listJobs(t.deps.db)[0]).toMatchObject({ kind: "mail.send", status: "done" });
  expect(listOutbox(t.deps.db, "org_a").map((m) => m.id)).toEqual([id]);

  // A second run of the same job (as after a crash before it was marked done) sends nothing more.
  await runDueJobs(t.deps, registry);
  expect(received).toHaveLength(1);
});

test("a temporary refusal is retried later and then succeeds", async () => {
  refuse = { code: 451, message: "Try again later" };
  const id = queueMail(
    { db: t.deps.db, clock, state: t.deps.state },
    { to: "a@example.com", subject: "Sign in", text: "Your link" },
  );
  await runDueJobs(t.deps, registry);
  expect(received).toHaveLength(0);
  expect(getMail(t.deps.db, id)).toMatchObject({ status: "queued" });
  expect(getMail(t.deps.db, id)!.error).toContain("Try again later");
  expect(listJobs(t.deps.db)[0]).toMatchObject({ status: "queued", attempts: 1, runAt: clock.now() + 30_000 });

  refuse = null;
  clock.advance(30_000);
  await runDueJobs(t.deps, registry);
  expect(received).toHaveLength(1);
  expect(getMail(t.deps.db, id)).toMatchObject({ status: "sent" });
});

test("a permanent refusal fails the message at once", async () => {
  refuse = { code: 550, message: "No such mailbox" };
  const id = queueMail(
    { db: t.deps.db, clock, state: t.deps.state },
    { to: "gone@example.com", subject: "Hi", text: "Body" },
  );
  await runDueJobs(t.deps, registry);
  expect(getMail(t.deps.db, id)!.status).toBe("failed");
  expect(getMail(t.deps.db, id)!.error).toContain("No such mailbox");
  expect(listJobs(t.deps.db)[0]).toMatchObject({ status: "dead", attempts: 1 });
});

test("a server that cannot be reached is retried", async () => {
  const closed = createSmtpMailer({ smtpUrl: "smtp://127.0.0.1:1", mailFrom: "x@plaudit.test" });
  const d = { ...t.deps, mailer: closed };
  const id = queueMail({ db: d.db, clock, state: d.state }, { to: "a@example.com", subject: "Hi", text: "Body" });
  await runDueJobs(d, registry);
  expect(getMail(d.db, id)!.status).toBe("queued");
  expect(getMail(d.db, id)!.error).toBeTruthy();
  expect(listJobs(d.db)[0]).toMatchObject({ status: "queued", attempts: 1 });
  closed.close();
});

test("without SMTP the message stays in the outbox for the dashboard", async () => {
  const d = { ...t.deps, mailer: createOutboxOnlyMailer() };
  const id = queueMail(
    { db: d.db, clock, state: d.state },
    { orgId: "org_a", to: "a@example.com", subject: "Invite", text: "Join us" },
  );
  await runDueJobs(d, registry);
  expect(received).toHaveLength(0);
  expect(getMail(d.db, id)).toMatchObject({ status: "outbox", sentAt: null, subject: "Invite", text: "Join us" });
  expect(listJobs(d.db)[0]).toMatchObject({ status: "done" });
  expect(listOutbox(d.db, "org_a")).toHaveLength(1);
  expect(listOutbox(d.db, "org_b")).toHaveLength(0);
  expect(listOutbox(d.db, null)).toHaveLength(1);
});

test("a recipient that is not one plain address is refused, and a subject cannot carry a line break", () => {
  expect(() =>
    queueMail(
      { db: t.deps.db, clock, state: t.deps.state },
      { to: "a@example.com\nBcc: x@evil.test", subject: "x", text: "y" },
    ),
  ).toThrow("one email address");
  const id = queueMail(
    { db: t.deps.db, clock, state: t.deps.state },
    { to: "a@example.com", subject: "Hi\r\nBcc: x@evil.test", text: "y" },
  );
  expect(getMail(t.deps.db, id)!.subject).toBe("Hi Bcc: x@evil.test");
});

test("a message with a sender leaves as that name at the server's address, with its Reply-To (white label)", async () => {
  const id = queueMail(
    { db: t.deps.db, clock, state: t.deps.state },
    {
      to: "guest@example.com",
      subject: "Thank you",
      text: "Thanks!",
      sender: { fromName: "Zoë's Bakery & Café", replyTo: "hello@zoes.test" },
    },
  );
  expect(getMail(t.deps.db, id)).toMatchObject({ fromName: "Zoë's Bakery & Café", replyTo: "hello@zoes.test" });
  await runDueJobs(t.deps, registry);
  const msg = received[0]!;
  // The envelope and the address in From stay the server's: the SMTP account is the server's, never the brand's.
  expect(msg.from).toBe("no-reply@plaudit.test");
  // The name is encoded by nodemailer (non-ASCII) and reads back exactly as stored, before the server's address.
  expect(mailHeader(msg.raw, "From")).toBe("Zoë's Bakery & Café <no-reply@plaudit.test>");
  expect(mailHeader(msg.raw, "Reply-To")).toBe("Zoë's Bakery & Café <hello@zoes.test>");
});

test("a sender name cannot add headers or pose as an address; a bad reply address is refused", async () => {
  // A name that was never checked (a brand's own name used by default) is cleaned where it is stored.
  const id = queueMail(
    { db: t.deps.db, clock, state: t.deps.state },
    {
      to: "guest@example.com",
      subject: "Hi",
      text: "Body",
      sender: { fromName: 'Evil\r\nBcc: victim@x.test "<admin@bank.test>"' },
    },
  );
  expect(getMail(t.deps.db, id)!.fromName).toBe("Evil Bcc: victim x.test admin bank.test");
  await runDueJobs(t.deps, registry);
  expect(mailHeader(received[0]!.raw, "Bcc")).toBeUndefined();
  expect(received[0]!.to).toEqual(["guest@example.com"]);
  expect(mailHeader(received[0]!.raw, "From")).toBe(
    '"Evil Bcc: victim x.test admin bank.test" <no-reply@plaudit.test>',
  );
  for (const replyTo of ["a@x.test, b@y.test", "a@x.test\r\nBcc: v@x.test", "Name <a@x.test>"])
    expect(() =>
      queueMail(
        { db: t.deps.db, clock, state: t.deps.state },
        { to: "g@example.com", subject: "x", text: "y", sender: { replyTo } },
      ),
    ).toThrow("one plain email address");
});
