/**
 * What the beacon path keeps in memory (src/domains/analytics): the halving map stays within its size and forgets the
 * least recently used half; the flood limit counts 60 beacons a minute per visitor in a sliding window; and the
 * remembered client address is what the platform's `clientAddress` gives, for plain IPv4 addresses taken as written
 * and everything else.
 */
import { expect, test } from "bun:test";
import { HalvingMap } from "../../src/platform/halving-map";
import { BEACONS_PER_MINUTE, FloodLimit, MAX_VISITORS } from "../../src/domains/analytics/flood-limit";
import { plainIPv4, visitorOf } from "../../src/domains/analytics/visitors";
import { AppState } from "../../src/platform/app-state";
import { ManualClock } from "../../src/platform/clock";
import { clientAddress } from "../../src/platform/client-address";
import type { Config } from "../../src/config";

test("a halving map holds at most its size and forgets the least recently used half at once", () => {
  const m = new HalvingMap<string, number>(4);
  m.set("a", 1);
  m.set("b", 2);
  m.set("c", 3); // the young half (a, b) became old
  expect(m.get("a")).toBe(1); // read: back among the young
  m.set("d", 4); // young (c, a) full: becomes old; (b) forgotten
  expect(m.size).toBeLessThanOrEqual(4);
  expect(m.get("b")).toBeUndefined();
  expect([m.get("a"), m.get("c"), m.get("d")]).toEqual([1, 3, 4]);
  for (let i = 0; i < 1000; i++) m.set(`k${i}`, i);
  expect(m.size).toBeLessThanOrEqual(4);
  expect(m.get("k999")).toBe(999);
  m.clear();
  expect(m.size).toBe(0);
});

test("the flood limit counts 60 beacons a minute per visitor, in a sliding window", () => {
  const clock = new ManualClock(Date.UTC(2026, 10, 22));
  const limit = new FloodLimit(clock);
  let taken = 0;
  for (let i = 0; i < 80; i++) if (limit.take("198.51.100.1")) taken++;
  expect(taken).toBe(BEACONS_PER_MINUTE);
  expect(limit.take("198.51.100.2")).toBe(true); // another visitor has its own
  clock.advance(30_000);
  expect(limit.take("198.51.100.1")).toBe(false); // still within the minute of the first 60
  clock.advance(30_001);
  expect(limit.take("198.51.100.1")).toBe(true); // the first ones left the window
  // Many visitors: memory stays bounded, and a visitor seen just now keeps its count.
  for (let i = 0; i < 3 * MAX_VISITORS; i++) limit.take(`v${i}`);
  for (let i = 0; i < BEACONS_PER_MINUTE; i++) limit.take("198.51.100.3");
  for (let i = 0; i < 100; i++) limit.take(`w${i}`);
  expect(limit.take("198.51.100.3")).toBe(false);
});

test("a plain IPv4 address is four decimal numbers up to 255 with no leading zero", () => {
  for (const s of ["0.0.0.0", "1.2.3.4", "198.18.255.7", "255.255.255.255", "10.0.0.1"])
    expect([s, plainIPv4(s)]).toEqual([s, true]);
  for (const s of [
    "",
    "1.2.3",
    "1.2.3.4.5",
    "256.1.1.1",
    "01.2.3.4",
    "1.2.3.04",
    " 1.2.3.4",
    "1.2.3.4 ",
    "1..2.3",
    "1.2.3.",
    ".1.2.3",
    "1.2.3.4,5.6.7.8",
    "0x1.2.3.4",
    "::1",
    "1.2.3.a",
    "1234.1.1.1",
  ])
    expect([s, plainIPv4(s)]).toEqual([s, false]);
});

test("the remembered client address is the platform's, behind a trusted proxy or not", () => {
  const trusted = ["127.0.0.1", "10.0.0.0/8", "::1"];
  const deps = {
    clock: new ManualClock(0),
    state: new AppState(),
    config: { trustedProxies: trusted } as unknown as Config,
  };
  const peers = ["127.0.0.1", "10.1.2.3", "::ffff:127.0.0.1", "::1", "203.0.113.9", "2001:db8::1"];
  const forwarded = [
    null,
    "198.18.0.1",
    "198.18.0.1, 10.0.0.2",
    "198.18.0.1,203.0.113.5",
    "010.1.1.1",
    "1.02.3.4",
    " 198.18.0.9 ",
    "10.9.9.9",
    "2001:db8::7",
    "::ffff:198.18.0.3",
    "not an address",
    "",
    "300.1.1.1",
    "unknown, 198.18.0.4",
  ];
  for (let round = 0; round < 2; round++) {
    for (const peer of peers) {
      for (const xff of forwarded) {
        const request = new Request("http://plaudit.test/public/beacons", {
          method: "POST",
          headers: xff === null ? {} : { "x-forwarded-for": xff },
        });
        const server = { requestIP: () => ({ address: peer }) };
        const expected = clientAddress(request, server, { trustedProxies: trusted });
        expect([peer, xff, visitorOf(deps, request, server)]).toEqual([peer, xff, expected]);
      }
    }
  }
  // No peer at all (in-process calls): the platform's answer too.
  const bare = new Request("http://plaudit.test/", { headers: { "x-forwarded-for": "198.18.0.1, 198.18.0.2" } });
  expect(visitorOf(deps, bare, null)).toBe(clientAddress(bare, null, { trustedProxies: trusted }));
  // With no trusted proxy configured, the peer is the visitor whatever it forwards.
  const plain = { ...deps, state: new AppState(), config: { trustedProxies: [] } as unknown as Config };
  const r = new Request("http://plaudit.test/", { headers: { "x-forwarded-for": "198.18.0.1" } });
  expect(visitorOf(plain, r, { requestIP: () => ({ address: "127.0.0.1" }) })).toBe("127.0.0.1");
});
