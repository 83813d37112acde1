/**
 * Analytics through app.handle: beacons (shape, caps, never a 500; DNT, Sec-GPC, bots, the dashboard's session and
 * previews not counted; unknown widgets and testimonials the widget does not show not counted; a flood bounded) and
 * the stats routes (shape, days with zeros, date validation, tenancy and modes apart, client logins limited to their
 * brands, the `analytics:read` scope).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type Session, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";
import { addMember } from "../../src/domains/accounts/members";
import { createSession, SESSION_COOKIE } from "../../src/domains/accounts/sessions";
import { systemCtx } from "../../src/platform/context";
import { flushAnalytics } from "../../src/domains/analytics";
import { forgetTargets } from "../../src/domains/analytics/targets";
import { unitOfWork } from "../../src/platform/db/unit-of-work";
import { accountCtx } from "../../src/domains/accounts/users";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let link: { id: string; brandId: string };
let shownIds: string[];
let hidden: string;
let widgetId: string;
let otherWidget: string;
let seq = 0;

const act = (id: string, action: string, body?: unknown) =>
  t.call("POST", `/v1/submissions/${id}/${action}`, { auth: a.liveKey, body });

async function shown(text: string) {
  const id = await writeTestimonial(t, link.id, text);
  await act(id, "approve");
  await act(id, "visibility", { is_public: true });
  return id;
}

/** Sends a beacon as a browser on `page` would (text/plain, Origin of the page), from its own address. */
async function beacon(body: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.handle(
    new Request(`${t.base}/public/beacons`, {
      method: "POST",
      headers: {
        "content-type": "text/plain;charset=UTF-8",
        "user-agent": CHROME,
        origin: "https://shop.example",
        "x-forwarded-for": `203.0.113.${++seq % 250}`,
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const stats = (id: string, query = "", auth: string | Session = a.liveKey) =>
  t.call("GET", `/v1/widgets/${id}/stats${query}`, { auth });

const today = "2026-11-22";

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  b = await t.org();
  link = await makeLink(t, a.liveKey);
  shownIds = [await shown("First words that are shown on the widget."), await shown("Second words, also shown.")];
  hidden = await writeTestimonial(t, link.id, "Never approved, so never in the widget.");
  widgetId = (await t.call("POST", "/v1/widgets", { auth: a.liveKey, body: { brand_id: link.brandId } })).body.id;
  const bBrand = (await t.call("GET", "/v1/brands", { auth: b.liveKey })).body.data[0].id;
  otherWidget = (await t.call("POST", "/v1/widgets", { auth: b.liveKey, body: { brand_id: bBrand } })).body.id;
});
afterAll(() => t.close());

describe("beacons", () => {
  test("a view of the widget, its cards, a play with how far it went, and a Read more are counted", async () => {
    const [s1, s2] = shownIds as [string, string];
    const r = await beacon({
      widget_id: widgetId,
      events: [
        { type: "view" },
        { type: "view", submission_id: s1 },
        { type: "view", submission_id: s2 },
        { type: "play", submission_id: s1 },
        { type: "progress", submission_id: s1, percent: 25 },
        { type: "progress", submission_id: s1, percent: 50 },
        { type: "click", target: "read_more", submission_id: s2 },
      ],
    });
    expect(r.status).toBe(204);
    const got = await stats(widgetId);
    expect(got.status).toBe(200);
    expect(got.body.widget_id).toBe(widgetId);
    expect(got.body.to).toBe(today);
    expect(got.body.from).toBe("2026-10-24");
    expect(got.body.days).toHaveLength(30);
    expect(got.body.days.at(-1)).toEqual({ date: today, views: 1, plays: 1, clicks: 1 });
    expect(got.body.days[0]).toEqual({ date: "2026-10-24", views: 0, plays: 0, clicks: 0 });
    expect(got.body.totals).toEqual({
      views: 1,
      plays: 1,
      clicks: 1,
      play_progress: { p25: 1, p50: 1, p75: 0, p100: 0 },
    });
    const bySub = Object.fromEntries(got.body.testimonials.map((x: any) => [x.submission_id, x]));
    expect(bySub[s1]).toMatchObject({
      views: 1,
      plays: 1,
      clicks: 0,
      play_progress: { p25: 1, p50: 1, p75: 0, p100: 0 },
    });
    expect(bySub[s2]).toMatchObject({
      views: 1,
      plays: 0,
      clicks: 1,
      name: "Robin Writer",
      quote: "Second words, also shown.",
    });
    expect(got.body.hosts).toEqual([{ host: "shop.example", views: 1, plays: 1, clicks: 1 }]);
  });

  test("each thing counts once per beacon; a second beacon counts again", async () => {
    const before = (await stats(widgetId)).body.totals.views;
    await beacon({ widget_id: widgetId, events: [{ type: "view" }, { type: "view" }, { type: "view" }] });
    await beacon({ widget_id: widgetId, events: [{ type: "view" }] });
    expect((await stats(widgetId)).body.totals.views).toBe(before + 2);
  });

  test("DNT, Sec-GPC, bots, no user agent, a prefetch, the dashboard's session and its previews are not counted", async () => {
    const before = (await stats(widgetId)).body.totals.views;
    const v = { widget_id: widgetId, events: [{ type: "view" }] };
    const cookie = (await a.member("member")).cookie;
    for (const headers of <Record<string, string>[]>[
      { dnt: "1" },
      { "sec-gpc": "1" },
      { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      {
        "user-agent":
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36",
      },
      { "user-agent": "" },
      { "sec-purpose": "prefetch" },
      { cookie: `theme=dark; ${cookie}` },
      { referer: `${t.deps.config.appUrl}/widgets/${widgetId}` },
    ]) {
      const r = await beacon(v, headers);
      expect([JSON.stringify(headers), r.status]).toEqual([JSON.stringify(headers), 204]);
    }
    expect((await stats(widgetId)).body.totals.views).toBe(before);
  });

  test("unknown widgets, testimonials the widget does not show and other tenants' ids make no rows", async () => {
    const before = (await stats(widgetId)).body;
    expect((await beacon({ widget_id: "wgt_doesnotexist", events: [{ type: "view" }] })).status).toBe(204);
    expect((await beacon({ brand_id: "brd_doesnotexist", events: [{ type: "view" }] })).status).toBe(204);
    // The brand exists but its wall is private: nothing counted.
    expect((await beacon({ brand_id: link.brandId, events: [{ type: "view" }] })).status).toBe(204);
    const r = await beacon({
      widget_id: widgetId,
      events: [
        { type: "view", submission_id: hidden },
        { type: "play", submission_id: "sub_made0up0id" },
        { type: "click", target: "cta" },
        { type: "play" },
      ],
    });
    expect(r.status).toBe(204);
    const after = (await stats(widgetId)).body;
    expect(after.totals).toEqual(before.totals);
    expect(after.testimonials.map((x: any) => x.submission_id).sort()).toEqual([...shownIds].sort());
    const rows = t.deps.db.$client.query("SELECT DISTINCT submission_id FROM analytics_daily").all() as any[];
    expect(rows.map((r) => r.submission_id).sort()).toEqual(["", ...shownIds].sort());
  });

  test("a testimonial withdrawn from the widget stops counting once the kept target expires", async () => {
    const [s1] = shownIds as [string];
    await act(s1, "visibility", { is_public: false });
    forgetTargets(t.deps);
    const before = (await stats(widgetId)).body.testimonials.find((x: any) => x.submission_id === s1).plays;
    await beacon({ widget_id: widgetId, events: [{ type: "play", submission_id: s1 }] });
    const after = (await stats(widgetId)).body.testimonials.find((x: any) => x.submission_id === s1);
    expect(after.plays).toBe(before);
    // No longer shown: its name and words are not repeated by the stats.
    expect(after).toMatchObject({ name: null, quote: null });
    await act(s1, "visibility", { is_public: true });
    forgetTargets(t.deps);
  });

  test("bad input is a 4xx in the error shape, never a 500", async () => {
    const cases: [unknown, number, string][] = [
      ["", 400, "invalid_body"],
      ["not json", 400, "invalid_body"],
      ["[1,2,3]", 400, "validation_failed"],
      ["null", 400, "validation_failed"],
      [`${"[".repeat(3000)}${"]".repeat(3000)}`, 400, "invalid_body"],
      [{ events: [{ type: "view" }] }, 400, "validation_failed"],
      [{ widget_id: widgetId, brand_id: link.brandId, events: [{ type: "view" }] }, 400, "validation_failed"],
      [{ widget_id: widgetId, events: [] }, 400, "validation_failed"],
      [{ widget_id: widgetId, events: [{ type: "hover" }] }, 400, "validation_failed"],
      [{ widget_id: widgetId, events: [{ type: "progress", percent: 30 }] }, 400, "validation_failed"],
      [{ widget_id: widgetId, events: [{ type: "view", extra: 1 }] }, 400, "validation_failed"],
      [{ widget_id: "<script>", events: [{ type: "view" }] }, 400, "validation_failed"],
      [{ widget_id: widgetId, events: Array.from({ length: 51 }, () => ({ type: "view" })) }, 400, "validation_failed"],
      [{ widget_id: widgetId, events: [{ type: "view" }], pad: "x".repeat(9000) }, 413, "body_too_large"],
    ];
    for (const [body, status, code] of cases) {
      const r = await beacon(body);
      const label = typeof body === "string" ? body.slice(0, 30) : JSON.stringify(body).slice(0, 60);
      expect([label, r.status, r.body?.error?.code]).toEqual([label, status, code]);
      expect(r.body.error.request_id).toBeString();
    }
  });

  test("a flood from one visitor is bounded: at most 60 counted beacons a minute", async () => {
    const before = (await stats(widgetId)).body.totals.views;
    for (let i = 0; i < 80; i++)
      expect(
        (await beacon({ widget_id: widgetId, events: [{ type: "view" }] }, { "x-forwarded-for": "198.51.100.7" }))
          .status,
      ).toBe(204);
    expect((await stats(widgetId)).body.totals.views).toBe(before + 60);
    t.clock.advance(61_000);
    await beacon({ widget_id: widgetId, events: [{ type: "view" }] }, { "x-forwarded-for": "198.51.100.7" });
    expect((await stats(widgetId)).body.totals.views).toBe(before + 61);
  });

  test("nothing about the visitor is stored: no address, no user agent, no cookie set", async () => {
    const r = await t.app.handle(
      new Request(`${t.base}/public/beacons`, {
        method: "POST",
        headers: { "content-type": "text/plain", "user-agent": CHROME, "x-forwarded-for": "192.0.2.99" },
        body: JSON.stringify({ widget_id: widgetId, events: [{ type: "view" }] }),
      }),
    );
    expect(r.status).toBe(204);
    expect(r.headers.get("set-cookie")).toBeNull();
    flushAnalytics(t.deps);
    const dump = JSON.stringify(t.deps.db.$client.query("SELECT * FROM analytics_daily").all());
    expect(dump).not.toContain("192.0.2.99");
    expect(dump).not.toContain("Chrome");
  });
});

describe("stats", () => {
  test("dates are validated: format, real dates, order, at most 366 days", async () => {
    for (const [q, field] of [
      ["?from=2026-1-01", "from"],
      ["?to=yesterday", "to"],
      ["?from=2026-02-30&to=2026-03-01", "from"],
      ["?from=2026-11-10&to=2026-11-01", "from"],
      ["?from=2025-01-01&to=2026-11-01", "to"],
      ["?from=2026-11-01&limit=3", null],
    ] as const) {
      const r = await stats(widgetId, q);
      expect([q, r.status, r.body.error.code]).toEqual([q, 400, "validation_failed"]);
      if (field) expect(r.body.error.details.field).toBe(field);
    }
    const year = await stats(widgetId, "?from=2025-11-22&to=2026-11-22");
    expect(year.status).toBe(200);
    expect(year.body.days).toHaveLength(366);
    const one = await stats(widgetId, `?from=${today}&to=${today}`);
    expect(one.body.days).toHaveLength(1);
    const past = await stats(widgetId, "?from=2026-01-01&to=2026-01-31");
    expect(past.body.totals.views).toBe(0);
  });

  test("the brand's stats add its widgets up; a counted wall beacon joins them once the wall is public", async () => {
    const w = (await stats(widgetId)).body.totals;
    const brand = await t.call("GET", `/v1/brands/${link.brandId}/stats`, { auth: a.liveKey });
    expect(brand.status).toBe(200);
    expect(brand.body.brand_id).toBe(link.brandId);
    expect(brand.body.totals).toEqual(w);
    expect(
      (await t.call("PATCH", `/v1/brands/${link.brandId}`, { auth: a.liveKey, body: { is_public: true } })).status,
    ).toBe(200);
    forgetTargets(t.deps);
    await beacon({
      brand_id: link.brandId,
      events: [{ type: "view" }, { type: "view", submission_id: shownIds[1] }, { type: "click", target: "cta" }],
    });
    const after = (await t.call("GET", `/v1/brands/${link.brandId}/stats`, { auth: a.liveKey })).body.totals;
    expect(after).toMatchObject({ views: w.views + 1, clicks: w.clicks + 1, plays: w.plays });
    // The widget's own figures do not include the wall's.
    expect((await stats(widgetId)).body.totals).toEqual(w);
  });

  test("tenants, modes and brands stay apart; the scope is analytics:read", async () => {
    expect((await stats(otherWidget)).status).toBe(404);
    expect((await stats(widgetId, "", b.liveKey)).status).toBe(404);
    expect((await stats(widgetId, "", a.testKey)).status).toBe(404);
    expect((await stats("wgt_nothing")).status).toBe(404);
    expect((await t.call("GET", `/v1/brands/${link.brandId}/stats`, { auth: b.liveKey })).status).toBe(404);
    expect((await stats(widgetId, "", a.key("live", ["widgets:manage"]))).status).toBe(403);
    expect((await stats(widgetId, "", a.key("live", ["analytics:read"]))).status).toBe(200);
    expect((await t.call("GET", `/v1/widgets/${widgetId}/stats`)).status).toBe(401);
    // A test-mode widget counts apart from live.
    const testBrand = (await t.call("GET", "/v1/brands", { auth: a.testKey })).body.data[0].id;
    const tw = (await t.call("POST", "/v1/widgets", { auth: a.testKey, body: { brand_id: testBrand } })).body.id;
    await beacon({ widget_id: tw, events: [{ type: "view" }] });
    expect((await stats(tw, "", a.testKey)).body.totals.views).toBe(1);
    expect((await stats(tw, "", a.liveKey)).status).toBe(404);
  });

  test("a client login reads its own brands' stats only; members and the owner read every brand's", async () => {
    const ctx = systemCtx(a.id, "live", t.clock);
    const second = await t.call("POST", "/v1/brands", { auth: a.liveKey, body: { name: "Second brand" } });
    expect(second.status).toBe(201);
    const other = second.body.id;
    const otherWidgetOfA = (await t.call("POST", "/v1/widgets", { auth: a.liveKey, body: { brand_id: other } })).body
      .id;
    const m = unitOfWork(t.deps, ctx, (tx) =>
      addMember(tx, {
        email: `client${Date.now()}@example.com`,
        role: "client",
        brandIds: [link.brandId],
      }),
    );
    const client: Session = {
      cookie: `${SESSION_COOKIE}=${unitOfWork(t.deps, accountCtx(t.clock), (tx) => createSession(tx, m.user_id)).token}`,
      orgId: a.id,
    };
    expect((await stats(widgetId, "", client)).status).toBe(200);
    expect((await t.call("GET", `/v1/brands/${link.brandId}/stats`, { auth: client })).status).toBe(200);
    expect((await stats(otherWidgetOfA, "", client)).status).toBe(404);
    expect((await t.call("GET", `/v1/brands/${other}/stats`, { auth: client })).status).toBe(404);
    const member = await a.member("member");
    expect((await t.call("GET", `/v1/brands/${other}/stats`, { auth: member })).status).toBe(200);
  });
});
