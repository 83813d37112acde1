/**
 * Webhook endpoints that are chat apps' incoming webhooks (issue 25), on `dist/plaudit` with real https receivers on
 * loopback: a new testimonial reaches a Slack-format endpoint as a Slack message (`text` and Block Kit `blocks`), a
 * Discord-format one as a Discord message (`content` and `embeds`) and a Teams-format one as an Adaptive Card, each
 * checked against the shape and limits the app documents; a default endpoint still gets the signed envelope; a
 * chat message is retried and replayed like any delivery (same bytes).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeCert, startReceiver, type Receiver } from "./webhooks-receiver";
import { startServer, type RunningServer } from "../helpers/server";
import { findInFiles } from "../helpers/data-search";
import { until } from "../helpers/wait";

let server: RunningServer;
let rx: Receiver;
let key = "";

const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
};

beforeAll(async () => {
  const cert = makeCert(["localhost"], []);
  rx = startReceiver(cert);
  const caFile = join(mkdtempSync(join(tmpdir(), "plaudit-ca-")), "ca.pem");
  writeFileSync(caFile, cert.cert);
  server = await startServer({ env: { PLAUDIT_WEBHOOKS_ALLOW_PRIVATE: "1", NODE_EXTRA_CA_CERTS: caFile } });
  key = await server.createKey("live");
}, 60_000);

afterAll(async () => {
  rx?.stop();
  await server?.stop();
});

/** Slack's documented limits: text ≤ 40,000 (3,000 in a section), blocks ≤ 50, button text ≤ 75, url ≤ 3,000. */
function checkSlack(m: any) {
  expect(Object.keys(m).sort()).toEqual(["blocks", "text"]);
  expect(typeof m.text).toBe("string");
  expect(m.text.length).toBeLessThanOrEqual(40_000);
  expect(m.blocks.length).toBeGreaterThan(0);
  expect(m.blocks.length).toBeLessThanOrEqual(50);
  for (const b of m.blocks) {
    expect(["section", "context", "actions"]).toContain(b.type);
    if (b.type === "section") {
      expect(b.text.type).toBe("mrkdwn");
      expect(b.text.text.length).toBeLessThanOrEqual(3000);
    }
    if (b.type === "context") {
      expect(b.elements.length).toBeLessThanOrEqual(10);
      for (const e of b.elements) expect(e.type).toBe("mrkdwn");
    }
    if (b.type === "actions")
      for (const e of b.elements) {
        expect(e.type).toBe("button");
        expect(e.text.type).toBe("plain_text");
        expect(e.text.text.length).toBeLessThanOrEqual(75);
        expect(e.url.length).toBeLessThanOrEqual(3000);
      }
  }
}

/** Discord's documented limits: content ≤ 2,000, embeds ≤ 10; title ≤ 256, description ≤ 4,096, fields ≤ 25. */
function checkDiscord(m: any) {
  expect(typeof m.content).toBe("string");
  expect(m.content.length).toBeLessThanOrEqual(2000);
  expect(m.embeds.length).toBeLessThanOrEqual(10);
  for (const e of m.embeds) {
    expect(e.title.length).toBeLessThanOrEqual(256);
    if (e.description) expect(e.description.length).toBeLessThanOrEqual(4096);
    expect(Number.isInteger(e.color)).toBe(true);
    expect(e.color).toBeGreaterThanOrEqual(0);
    expect(e.color).toBeLessThanOrEqual(0xffffff);
    expect(e.fields.length).toBeLessThanOrEqual(25);
    for (const f of e.fields) {
      expect(f.name.length).toBeLessThanOrEqual(256);
      expect(f.value.length).toBeLessThanOrEqual(1024);
    }
    expect(Number.isNaN(Date.parse(e.timestamp))).toBe(false);
  }
}

/** A Teams message: one attachment holding an Adaptive Card (1.4) with text blocks and an open-URL action. */
function checkTeams(m: any) {
  expect(m.type).toBe("message");
  expect(m.attachments).toHaveLength(1);
  const card = m.attachments[0];
  expect(card.contentType).toBe("application/vnd.microsoft.card.adaptive");
  expect(card.content).toMatchObject({ type: "AdaptiveCard", version: "1.4" });
  for (const b of card.content.body) expect(["TextBlock", "FactSet"]).toContain(b.type);
  for (const a of card.content.actions ?? []) expect(a.type).toBe("Action.OpenUrl");
}

