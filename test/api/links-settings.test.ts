/**
 * Collect-link settings beyond the contract's fields: defaults, every setting set and echoed, the friendly address
 * (format, uniqueness per scope, test-mode address, clearing), a call to action or a redirect (not both), the link's
 * own questions (ids kept across changes), expiry and the response cap closing the link with a reason, and a table
 * of bad input that must answer a clear 4xx naming the field (never 500).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let brandTest: string;
let brandLive: string;
let brandLiveB: string;

const consent = "I agree that Acme may publish my testimonial.";
const body = {
  title: "Tell us about Acme",
  prompts: [{ text: "What changed for you?", max_seconds: 90 }],
  consent_text: consent,
  consent_version: "2026-11-01",
};
const future = (days: number) => new Date(t.clock.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  b = await t.org();
  brandTest = (await t.call("GET", "/v1/brands", { auth: a.testKey })).body.data[0].id;
  brandLive = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
  brandLiveB = (await t.call("GET", "/v1/brands", { auth: b.liveKey })).body.data[0].id;
});
afterAll(() => t.close());

const create = (brand: string, auth: string, extra: Record<string, unknown>) =>
  t.call("POST", `/v1/brands/${brand}/links`, { auth, body: { ...body, ...extra } });

describe("defaults and echo", () => {
  test("a link without settings takes everything, asks a rating and nothing else", async () => {
    const r = await create(brandTest, a.testKey, {});
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      slug: null,
      id_url: `http://plaudit.test/c/${r.body.id}`,
      url: `http://plaudit.test/c/${r.body.id}`,
      accepts: ["video", "audio", "text"],
      ask_rating: true,
      welcome_message: null,
      thank_you_message: null,
      call_to_action: null,
      redirect_url: null,
      custom_fields: [],
      collect_photo: false,
      expires_at: null,
      max_responses: null,
      response_count: 0,
      is_active: true,
      closed_reason: null,
    });
  }, 30_000);

  test("every setting is stored and shown as sent (messages trimmed, questions given ids)", async () => {
    const expires = future(30);
    const r = await create(brandLive, a.liveKey, {
      slug: "acme-feedback",
      accepts: ["text", "video"],
      ask_rating: false,
      welcome_message: "  Hi! Two minutes, promise.\r\nThank you.  ",
      thank_you_message: "You made our day.",
      call_to_action: { label: "Leave a Google review", url: "https://g.page/r/acme/review" },
      custom_fields: [
        { label: "Which service did you use?", type: "choice", options: ["Design", "Build"], required: true },
        { label: "Your website", type: "short_text", show_publicly: true },
        { label: "Would you recommend us?", type: "yes_no" },
      ],
      collect_photo: true,
      expires_at: expires,
      max_responses: 50,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      slug: "acme-feedback",
      url: "http://plaudit.test/c/acme-feedback",
      id_url: `http://plaudit.test/c/${r.body.id}`,
      accepts: ["video", "text"],
      ask_rating: false,
      welcome_message: "Hi! Two minutes, promise.\nThank you.",
      thank_you_message: "You made our day.",
      call_to_action: { label: "Leave a Google review", url: "https://g.page/r/acme/review" },
      redirect_url: null,
      collect_photo: true,
      expires_at: expires,
      max_responses: 50,
    });
    expect(r.body.custom_fields).toHaveLength(3);
    expect(r.body.custom_fields[0]).toMatchObject({
      label: "Which service did you use?",
      type: "choice",
      required: true,
      options: ["Design", "Build"],
      show_publicly: false,
    });
    expect(r.body.custom_fields[1]).toMatchObject({ type: "short_text", options: null, show_publicly: true });
    for (const f of r.body.custom_fields) expect(f.id).toMatch(/^fld_/);
    const again = await t.call("GET", `/v1/links/${r.body.id}`, { auth: a.liveKey });
    expect(again.body).toEqual(r.body);
  }, 30_000);
});

describe("slug", () => {
  test("a live slug is taken across organisations: 409 slug_taken naming the field", async () => {
    expect((await create(brandLive, a.liveKey, { slug: "spring-offer" })).status).toBe(201);
    const same = await create(brandLiveB, b.liveKey, { slug: "spring-offer" });
    expect(same.status).toBe(409);
    expect(same.body.error).toMatchObject({ code: "slug_taken", details: { field: "slug" } });
  }, 30_000);

  test("test-mode slugs are per organisation and live under the sandbox address", async () => {
    const brandTestB = (await t.call("GET", "/v1/brands", { auth: b.testKey })).body.data[0].id;
    const one = await create(brandTest, a.testKey, { slug: "sandbox-link" });
    const two = await create(brandTestB, b.testKey, { slug: "sandbox-link" });
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body.url).toBe(`http://plaudit.test/test/${a.id}/c/sandbox-link`);
    // The same slug in live mode of org A is another scope.
    expect((await create(brandLive, a.liveKey, { slug: "sandbox-link" })).status).toBe(201);
    expect((await create(brandTest, a.testKey, { slug: "sandbox-link" })).status).toBe(409);
  }, 30_000);

  test("a link keeps its own slug on change, can move to a free one, and null removes it", async () => {
    const r = await create(brandLive, a.liveKey, { slug: "moving-link" });
    const id = r.body.id;
    const same = await t.call("PATCH", `/v1/links/${id}`, { auth: a.liveKey, body: { slug: "moving-link" } });
    expect(same.status).toBe(200);
    const moved = await t.call("PATCH", `/v1/links/${id}`, { auth: a.liveKey, body: { slug: "moved-link" } });
    expect(moved.body.url).toBe("http://plaudit.test/c/moved-link");
    // The old slug is free again.
    expect((await create(brandLive, a.liveKey, { slug: "moving-link" })).status).toBe(201);
    const cleared = await t.call("PATCH", `/v1/links/${id}`, { auth: a.liveKey, body: { slug: null } });
    expect(cleared.body).toMatchObject({ slug: null, url: `http://plaudit.test/c/${id}` });
  }, 30_000);
});

describe("call to action or redirect", () => {
  test("a change that would leave both is 400; swapping one for the other in one change works", async () => {
    const r = await create(brandTest, a.testKey, { call_to_action: { label: "Visit us", url: "https://acme.test" } });
    const id = r.body.id;
    const both = await t.call("PATCH", `/v1/links/${id}`, {
      auth: a.testKey,
      body: { redirect_url: "https://acme.test/thanks" },
    });
    expect(both.status).toBe(400);
    expect(both.body.error.details.field).toBe("redirect_url");
    expect(both.body.error.message).toContain("not both");
    const swap = await t.call("PATCH", `/v1/links/${id}`, {
      auth: a.testKey,
      body: { call_to_action: null, redirect_url: "https://acme.test/thanks" },
    });
    expect(swap.status).toBe(200);
    expect(swap.body).toMatchObject({ call_to_action: null, redirect_url: "https://acme.test/thanks" });
  }, 30_000);
});

describe("custom fields", () => {
  test("a change keeps the id of a question it names and gives new ones fresh ids", async () => {
    const r = await create(brandTest, a.testKey, {
      custom_fields: [{ label: "Team size", type: "short_text" }],
    });
    const kept = r.body.custom_fields[0].id;
    const p = await t.call("PATCH", `/v1/links/${r.body.id}`, {
      auth: a.testKey,
      body: {
        custom_fields: [
          { id: kept, label: "Team size (people)", type: "short_text", required: true },
          { id: "fld_made_up", label: "Plan", type: "choice", options: ["Free", "Pro"] },
        ],
      },
    });
    expect(p.status).toBe(200);
    expect(p.body.custom_fields[0]).toMatchObject({ id: kept, label: "Team size (people)", required: true });
    expect(p.body.custom_fields[1].id).not.toBe("fld_made_up");
  }, 30_000);
});

describe("closing by expiry and by the response cap", () => {
  test("past expires_at the link is closed with reason expired, and the capture API refuses it", async () => {
    const r = await create(brandTest, a.testKey, { expires_at: future(1) });
    t.clock.advance(2 * 86_400_000);
    const read = await t.call("GET", `/v1/links/${r.body.id}`, { auth: a.testKey });
    expect(read.body).toMatchObject({ is_active: false, closed_reason: "expired" });
    const page = await t.call("GET", `/public/links/${r.body.id}`);
    expect(page.body).toMatchObject({ is_active: false, closed_reason: "expired" });
    expect(page.body.closed_message).toContain("closing date");
    const send = await t.call("POST", `/public/links/${r.body.id}/submissions`, {
      body: {
        kind: "text",
        respondent: { name: "Late Larry" },
        consent: { agreed: true, text: consent, version: "2026-11-01" },
        text: "This arrived after the closing date, sadly.",
      },
    });
    expect(send.status).toBe(409);
    expect(send.body.error).toMatchObject({ code: "link_closed", details: { reason: "expired" } });
    // A later expiry opens it again.
    const reopened = await t.call("PATCH", `/v1/links/${r.body.id}`, {
      auth: a.testKey,
      body: { expires_at: future(5) },
    });
    expect(reopened.body).toMatchObject({ is_active: true, closed_reason: null });
  }, 30_000);

  test("at max_responses the link is full; deleting one frees a place; the list counts responses", async () => {
    const r = await create(brandTest, a.testKey, { max_responses: 1 });
    const send = (name: string) =>
      t.call("POST", `/public/links/${r.body.id}/submissions`, {
        body: {
          kind: "text",
          respondent: { name },
          consent: { agreed: true, text: consent, version: "2026-11-01" },
          text: "Plenty of words to pass the twenty character minimum.",
        },
      });
    const first = await send("First Fran");
    expect(first.status).toBe(201);
    const second = await send("Second Sam");
    expect(second.status).toBe(409);
    expect(second.body.error.details.reason).toBe("full");
    expect((await t.call("GET", `/public/links/${r.body.id}`)).body.closed_reason).toBe("full");
    const list = await t.call("GET", `/v1/brands/${brandTest}/links?limit=100`, { auth: a.testKey });
    expect(list.body.data.find((l: any) => l.id === r.body.id)).toMatchObject({
      response_count: 1,
      closed_reason: "full",
    });
    await t.call("DELETE", `/v1/submissions/${first.body.submission_id}`, { auth: a.testKey });
    expect((await send("Second Sam")).status).toBe(201);
  }, 30_000);

  test("a paused link says paused even when it is also full", async () => {
    const r = await create(brandTest, a.testKey, { max_responses: 1 });
    const p = await t.call("PATCH", `/v1/links/${r.body.id}`, { auth: a.testKey, body: { is_active: false } });
    expect(p.body).toMatchObject({ is_active: false, closed_reason: "paused" });
  }, 30_000);
});

describe("bad settings answer a 4xx naming the field", () => {
  const field = (n: number) => ({ label: `Question ${n}`, type: "short_text" });
  const cases: [string, Record<string, unknown>, number, string][] = [
    ["slug with capitals", { slug: "Acme-Feedback" }, 400, "slug"],
    ["slug too short", { slug: "ab" }, 400, "slug"],
    ["slug with a double hyphen", { slug: "acme--x" }, 400, "slug"],
    ["reserved slug", { slug: "assets" }, 400, "slug"],
    ["slug not a string", { slug: 42 }, 400, "slug"],
    ["accepts empty", { accepts: [] }, 400, "accepts"],
    ["accepts an unknown kind", { accepts: ["gif"] }, 400, "accepts"],
    ["ask_rating not a boolean", { ask_rating: "yes" }, 400, "ask_rating"],
    ["welcome message too long", { welcome_message: "x".repeat(1001) }, 400, "welcome_message"],
    ["thank-you message with control characters", { thank_you_message: "hi\u0007" }, 400, "thank_you_message"],
    [
      "call to action to javascript:",
      { call_to_action: { label: "Go", url: "javascript:alert(1)" } },
      400,
      "call_to_action.url",
    ],
    [
      "call to action not an address",
      { call_to_action: { label: "Go", url: "acme dot com" } },
      400,
      "call_to_action.url",
    ],
    [
      "call to action without a label",
      { call_to_action: { label: " ", url: "https://a.test" } },
      400,
      "call_to_action.label",
    ],
    [
      "call to action with extra keys",
      { call_to_action: { label: "Go", url: "https://a.test", x: 1 } },
      400,
      "call_to_action",
    ],
    ["redirect to ftp", { redirect_url: "ftp://acme.test/file" }, 400, "redirect_url"],
    ["redirect with a password", { redirect_url: "https://u:p@acme.test/" }, 400, "redirect_url"],
    [
      "both call to action and redirect",
      { call_to_action: { label: "Go", url: "https://a.test" }, redirect_url: "https://b.test" },
      400,
      "redirect_url",
    ],
    ["eleven questions", { custom_fields: Array.from({ length: 11 }, (_, i) => field(i)) }, 400, "custom_fields"],
    [
      "question without a label",
      { custom_fields: [{ label: "  ", type: "short_text" }] },
      400,
      "custom_fields[0].label",
    ],
    ["question of an unknown type", { custom_fields: [{ label: "Q", type: "date" }] }, 400, "custom_fields"],
    [
      "choice with one option",
      { custom_fields: [{ label: "Q", type: "choice", options: ["A"] }] },
      400,
      "custom_fields[0].options",
    ],
    [
      "choice with the same option twice",
      { custom_fields: [{ label: "Q", type: "choice", options: ["A", "a"] }] },
      400,
      "custom_fields[0].options",
    ],
    [
      "options on a yes/no question",
      { custom_fields: [{ label: "Q", type: "yes_no", options: ["Y", "N"] }] },
      400,
      "custom_fields[0].options",
    ],
    [
      "question with an unknown key",
      { custom_fields: [{ label: "Q", type: "yes_no", colour: "red" }] },
      400,
      "custom_fields",
    ],
    ["collect_photo not a boolean", { collect_photo: 1 }, 400, "collect_photo"],
    ["expires_at not a time", { expires_at: "next tuesday" }, 400, "expires_at"],
    ["expires_at without a zone", { expires_at: "2027-01-01T10:00:00" }, 400, "expires_at"],
    ["expires_at in the past", { expires_at: "2020-01-01T00:00:00Z" }, 400, "expires_at"],
    ["expires_at an impossible date", { expires_at: "2027-02-31T10:00:00Z" }, 400, "expires_at"],
    ["max_responses zero", { max_responses: 0 }, 400, "max_responses"],
    ["max_responses not whole", { max_responses: 2.5 }, 400, "max_responses"],
    ["max_responses huge", { max_responses: 1e12 }, 400, "max_responses"],
  ];
  for (const [name, extra, status, path] of cases) {
    test(name, async () => {
      const r = await create(brandTest, a.testKey, extra);
      expect(r.status).toBe(status);
      expect(r.body.error.code).toBe("validation_failed");
      expect(String(r.body.error.details?.field ?? "")).toStartWith(path);
      expect(r.body.error.message.length).toBeGreaterThan(5);
    }, 30_000);
  }

  test("the same rules hold on change, and a refused change changes nothing", async () => {
    const r = await create(brandTest, a.testKey, { welcome_message: "Hello" });
    const p = await t.call("PATCH", `/v1/links/${r.body.id}`, {
      auth: a.testKey,
      body: { welcome_message: "Changed", max_responses: -1 },
    });
    expect(p.status).toBe(400);
    expect((await t.call("GET", `/v1/links/${r.body.id}`, { auth: a.testKey })).body.welcome_message).toBe("Hello");
  }, 30_000);
});
