/**
 * White-label mail over real SMTP (smtp-server on 127.0.0.1) from the executable with its workers (issue 29): the
 * organisation renamed "Bright Agency" invites a client, and the email reads "Join Bright Agency" from "Bright
 * Agency"; the brand "Bright Bakery" sets its sender name and reply address, and its thank-you email and a request
 * email arrive as `From: Bright Bakery <the server's address>` with `Reply-To: hello@brightbakery.test`. The SMTP
 * envelope stays the server's address; no header names the brand's address as the sender.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mailHeader, mailText, startMailSink, type MailSink } from "../helpers/smtp";
import { startServer, type RunningServer } from "../helpers/server";
import { until } from "../helpers/wait";

let sink: MailSink;
let server: RunningServer;
let key = "";
let session: Record<string, string> = {};
const SERVER_FROM = "no-reply@plaudit.test";

const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
};
const api = (method: string, path: string, body?: unknown) =>
  call(method, path, body, { authorization: `Bearer ${key}` });
const inbox = (to: string) => sink.received.filter((m) => m.to.includes(to));

beforeAll(async () => {
  sink = await startMailSink();
  server = await startServer({
    env: { PLAUDIT_SMTP_URL: sink.url, PLAUDIT_MAIL_FROM: `Plaudit <${SERVER_FROM}>` },
  });
  key = await server.createKey("live");
  session = await server.signIn(server.owner.email, server.owner.password, server.orgId);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await sink?.stop();
});

test('an invitation reads "Join Bright Agency", from Bright Agency at the server\'s address', async () => {
  const renamed = await call("PATCH", "/v1/org", { name: "Bright Agency" }, session);
  expect([renamed.status, renamed.body.name]).toEqual([200, "Bright Agency"]);
  const brand = (await api("GET", "/v1/brands")).body.data[0];
  const invited = await call(
    "POST",
    "/v1/members",
    { email: "cleo@client.test", role: "client", brand_ids: [brand.id] },
    session,
  );
  expect(invited.status).toBe(201);
  const [mail] = await until("the invitation", () =>
    inbox("cleo@client.test").length ? inbox("cleo@client.test") : null,
  );
  expect(mailHeader(mail!.raw, "Subject")).toBe("Join Bright Agency");
  expect(mailHeader(mail!.raw, "From")).toBe(`Bright Agency <${SERVER_FROM}>`);
  const text = mailText(mail!.raw);
  expect(text).toContain("to join Bright Agency as a client");
  expect(text).toContain(invited.body.url);
  expect(text.replace(invited.body.url, "")).not.toMatch(/plaudit/i);
}, 30_000);

test("a thank-you email and a request arrive from the brand's name, replies to the brand", async () => {
  const brand = (await api("GET", "/v1/brands")).body.data[0];
  const patched = await api("PATCH", `/v1/brands/${brand.id}`, {
    name: "Bright Bakery",
    mail_from_name: "Bright Bakery",
    mail_reply_to: "hello@brightbakery.test",
  });
  expect(patched.status).toBe(200);
  const consent = { text: "I agree that Bright Bakery may publish my words.", version: "2026-11-01" };
  const link = (
    await api("POST", `/v1/brands/${brand.id}/links`, {
      title: "Tell us",
      prompts: [{ text: "How was it?" }],
      consent_text: consent.text,
      consent_version: consent.version,
    })
  ).body;

  const sent = await call("POST", `/public/links/${link.id}/submissions`, {
    kind: "text",
    respondent: { name: "Tess Taster", email: "tess@example.org" },
    consent: { agreed: true, ...consent },
    text: "The sourdough is the best I have had outside Paris.",
    rating: 5,
  });
  expect(sent.status).toBe(201);
  const campaign = await api("POST", "/v1/campaigns", {
    link_id: link.id,
    subject: "A quick favour?",
    message: "Hello {name},\n\nWould you write two lines about our bread?\n{link}\n\nThanks!",
    recipients: [{ name: "Rex Request", email: "rex@example.org" }],
  });
  expect(campaign.status).toBe(201);

  for (const [who, subject] of [
    ["tess@example.org", "Thank you for your testimonial for Bright Bakery"],
    ["rex@example.org", "A quick favour?"],
  ] as const) {
    const [mail] = await until(`mail to ${who}`, () => (inbox(who).length ? inbox(who) : null));
    expect(mailHeader(mail!.raw, "Subject")).toBe(subject);
    expect(mailHeader(mail!.raw, "From")).toBe(`Bright Bakery <${SERVER_FROM}>`);
    expect(mailHeader(mail!.raw, "Reply-To")).toBe("Bright Bakery <hello@brightbakery.test>");
    expect(mailHeader(mail!.raw, "Sender")).toBeUndefined();
  }
  // The outbox shows who each message left as.
  const outbox = (await call("GET", "/v1/outbox?limit=50", undefined, session)).body.data as any[];
  expect(outbox.find((m) => m.to === "tess@example.org")).toMatchObject({
    status: "sent",
    from_name: "Bright Bakery",
    reply_to: "hello@brightbakery.test",
  });
  expect(outbox.find((m) => m.to === "cleo@client.test")).toMatchObject({ from_name: "Bright Agency", reply_to: null });
}, 60_000);