test("a new testimonial reaches each chat app as that app's message; the default endpoint gets the envelope", async () => {
  const events = ["submission.created"];
  const made: Record<string, any> = {};
  for (const format of ["slack", "discord", "teams", "envelope"] as const) {
    const r = await api("POST", "/v1/webhooks", { url: rx.url(`/${format}`, "localhost"), events, format });
    expect(r.status).toBe(201);
    expect(r.body.format).toBe(format);
    made[format] = r.body;
  }
  expect((await api("POST", "/v1/webhooks", { url: rx.url("/x", "localhost"), events, format: "irc" })).status).toBe(
    400,
  );
  const brand = (await api("GET", "/v1/brands")).body.data[0];
  const link = await api("POST", `/v1/brands/${brand.id}/links`, {
    title: "Tell us",
    prompts: [{ text: "How was it?" }],
    consent_text: "I agree.",
    consent_version: "1",
    ask_rating: true,
  });
  const words = "The team rebuilt our booking page in a week & our phone stopped ringing <for the better>.";
  const sent = await fetch(`${server.url}/public/links/${link.body.id}/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      kind: "text",
      respondent: { name: "Ada Lovelace", title: "Owner", company: "Analytical Bakes" },
      consent: { agreed: true, text: "I agree.", version: "1" },
      text: words,
      rating: 5,
    }),
  });
  expect(sent.status).toBe(201);
  const id = ((await sent.json()) as any).submission_id as string;
  await rx.waitFor(4, 20_000);
  const at = (path: string) => JSON.parse(rx.requests.find((r) => r.path === path)!.body);

  const slack = at("/slack");
  checkSlack(slack);
  expect(slack.text).toContain("New testimonial: Ada Lovelace for");
  expect(slack.blocks[0].text.text).toContain("The team rebuilt our booking page in a week &amp; our phone");
  expect(slack.blocks[0].text.text).toContain("&lt;for the better&gt;");
  expect(JSON.stringify(slack.blocks)).toContain("★★★★★");
  expect(slack.blocks.at(-1).elements[0].url).toBe(`${server.url}/app/inbox/${id}`);

  const discord = at("/discord");
  checkDiscord(discord);
  expect(discord.embeds[0].description).toBe(`“${words}”`);
  expect(discord.embeds[0].fields).toContainEqual({ name: "Rating", value: "★★★★★", inline: true });
  expect(discord.embeds[0].url).toBe(`${server.url}/app/inbox/${id}`);

  const teams = at("/teams");
  checkTeams(teams);
  expect(teams.attachments[0].content.body[1].text).toBe(`“${words}”`);

  const envelope = at("/envelope");
  expect(envelope).toMatchObject({ type: "submission.created", api_version: "v1", data: { id } });
  // Every request is signed the same way, whatever its shape.
  for (const r of rx.requests) expect(r.headers["x-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}/);

  // A replay sends the chat message's identical bytes.
  const log = await api("GET", `/v1/webhooks/${made.slack.id}/deliveries`);
  const delivery = log.body.data[0];
  const replay = await api("POST", `/v1/webhooks/deliveries/${delivery.id}/replay`);
  expect(replay.status).toBeLessThan(300);
  await rx.waitFor(5, 20_000);
  const slackBodies = rx.requests.filter((r) => r.path === "/slack").map((r) => r.body);
  expect(slackBodies).toHaveLength(2);
  expect(slackBodies[1]).toBe(slackBodies[0]);

  // The chat messages hold her name and words: erasing the testimonial erases them from the delivery log too.
  const del = await api("DELETE", `/v1/submissions/${id}`);
  expect(del.status).toBeLessThan(300);
  await until(
    "the testimonial's erasure",
    () => (server.deps.db.$client.query("SELECT erased_at FROM submissions WHERE id = ?").get(id) as any)?.erased_at,
    30_000,
  );
  expect((await api("GET", `/v1/webhooks/${made.slack.id}/deliveries`)).body.data).toEqual([]);
  expect((await api("GET", `/v1/webhooks/${made.envelope.id}/deliveries`)).body.data).toHaveLength(1);
  await until(
    "no file to hold her words",
    () => findInFiles(server.dataDir, { words: "booking page" }).length === 0,
    30_000,
  );
}, 90_000);

test("the test event of a chat endpoint is that app's message too", async () => {
  const r = await api("POST", "/v1/webhooks", {
    url: rx.url("/discord-test", "localhost"),
    events: ["submission.approved"],
    format: "discord",
  });
  const before = rx.requests.length;
  expect((await api("POST", `/v1/webhooks/${r.body.id}/test`)).status).toBeLessThan(300);
  await rx.waitFor(before + 1, 20_000);
  const m = JSON.parse(rx.requests.at(-1)!.body);
  checkDiscord(m);
  expect(m.content).toStartWith("Testimonial approved");
  // The format can be changed back to the envelope.
  const back = await api("PATCH", `/v1/webhooks/${r.body.id}`, { format: "envelope" });
  expect(back.body.format).toBe("envelope");
}, 60_000);
