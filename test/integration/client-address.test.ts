/**
 * On the executable, with no trusted proxies (the default): a client on this machine cannot escape the per-client
 * limits by writing a fresh `X-Forwarded-For` into each request. Loopback was trusted before; now only the
 * addresses in PLAUDIT_TRUSTED_PROXIES are, so the peer address is what the removal and capture limits count.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startServer, type RunningServer } from "../helpers/server";

let server: RunningServer;
let key = "";

const post = async (path: string, body: unknown, from: string) => {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": from },
    body: JSON.stringify(body),
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: (await res.json()) as any };
};

beforeAll(async () => {
  server = await startServer();
  key = await server.createKey("live");
}, 240_000);
afterAll(async () => {
  await server?.stop();
});

test("the removal routes count the peer, whatever X-Forwarded-For says", async () => {
  const seen: number[] = [];
  for (let i = 0; i < 31; i++)
    seen.push((await post("/public/removals/lookup", { token: "Z".repeat(32) }, `203.0.113.${i}`)).status);
  expect(seen.slice(0, 30).every((s) => s === 200)).toBe(true);
  const over = await post("/public/removals/lookup", { token: "Z".repeat(32) }, "203.0.113.99");
  expect(over.status).toBe(429);
  expect(Number(over.retryAfter)).toBeGreaterThan(0);
}, 60_000);

test("the capture route counts the peer too: the eleventh testimonial in a minute is refused", async () => {
  const auth = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const brand = ((await (await fetch(`${server.url}/v1/brands`, { headers: auth })).json()) as any).data[0];
  const consent = { text: "I agree that Acme may publish my words.", version: "2026-11-01" };
  const link = (await (
    await fetch(`${server.url}/v1/brands/${brand.id}/links`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        title: "Tell us",
        prompts: [{ text: "How was it?" }],
        consent_text: consent.text,
        consent_version: consent.version,
      }),
    })
  ).json()) as any;
  const body = {
    kind: "text",
    respondent: { name: "Spoof Person" },
    consent: { agreed: true, ...consent },
    text: "A fine product that we use every day.",
  };
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++)
    statuses.push((await post(`/public/links/${link.id}/submissions`, body, `198.51.100.${i}`)).status);
  expect(statuses).toEqual([...Array(10).fill(201), 429]);
}, 60_000);
