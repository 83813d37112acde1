/**
 * Session cookies behind a reverse proxy that ends TLS. Plaudit hears plain HTTP from the proxy; a request from a
 * peer in PLAUDIT_TRUSTED_PROXIES saying `X-Forwarded-Proto: https` came over HTTPS, so the cookies set in answer
 * (sign-in, sign-out, accepting an invitation, social sign-in's state) are `Secure`. Anyone else saying so is not
 * believed, and with no trusted proxies the header means nothing. With an https:// PLAUDIT_BASE_URL the cookies are
 * always `Secure`. The peer is noted as the server's fetch handler notes it (`notePeer`).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../helpers/app";
import { createOrganisation } from "../../src/domains/accounts";
import { notePeer } from "../../src/platform/client-address";
import { isHttpsRequest } from "../../src/platform/request-scheme";

const USER = { email: "pat@example.com", password: "pat-password-1" };

/** A request as the server's fetch handler passes it on: from `peer` (none: an in-process call). */
function from(t: TestApp, peer: string | null, path: string, init: RequestInit & { headers?: Record<string, string> }) {
  const request = new Request(`${t.base}${path}`, init);
  notePeer(request, peer);
  return t.app.handle(request);
}

/** The session cookie's attributes after signing in from `peer` with `headers`. */
async function signInCookie(t: TestApp, peer: string | null, headers: Record<string, string> = {}) {
  const res = await from(t, peer, "/v1/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json", "x-svc-csrf": "1", ...headers },
    body: JSON.stringify(USER),
  });
  expect(res.status).toBe(200);
  return res.headers.get("set-cookie")!.split(/;\s*/);
}

describe("behind a trusted proxy (PLAUDIT_TRUSTED_PROXIES=127.0.0.1, 10.0.0.0/8; base http://)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ PLAUDIT_TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8" });
    createOrganisation(t.deps, { name: "Proxy Co", owner: USER });
  });
  afterAll(() => t.close());

  test("X-Forwarded-Proto: https from the proxy: the session cookie is Secure", async () => {
    expect(await signInCookie(t, "127.0.0.1", { "x-forwarded-proto": "https" })).toContain("Secure");
    expect(await signInCookie(t, "10.1.2.3", { "x-forwarded-proto": "HTTPS" })).toContain("Secure");
    expect(await signInCookie(t, "::ffff:127.0.0.1", { "x-forwarded-proto": "https" })).toContain("Secure");
  });

  test("http, no header, or the header from anyone else: not Secure", async () => {
    expect(await signInCookie(t, "127.0.0.1", { "x-forwarded-proto": "http" })).not.toContain("Secure");
    expect(await signInCookie(t, "127.0.0.1")).not.toContain("Secure");
    expect(await signInCookie(t, "203.0.113.9", { "x-forwarded-proto": "https" })).not.toContain("Secure");
    expect(await signInCookie(t, null, { "x-forwarded-proto": "https" })).not.toContain("Secure");
  });

  test("sign-out clears the cookie with the same attribute", async () => {
    const session = (await signInCookie(t, "127.0.0.1", { "x-forwarded-proto": "https" }))[0]!;
    const res = await from(t, "127.0.0.1", "/v1/auth/logout", {
      method: "POST",
      headers: { cookie: session, "x-svc-csrf": "1", "x-forwarded-proto": "https" },
    });
    expect(res.status).toBe(200);
    const cleared = res.headers.get("set-cookie")!.split(/;\s*/);
    expect(cleared).toEqual(expect.arrayContaining(["plaudit_session=", "Max-Age=0", "Secure"]));
  });

  test("of a list, the entry the nearest (trusted) proxy wrote counts", () => {
    const config = t.deps.config;
    const req = (proto: string) => {
      const r = new Request("http://plaudit.test/v1/me", { headers: { "x-forwarded-proto": proto } });
      notePeer(r, "127.0.0.1");
      return r;
    };
    expect(isHttpsRequest(req("http, https"), null, config)).toBe(true);
    expect(isHttpsRequest(req("https, http"), null, config)).toBe(false);
    expect(isHttpsRequest(req(" https "), null, config)).toBe(true);
    expect(isHttpsRequest(req("httpsx"), null, config)).toBe(false);
  });
});

describe("with no trusted proxies", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
    createOrganisation(t.deps, { name: "Direct Co", owner: USER });
  });
  afterAll(() => t.close());

  test("X-Forwarded-Proto is ignored, even from loopback", async () => {
    expect(await signInCookie(t, "127.0.0.1", { "x-forwarded-proto": "https" })).not.toContain("Secure");
  });
});

describe("with an https:// PLAUDIT_BASE_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ PLAUDIT_BASE_URL: "https://plaudit.test" });
    createOrganisation(t.deps, { name: "Secure Co", owner: USER });
  });
  afterAll(() => t.close());

  test("cookies are always Secure, whatever the request says", async () => {
    expect(await signInCookie(t, "203.0.113.9", { "x-forwarded-proto": "http" })).toContain("Secure");
    expect(await signInCookie(t, null)).toContain("Secure");
  });
});
