/**
 * Which configured addresses let respondents record: browsers give the camera and microphone to https:// pages and
 * to http:// pages on their own machine only. The problem names the address and the fix (PLAUDIT_DOMAIN or a
 * reverse proxy with an https:// PLAUDIT_BASE_URL, and PLAUDIT_SITE_URL when it is set apart); an https capture page
 * sending to an http API is a problem too (mixed content).
 */
import { describe, expect, test } from "bun:test";
import { isLoopbackHost, isSecureContextUrl, recordingAddressProblem } from "../../src/platform/secure-address";

describe("isSecureContextUrl", () => {
  test("https anywhere, http on this machine only", () => {
    for (const url of [
      "https://testimonials.example.com",
      "https://203.0.113.7:8443",
      "http://localhost:3000",
      "http://app.localhost:3000",
      "http://127.0.0.1:3000",
      "http://127.8.9.10",
      "http://[::1]:3000",
    ])
      expect([url, isSecureContextUrl(url)]).toEqual([url, true]);
    for (const url of [
      "http://203.0.113.7:3000",
      "http://192.168.1.20:3000",
      "http://testimonials.example.com",
      "http://localhost.example.com",
      "http://[::ffff:203.0.113.7]",
      "http://[fd00::2]:3000",
    ])
      expect([url, isSecureContextUrl(url)]).toEqual([url, false]);
  });

  test("isLoopbackHost takes hostnames as URLs give them", () => {
    expect(isLoopbackHost("LOCALHOST")).toBe(true);
    expect(isLoopbackHost("[::1]")).toBe(true);
    expect(isLoopbackHost("0.0.0.0")).toBe(false);
    expect(isLoopbackHost("not an address")).toBe(false);
  });
});

describe("recordingAddressProblem", () => {
  test("none on localhost or https", () => {
    expect(recordingAddressProblem({ baseUrl: "http://localhost:3000", siteUrl: "http://localhost:3000" })).toBeNull();
    expect(recordingAddressProblem({ baseUrl: "https://t.example.com", siteUrl: "https://t.example.com" })).toBeNull();
    // A page on http://localhost is not kept from an http API (only https pages are).
    expect(recordingAddressProblem({ baseUrl: "http://203.0.113.7", siteUrl: "http://localhost:3000" })).toBeNull();
  });

  test("a plain-HTTP public site address: what fails, and both ways to fix it", () => {
    const p = recordingAddressProblem({ baseUrl: "http://203.0.113.7:3000", siteUrl: "http://203.0.113.7:3000" })!;
    expect(p.detail).toStartWith("capture pages are at http://203.0.113.7:3000, a plain HTTP address");
    expect(p.detail).toContain("recordings will not work on phones or browsers there");
    expect(p.fix).toContain("`PLAUDIT_DOMAIN`");
    expect(p.fix).toContain("`PLAUDIT_BASE_URL=https://…`");
    expect(p.fix).not.toContain("PLAUDIT_SITE_URL");
  });

  test("a site address of its own names PLAUDIT_SITE_URL too", () => {
    const p = recordingAddressProblem({ baseUrl: "https://api.example.com", siteUrl: "http://www.example.com" })!;
    expect(p.detail).toStartWith("capture pages are at http://www.example.com");
    expect(p.fix).toContain("`PLAUDIT_SITE_URL=https://…`");
  });

  test("an https site sending to an http API: blocked as mixed content", () => {
    const p = recordingAddressProblem({ baseUrl: "http://203.0.113.7:3000", siteUrl: "https://www.example.com" })!;
    expect(p.detail).toContain("send recordings to the API at http://203.0.113.7:3000");
    expect(p.fix).toContain("`PLAUDIT_BASE_URL=https://…`");
  });
});
