/**
 * Strangers cannot use up an organisation's allowance through its capture link: a few testimonials per client
 * address per link (10 a minute, 60 an hour), 200 an hour per link from everyone; a refusal is a 429 in the error
 * shape with `Retry-After` and a kind sentence, and counts nothing against the allowance. Only accepted testimonials
 * count. The client address comes from `X-Forwarded-For` only when the peer is a trusted proxy
 * (`PLAUDIT_TRUSTED_PROXIES`, none by default).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink } from "../helpers/testimonials";
import { clientAddress, isTrustedProxy } from "../../src/platform/client-address";
import { ConfigError, loadConfig } from "../../src/config";
import { ManualClock } from "../../src/platform/clock";
import { RateLimiter } from "../../src/platform/rate-limit";

let t: TestApp;
let a: TestOrg;
let link: { id: string; brandId: string };
const consent = { agreed: true, text: "I agree that my words and recording may be published.", version: "2026-11-01" };

const send = (linkId: string, from: string, text = "This team helped us more than we ever expected.") =>
  t.call("POST", `/public/links/${linkId}/submissions`, {
    body: { kind: "text", respondent: { name: "Pat Person" }, consent, text },
    headers: { "x-forwarded-for": from },
  });
const count = (orgId: string) =>
  (t.deps.db.$client.query("SELECT count(*) AS n FROM submissions WHERE org_id = ?").get(orgId) as { n: number }).n;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ name: "Limited Co" });
  link = await makeLink(t, a.liveKey);
});
afterAll(() => t.close());

describe("per client address and link", () => {
  test("a burst of 98 from one client makes 10 testimonials; the rest get 429 with Retry-After and a kind message", async () => {
    const results = await Promise.all(Array.from({ length: 98 }, () => send(link.id, "203.0.113.50")));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(88);
    const r = refused[0]!;
    expect(r.body.error).toMatchObject({
      code: "too_many_requests",
      request_id: expect.any(String),
      details: { reason: "client_rate" },
    });
    expect(r.body.error.message).toContain("Please wait");
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(r.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(r.body.error.details.retry_after_seconds).toBe(Number(r.headers.get("retry-after")));
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(count(a.id)).toBe(10);
    // Another address is not affected, and the same one may send again after a minute.
    expect((await send(link.id, "203.0.113.51")).status).toBe(201);
    t.clock.advance(60_001);
    expect((await send(link.id, "203.0.113.50")).status).toBe(201);
  });

  test("60 an hour per address per link; another link of the same client is counted apart", async () => {
    const other = await makeLink(t, a.liveKey);
    let sent = 0;
    for (let minute = 0; minute < 6; minute++) {
      for (let i = 0; i < 10; i++) if ((await send(other.id, "203.0.113.60")).status === 201) sent++;
      t.clock.advance(60_001);
    }
    expect(sent).toBe(60);
    const over = await send(other.id, "203.0.113.60");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(60);
    const third = await makeLink(t, a.liveKey);
    expect((await send(third.id, "203.0.113.60")).status).toBe(201);
    t.clock.advance(60 * 60_000);
  });

  test("a form sent back with a mistake does not count", async () => {
    for (let i = 0; i < 8; i++) expect((await send(link.id, "203.0.113.70", "short")).status).toBe(400);
    for (let i = 0; i < 10; i++) expect((await send(link.id, "203.0.113.70")).status).toBe(201);
    t.clock.advance(60 * 60_000);
  });
});

describe("per link", () => {
  test("200 an hour from everyone together; other links keep collecting", async () => {
    const org = await t.org({ name: "Popular Co", plan: "plus" });
    const busy = await makeLink(t, org.liveKey);
    for (let i = 0; i < 200; i++) expect((await send(busy.id, `198.51.${100 + (i >> 8)}.${i & 255}`)).status).toBe(201);
    const over = await send(busy.id, "198.51.100.200");
    expect(over.status).toBe(429);
    expect(over.body.error.details.reason).toBe("link_rate");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    const quiet = await makeLink(t, org.liveKey);
    expect((await send(quiet.id, "198.51.100.200")).status).toBe(201);
    t.clock.advance(60 * 60_000 + 1);
    expect((await send(busy.id, "198.51.100.200")).status).toBe(201);
  }, 30_000);
});

describe("the client address", () => {
  const server = (peer: string) => ({ requestIP: () => ({ address: peer }) });
  const req = (xff?: string) => new Request("http://x/", { headers: xff ? { "x-forwarded-for": xff } : {} });

  test("X-Forwarded-For counts only from a trusted proxy; by default none is trusted", () => {
    const none = loadConfig({ PLAUDIT_DATA_DIR: "/tmp/x" });
    expect(none.trustedProxies).toEqual([]);
    // Loopback and private peers were trusted before: not any more.
    expect(clientAddress(req("1.2.3.4"), server("127.0.0.1"), none)).toBe("127.0.0.1");
    expect(clientAddress(req("1.2.3.4"), server("10.0.0.5"), none)).toBe("10.0.0.5");
    expect(clientAddress(req("1.2.3.4"), server("::ffff:192.168.1.2"), none)).toBe("192.168.1.2");
    const proxied = loadConfig({ PLAUDIT_DATA_DIR: "/tmp/x", PLAUDIT_TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8" });
    expect(proxied.trustedProxies).toEqual(["127.0.0.1", "10.0.0.0/8"]);
    expect(clientAddress(req("1.2.3.4"), server("127.0.0.1"), proxied)).toBe("1.2.3.4");
    expect(clientAddress(req("1.2.3.4"), server("::ffff:127.0.0.1"), proxied)).toBe("1.2.3.4");
    // A spoofed first entry is ignored: the rightmost address no trusted proxy wrote is the client.
    expect(clientAddress(req("6.6.6.6, 1.2.3.4, 10.1.2.3"), server("127.0.0.1"), proxied)).toBe("1.2.3.4");
    expect(clientAddress(req(), server("127.0.0.1"), proxied)).toBe("127.0.0.1");
    expect(clientAddress(req("not-an-ip"), server("127.0.0.1"), proxied)).toBe("127.0.0.1");
    expect(clientAddress(req("1.2.3.4"), server("192.0.2.9"), proxied)).toBe("192.0.2.9");
    expect(isTrustedProxy("10.200.0.1", proxied.trustedProxies)).toBe(true);
    expect(isTrustedProxy("11.0.0.1", proxied.trustedProxies)).toBe(false);
  });

  test("a bad PLAUDIT_TRUSTED_PROXIES stops the start with a message naming it", () => {
    expect(() =>
      loadConfig({ PLAUDIT_DATA_DIR: "/tmp/x", PLAUDIT_TRUSTED_PROXIES: "10.0.0.0/99, proxy.local" }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ PLAUDIT_DATA_DIR: "/tmp/x", PLAUDIT_TRUSTED_PROXIES: "proxy.local" })).toThrow(
      /PLAUDIT_TRUSTED_PROXIES/,
    );
  });

  test("the shared limiter slides: a burst at a window's edge cannot double the allowance", () => {
    const clock = new ManualClock(0);
    const limiter = new RateLimiter(clock, { requests: 3, windowMs: 1000 });
    for (let i = 0; i < 3; i++) expect(limiter.take("k")).toBe(0);
    clock.advance(999);
    expect(limiter.take("k")).toBe(1);
    clock.advance(2);
    expect(limiter.take("k")).toBe(0);
    expect(limiter.take("other")).toBe(0);
  });
});
