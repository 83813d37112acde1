/**
 * Request campaigns over real SMTP (smtp-server on 127.0.0.1) from the real server with its workers: three people
 * are asked; each request arrives with its personal link and RFC 8058 `List-Unsubscribe` headers; one answers
 * through the personal link (the capture page passes `r` as `request_token`), one unsubscribes with a mail client's
 * one-click POST; after the reminder delay (sent times moved back, then the hourly schedule's own `run`) only the
 * third gets the one reminder, and a second run sends nothing more. No file of the data directory holds a token.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mailText, startMailSink, type MailSink } from "../helpers/smtp";
import { findInFiles } from "../helpers/data-search";
import { startServer, type RunningServer } from "../helpers/server";
import { campaignsModule } from "../../src/domains/campaigns";
import { until } from "../helpers/wait";

let sink: MailSink;
let server: RunningServer;
let key = "";
const DAY = 24 * 3600_000;

const api = async (method: string, path: string, body?: unknown, auth = true) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(auth ? { authorization: `Bearer ${key}` } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
};

/** A header, unfolded. */
const header = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*((?:.+)(?:\\r?\\n[ \\t].+)*)`, "im")
    .exec(raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, " ")
    .trim();
const inbox = (email: string) => sink.received.filter((m) => m.to.includes(email));
/** Campaign jobs not yet done (queued or running). */
const campaignJobsLeft = () =>
  (
    server.deps.db.$client
      .query("SELECT count(*) AS n FROM jobs WHERE kind LIKE 'campaign.%' AND status IN ('queued', 'running')")
      .get() as { n: number }
  ).n;

beforeAll(async () => {
  sink = await startMailSink();
  server = await startServer({
    env: { PLAUDIT_SMTP_URL: sink.url, PLAUDIT_MAIL_FROM: "Acme testimonials <no-reply@plaudit.test>" },
  });
  key = await server.createKey("live");
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await sink?.stop();
});

test("requests and the one reminder arrive over SMTP; answering and unsubscribing are honoured", async () => {
  const brand = (await api("GET", "/v1/brands")).body.data[0];
  const consent = { text: "I agree that Acme may publish my words.", version: "2026-11-01" };
  const link = (
    await api("POST", `/v1/brands/${brand.id}/links`, {
      title: "Tell us",
      prompts: [{ text: "How was it?" }],
      consent_text: consent.text,
      consent_version: consent.version,
    })
  ).body;
  const made = await api("POST", "/v1/campaigns", {
    link_id: link.id,
    subject: "A quick favour?",
    message: "Hello {name},\n\nWould you write two lines about working with us?\n{link}\n\nThanks, Acme",
    reminder_after_days: 3,
    recipients: [
      { name: "Ann Answer", email: "ann@example.org" },
      { name: "Uma Unsub", email: "uma@example.org" },
      { name: "Rex Remind", email: "rex@example.org" },
    ],
  });
  expect(made.status).toBe(201);
  const id = made.body.id as string;

  const requests = await until("three requests", () => (sink.received.length >= 3 ? sink.received.slice() : null));
  const tokens: Record<string, string> = {};
  for (const who of ["ann", "uma", "rex"]) {
    const mail = inbox(`${who}@example.org`);
    expect(mail).toHaveLength(1);
    const raw = mail[0]!.raw;
    expect(header(raw, "subject")).toBe("A quick favour?");
    expect(header(raw, "from")).toContain("no-reply@plaudit.test");
    const text = mailText(raw);
    const personal = new RegExp(`${server.url}/c/${link.id}\\?r=([A-Za-z0-9_-]{32})`).exec(text);
    expect(personal).not.toBeNull();
    tokens[who] = personal![1]!;
    expect(text).toContain(`${server.url}/u/${tokens[who]}`);
    expect(header(raw, "list-unsubscribe")).toBe(`<${server.url}/u/${tokens[who]}>`);
    expect(header(raw, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  }
  expect(mailText(inbox("ann@example.org")[0]!.raw)).toStartWith("Hello Ann,");
  expect(requests).toHaveLength(3);

  // Ann opens her personal link and answers; the page sends `r` as request_token.
  const answered = await api(
    "POST",
    `/public/links/${link.id}/submissions`,
    {
      kind: "text",
      respondent: { name: "Ann Answer" },
      consent: { agreed: true, ...consent },
      text: "Acme rebuilt our shop in two weeks and our sales doubled.",
      request_token: tokens.ann,
    },
    false,
  );
  expect(answered.status).toBe(201);
  // Uma's mail client unsubscribes with one click (RFC 8058).
  const oneClick = await fetch(`${server.url}/u/${tokens.uma}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(oneClick.status).toBe(200);

  await until("every request marked sent", async () => {
    const c = (await api("GET", `/v1/campaigns/${id}`)).body;
    return c.counts.emailed === 3 ? c : null;
  });
  // Three days pass: the requests' sent times move back, then the hourly schedule runs.
  server.deps.db.$client
    .query("UPDATE campaign_recipients SET sent_at = sent_at - ? WHERE campaign_id = ?")
    .run(3 * DAY, id);
  campaignsModule.schedules![0]!.run(server.deps);
  const reminder = await until("the reminder", () => inbox("rex@example.org")[1]);
  expect(header(reminder.raw, "subject")).toBe("Reminder: A quick favour?");
  expect(mailText(reminder.raw)).toContain(`?r=${tokens.rex}`);
  expect(header(reminder.raw, "list-unsubscribe")).toBe(`<${server.url}/u/${tokens.rex}>`);

  campaignsModule.schedules![0]!.run(server.deps);
  await until("the second run's jobs to finish", () => campaignJobsLeft() === 0);
  await Bun.sleep(300);
  expect(inbox("ann@example.org")).toHaveLength(1);
  expect(inbox("uma@example.org")).toHaveLength(1);
  expect(inbox("rex@example.org")).toHaveLength(2);

  const c = (await api("GET", `/v1/campaigns/${id}`)).body;
  expect(c.counts).toMatchObject({ total: 3, answered: 1, unsubscribed: 1, reminded: 1, emailed: 3 });
  const people = (await api("GET", `/v1/campaigns/${id}/recipients`)).body.data as any[];
  expect(people.map((p) => [p.email, p.status])).toEqual([
    ["ann@example.org", "answered"],
    ["uma@example.org", "unsubscribed"],
    ["rex@example.org", "reminded"],
  ]);
  expect(people[0].submission_id).toBe(answered.body.submission_id);

  // A later campaign to Uma sends her nothing: within 30 days she is not asked again anyway, and after that she is
  // on the unsubscribe list.
  const later = (subject: string) =>
    api("POST", "/v1/campaigns", {
      link_id: link.id,
      subject,
      message: "Hi {name}: {link}",
      recipients: [{ name: "Uma", email: "UMA@example.org" }],
    });
  expect((await later("Another favour?")).body).toMatchObject({ recently_asked: 1, suppressed: 0 });
  server.deps.db.$client.query("UPDATE campaign_asked SET asked_at = asked_at - ?").run(31 * DAY);
  const again = await later("One more favour?");
  expect(again.body).toMatchObject({ recently_asked: 0, suppressed: 1 });
  await until("the later campaign's jobs to finish", () => campaignJobsLeft() === 0);
  expect(inbox("uma@example.org")).toHaveLength(1);

  for (const token of Object.values(tokens)) expect(findInFiles(server.dataDir, { needle: token })).toEqual([]);
}, 90_000);
