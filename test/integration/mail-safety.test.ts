/**
 * Mail that cannot be turned against the operator or another tenant (issue 30), on `dist/plaudit` with a real SMTP
 * server (smtp-server on 127.0.0.1):
 * - an admin finds no working token in the outbox (either mode) or in a backup archive, though every email that left
 *   carried one (an owner's invitation, thank-you removal links, campaign personal links);
 * - a Free organisation's 1,000-person campaign is refused by its plan, and its one-person request does not wait
 *   behind another organisation's 200-person campaign (it arrives while most of that one is still to go);
 * - four posts to the public form with one stranger's address send one email, and a test-mode link sends none.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mailText, startMailSink, type MailSink } from "../helpers/smtp";
import { findInFiles } from "../helpers/data-search";
import { startServer, type RunningServer } from "../helpers/server";
import { until } from "../helpers/wait";
import { eq } from "drizzle-orm";
import { mailOutbox } from "../../src/platform/mail/tables";

let sink: MailSink;
let server: RunningServer;
let key = "";
let testKey = "";
let owner: Record<string, string> = {};
const consent = { agreed: true, text: "I agree that my words may be published.", version: "2026-11-01" };

const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};
const bearer = (k: string) => ({ authorization: `Bearer ${k}` });
const inbox = (email: string) => sink.received.filter((m) => m.to.includes(email));
const people = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ email: `${prefix}${i}@example.org` }));

async function newLink(auth: Record<string, string>) {
  const brand = (await call("GET", "/v1/brands", undefined, auth)).body.data[0];
  const link = await call(
    "POST",
    `/v1/brands/${brand.id}/links`,
    {
      title: "Tell us",
      prompts: [{ text: "How was it?" }],
      consent_text: consent.text,
      consent_version: consent.version,
    },
    auth,
  );
  expect(link.status).toBe(201);
  return link.body.id as string;
}

beforeAll(async () => {
  sink = await startMailSink();
  server = await startServer({
    plan: "plus",
    env: { PLAUDIT_SMTP_URL: sink.url, PLAUDIT_MAIL_BULK_PER_MINUTE: "120" },
  });
  key = await server.createKey("live");
  testKey = await server.createKey("test");
  owner = await server.signIn(server.owner.email, server.owner.password, server.orgId);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await sink?.stop();
});

test("a Free tenant's 1,000-person list is refused; its one request does not wait behind another's big send", async () => {
  const bakery = await server.cli([
    "org",
    "create",
    "--name",
    "Small Bakery",
    "--plan",
    "free",
    "--owner-email",
    "baker@example.org",
    "--owner-password",
    "baker-password-1",
  ]);
  const baker = await server.signIn("baker@example.org", "baker-password-1", bakery.id);
  const bakeryLink = await newLink(baker);
  const words = { subject: "You won a prize!", message: "Hi {name}: {link}" };
  const spam = await call(
    "POST",
    "/v1/campaigns",
    { link_id: bakeryLink, ...words, recipients: people("x", 1000) },
    baker,
  );
  expect(spam.status).toBe(402);
  expect(spam.body.error.limit).toMatchObject({ name: "request_emails_per_month", plan: "free" });

  const acmeLink = await newLink(bearer(key));
  const big = await call(
    "POST",
    "/v1/campaigns",
    { link_id: acmeLink, subject: "A quick favour?", message: "Hello {name}: {link}", recipients: people("big", 200) },
    bearer(key),
  );
  expect(big.status).toBe(201);
  await until("the big campaign to start sending", () => sink.received.length >= 2);
  const asked = performance.now();
  const one = await call(
    "POST",
    "/v1/campaigns",
    {
      link_id: bakeryLink,
      subject: "Two minutes?",
      message: "Hi {name}: {link}",
      recipients: [{ email: "ann@example.org" }],
    },
    baker,
  );
  expect(one.status).toBe(201);
  await until("the bakery's request", () => inbox("ann@example.org")[0], 60_000, 50);
  const bigSent = sink.received.filter((m) => m.to[0]!.startsWith("big")).length;
  const seconds = (performance.now() - asked) / 1000;
  console.error(
    `mail-safety: the one-person request arrived ${seconds.toFixed(1)} s after it was made, with ${bigSent} of the big campaign's 200 sent`,
  );
  // Not behind Acme's campaign, which goes at its pace (120 a minute: 200 emails take 100 s): most of it is still to go.
  expect(bigSent).toBeLessThan(100);
  const seen = (await call("GET", `/v1/campaigns/${big.body.id}`, undefined, bearer(key))).body;
  expect(seen.counts.queued).toBeGreaterThan(0);
  expect(seen.sending_until).not.toBeNull();
  // The operator (the first organisation of a server made with `org create --plan` is a hosted one here) cannot
  // list other tenants' campaigns; the bakery stops nothing of Acme's.
  expect((await call("POST", `/v1/campaigns/${big.body.id}/stop`, {}, baker)).status).toBe(404);
  expect((await call("POST", `/v1/campaigns/${big.body.id}/stop`, {}, bearer(key))).status).toBe(200);
}, 90_000);

test("four posts with one stranger's address send one thank-you; a test-mode link sends none", async () => {
  const link = await newLink(bearer(key));
  for (let i = 0; i < 4; i++) {
    const r = await call("POST", `/public/links/${link}/submissions`, {
      kind: "text",
      respondent: { name: "Free money at http://spam.example", email: "victim@example.org" },
      consent,
      text: `Visit http://spam.example to claim prize number ${i} today!`,
    });
    expect(r.status).toBe(201);
  }
  const testLink = await newLink(bearer(testKey));
  const sandbox = await call("POST", `/public/links/${testLink}/submissions`, {
    kind: "text",
    respondent: { name: "Tess", email: "tess@example.org" },
    consent,
    text: "Trying the sandbox form before we go live.",
  });
  expect(sandbox.status).toBe(201);
  // Whether a post gets a thank-you is decided when it is stored: the outbox already holds every email there will be.
  const outbox = (to: string) => server.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).all();
  expect(outbox("victim@example.org")).toHaveLength(1);
  expect(outbox("tess@example.org")).toHaveLength(1);
  const first = await until("the thank-you", () => inbox("victim@example.org")[0], 30_000);
  // Both emails have been dealt with: the live one sent, the test-mode one kept in the outbox, never delivered.
  await until("the live email to be marked sent", () => outbox("victim@example.org")[0]!.status === "sent", 30_000);
  await until("the test-mode email to be dealt with", () => outbox("tess@example.org")[0]!.status !== "queued", 30_000);
  expect(outbox("tess@example.org")[0]!.status).toBe("outbox");
  expect(inbox("victim@example.org")).toHaveLength(1);
  const text = mailText(first.raw);
  expect(text).not.toContain("spam.example");
  expect(text).not.toContain("prize");
  expect(inbox("tess@example.org")).toEqual([]);
  const testOutbox = (await call("GET", "/v1/outbox?limit=100", undefined, { ...owner, "x-svc-mode": "test" })).body
    .data as any[];
  expect(testOutbox.find((m) => m.to === "tess@example.org")).toMatchObject({ status: "outbox" });
}, 60_000);

test("an admin finds no working token in the outbox or in a backup archive", async () => {
  await server.cli([
    "user",
    "create",
    "--email",
    "adam@example.org",
    "--password",
    "adam-password-1",
    "--org",
    server.orgId,
    "--role",
    "admin",
  ]);
  const admin = await server.signIn("adam@example.org", "adam-password-1", server.orgId);
  const invited = await call("POST", "/v1/members", { email: "heir@example.org", role: "owner" }, owner);
  expect(invited.status).toBe(201);
  const mail = await until("the invitation", () => inbox("heir@example.org")[0]);
  const inviteToken = /\/invite#([A-Za-z0-9_-]{20,})/.exec(mailText(mail.raw))?.[1];
  expect(inviteToken).toBeTruthy();
  // Every secret that left by email: the invitation, thank-you removal links, campaign personal links.
  const tokens = new Set<string>([inviteToken!]);
  for (const m of sink.received) {
    const text = mailText(m.raw);
    for (const re of [/\/remove\/([A-Za-z0-9_-]{16,})/g, /[?&]r=([A-Za-z0-9_-]{16,})/g, /\/u\/([A-Za-z0-9_-]{16,})/g])
      for (const hit of text.matchAll(re)) tokens.add(hit[1]!);
  }
  expect(tokens.size).toBeGreaterThan(3);
  // The invitation token works (it is a real secret), for whoever holds the email.
  expect((await call("POST", "/v1/invitations/lookup", { token: inviteToken })).body.role).toBe("owner");

  const outboxes = JSON.stringify([
    (await call("GET", "/v1/outbox?limit=100", undefined, admin)).body,
    (await call("GET", "/v1/outbox?limit=100", undefined, { ...admin, "x-svc-mode": "test" })).body,
  ]);
  expect(outboxes).toContain("heir@example.org");
  for (const token of tokens) expect(outboxes).not.toContain(token);

  const work = mkdtempSync(join(tmpdir(), "plaudit-backup-scan-"));
  try {
    const archive = join(work, "backup.tar.gz");
    await server.cli(["backup", "--to", archive]);
    const unpacked = join(work, "unpacked");
    expect(Bun.spawnSync(["mkdir", "-p", unpacked]).exitCode).toBe(0);
    expect(Bun.spawnSync(["tar", "-xzf", archive, "-C", unpacked]).exitCode).toBe(0);
    const needles = Object.fromEntries([...tokens].map((t) => [t.slice(0, 8), t]));
    expect(findInFiles(unpacked, needles)).toEqual([]);
    expect(findInFiles(server.dataDir, needles)).toEqual([]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}, 90_000);
