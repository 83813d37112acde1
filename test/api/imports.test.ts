/**
 * Scenario table for `POST /v1/imports` (contract section 4 Imports, 7, 8): every rule with its boundaries, the
 * shape of an imported testimonial, and all-or-nothing. The clock is 2026-11-22T12:00Z (UTC) unless a case moves it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, count, eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { indexSubmission, submissions } from "../../src/domains/submissions";
import { events } from "../../src/platform/events/tables";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";

let t: TestApp;
let a: TestOrg;
let brandId: string;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ plan: "plus" });
  brandId = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
});
afterAll(() => t.close());

let n = 0;
/** A row whose words are new every time, so that duplicates never interfere with a rule's case. */
const row = (extra: Record<string, unknown> = {}) => ({ text: `Review number ${++n}: lovely people.`, ...extra });
const body = (change: (b: any) => void = () => {}) => {
  const b: any = { brand_id: brandId, source: { name: "Google" }, attested: true, rows: [row()] };
  change(b);
  return b;
};
const post = (b: unknown) => t.call("POST", "/v1/imports", { auth: a.liveKey, body: b });
const importedCount = () =>
  t.deps.db
    .select({ n: count() })
    .from(submissions)
    .where(and(eq(submissions.orgId, a.id), eq(submissions.origin, "imported")))
    .get()!.n;
const rows = (k: number) => Array.from({ length: k }, () => row());
const s = (k: number, c = "x") => c.repeat(k);

type Case = [name: string, change: (b: any) => void, status: number, field?: string, reason?: string];

const cases: Case[] = [
  // Rule 1: attestation.
  ["attested true", () => {}, 201],
  ["attested false", (b) => (b.attested = false), 400, "attested", "attestation_required"],
  ["attested missing", (b) => delete b.attested, 400, "attested"],
  ['attested as the string "true"', (b) => (b.attested = "true"), 400, "attested"],
  // Body fields.
  ["brand_id missing", (b) => delete b.brand_id, 400, "brand_id"],
  ["source missing", (b) => delete b.source, 400, "source"],
  ["source.name missing", (b) => (b.source = {}), 400, "source.name"],
  ["source.name empty", (b) => (b.source.name = ""), 400, "source.name", "required"],
  ["source.name only spaces", (b) => (b.source.name = "   "), 400, "source.name", "required"],
  ["source.name 60 characters", (b) => (b.source.name = s(60)), 201],
  ["source.name 60 characters inside spaces", (b) => (b.source.name = `  ${s(60)}  `), 201],
  ["source.name 61 characters", (b) => (b.source.name = s(61)), 400, "source.name", "too_long"],
  ["source.url https", (b) => (b.source.url = "https://www.google.com/maps/place/acme"), 201],
  ["source.url http", (b) => (b.source.url = "http://example.com/reviews"), 201],
  ["source.url ftp", (b) => (b.source.url = "ftp://example.com/r"), 400, "source.url", "invalid_url"],
  ["source.url not an address", (b) => (b.source.url = "google reviews"), 400, "source.url", "invalid_url"],
  ["an unknown body field", (b) => (b.brand = "x"), 400, "brand"],
  // Rule 3 and section 8: 1 to 500 rows.
  ["0 rows", (b) => (b.rows = []), 400, "rows"],
  ["1 row", (b) => (b.rows = rows(1)), 201],
  ["500 rows", (b) => (b.rows = rows(500)), 201],
  ["501 rows", (b) => (b.rows = rows(501)), 400, "rows"],
  ["rows not an array", (b) => (b.rows = { text: "x" }), 400, "rows"],
  // Row text: 1 to 5,000 characters after trimming.
  ["text missing", (b) => (b.rows = [{ name: "Ann" }]), 400, "rows[0].text"],
  ["text empty", (b) => (b.rows = [row({ text: "" })]), 400, "rows[0].text", "required"],
  ["text only white space", (b) => (b.rows = [row({ text: " \n\t " })]), 400, "rows[0].text", "required"],
  ["text 1 character", (b) => (b.rows = [row({ text: `${++n % 10}` })]), 201],
  ["text 5,000 characters", (b) => (b.rows = [row({ text: `${++n}`.padEnd(5000, "a") })]), 201],
  [
    "text 5,000 characters inside white space",
    (b) => (b.rows = [row({ text: `\n  ${`${++n}`.padEnd(5000, "b")}  \t` })]),
    201,
  ],
  [
    "text 5,000 emoji (characters, not UTF-16 units)",
    (b) => (b.rows = [row({ text: `${++n}`.padEnd(5000, "😀") })]),
    201,
  ],
  ["text 5,001 characters", (b) => (b.rows = [row({ text: s(5001) })]), 400, "rows[0].text", "too_long"],
  ["text a number", (b) => (b.rows = [{ text: 42 }]), 400, "rows[0].text"],
  // Name, title, company: up to 120.
  ...(["name", "title", "company"] as const).flatMap((f): Case[] => [
    [`${f} 120 characters`, (b) => (b.rows = [row({ [f]: s(120, "n") })]), 201],
    [`${f} 121 characters`, (b) => (b.rows = [row({ [f]: s(121, "n") })]), 400, `rows[0].${f}`, "too_long"],
  ]),
  // Email: optional, private.
  ["email valid", (b) => (b.rows = [row({ email: "ann@example.com" })]), 201],
  // The contract gives email no form rule: it is stored privately as given.
  ["email not an address", (b) => (b.rows = [row({ email: "ann at example" })]), 201],
  // Rating: whole number 1 to 5, never rounded; JSON numbers only.
  ...[1, 2, 3, 4, 5].map((r): Case => [`rating ${r}`, (b) => (b.rows = [row({ rating: r })]), 201]),
  ["rating 0", (b) => (b.rows = [row({ rating: 0 })]), 400, "rows[0].rating", "out_of_range"],
  ["rating 6", (b) => (b.rows = [row({ rating: 6 })]), 400, "rows[0].rating", "out_of_range"],
  ["rating -1", (b) => (b.rows = [row({ rating: -1 })]), 400, "rows[0].rating", "out_of_range"],
  ["rating 4.5", (b) => (b.rows = [row({ rating: 4.5 })]), 400, "rows[0].rating", "not_whole_number"],
  ["rating 4.999", (b) => (b.rows = [row({ rating: 4.999 })]), 400, "rows[0].rating", "not_whole_number"],
  ['rating "4" (a string)', (b) => (b.rows = [row({ rating: "4" })]), 400, "rows[0].rating"],
  ["rating true", (b) => (b.rows = [row({ rating: true })]), 400, "rows[0].rating"],
  // reviewed_at: YYYY-MM-DD or RFC 3339, not in the future (UTC).
  ["reviewed_at today (UTC)", (b) => (b.rows = [row({ reviewed_at: "2026-11-22" })]), 201],
  [
    "reviewed_at tomorrow (UTC)",
    (b) => (b.rows = [row({ reviewed_at: "2026-11-23" })]),
    400,
    "rows[0].reviewed_at",
    "future_date",
  ],
  ["reviewed_at a past timestamp", (b) => (b.rows = [row({ reviewed_at: "2026-11-22T11:59:59Z" })]), 201],
  [
    "reviewed_at a timestamp one second ahead",
    (b) => (b.rows = [row({ reviewed_at: "2026-11-22T12:00:01Z" })]),
    400,
    "rows[0].reviewed_at",
    "future_date",
  ],
  [
    "reviewed_at with an offset, in the past",
    (b) => (b.rows = [row({ reviewed_at: "2026-11-22T23:30:00+12:00" })]),
    201,
  ],
  [
    "reviewed_at with an offset, in the future",
    (b) => (b.rows = [row({ reviewed_at: "2026-11-22T11:00:00-02:00" })]),
    400,
    "rows[0].reviewed_at",
    "future_date",
  ],
  [
    "reviewed_at 30 February",
    (b) => (b.rows = [row({ reviewed_at: "2026-02-30" })]),
    400,
    "rows[0].reviewed_at",
    "invalid_date",
  ],
  [
    "reviewed_at day/month",
    (b) => (b.rows = [row({ reviewed_at: "03/04/2026" })]),
    400,
    "rows[0].reviewed_at",
    "invalid_date",
  ],
  [
    "reviewed_at words",
    (b) => (b.rows = [row({ reviewed_at: "4 March 2026" })]),
    400,
    "rows[0].reviewed_at",
    "invalid_date",
  ],
  // source_url and the row's own source.
  ["source_url https", (b) => (b.rows = [row({ source_url: "https://g.co/r/1" })]), 201],
  [
    "source_url javascript:",
    (b) => (b.rows = [row({ source_url: "javascript:alert(1)" })]),
    400,
    "rows[0].source_url",
    "invalid_url",
  ],
  ["source 60 characters", (b) => (b.rows = [row({ source: s(60, "y") })]), 201],
  // 60 is source.name's limit, not the row's own source's.
  ["source 61 characters", (b) => (b.rows = [row({ source: s(61, "y") })]), 201],
  // Optional fields as null or empty mean absent; unknown row fields are refused.
  [
    "optional fields null",
    (b) =>
      (b.rows = [
        row({
          name: null,
          email: null,
          title: null,
          company: null,
          rating: null,
          reviewed_at: null,
          source_url: null,
          source: null,
        }),
      ]),
    201,
  ],
  [
    "optional fields empty",
    (b) =>
      (b.rows = [row({ name: "", email: "", title: " ", company: "", reviewed_at: "", source_url: "", source: "" })]),
    201,
  ],
  ["an unknown row field", (b) => (b.rows = [row({ stars: 4 })]), 400, "rows[0].stars"],
  [
    "the error names the failing row's index",
    (b) => (b.rows = [row(), row(), row(), row({ rating: 4.5 })]),
    400,
    "rows[3].rating",
    "not_whole_number",
  ],
];

describe("POST /v1/imports rules", () => {
  for (const [name, change, status, field, reason] of cases) {
    test(`${name} → ${status}${field ? ` ${field}` : ""}`, async () => {
      const before = importedCount();
      const b = body(change);
      const r = await post(b);
      expect(r.status).toBe(status);
      if (status === 201) {
        expect(r.body).toMatchObject({
          import_id: expect.stringMatching(/^imp_[0-9a-z]{26}$/),
          created: b.rows.length,
          duplicate_rows: [],
          origin: "imported",
        });
        expect(Object.keys(r.body).sort()).toEqual(["created", "duplicate_rows", "import_id", "origin"]);
        expect(importedCount()).toBe(before + b.rows.length);
      } else {
        expect(r.body.error.code).toBe("validation_failed");
        expect(r.body.error.details.field).toBe(field!);
        if (reason) expect(r.body.error.details.reason).toBe(reason);
        expect(r.body.error.message).toBeString();
        expect(importedCount()).toBe(before);
      }
    });
  }

  test("tomorrow becomes allowed once the UTC day turns", async () => {
    t.clock.set(Date.UTC(2026, 10, 22, 23, 59, 59, 999));
    expect((await post(body((b) => (b.rows = [row({ reviewed_at: "2026-11-23" })])))).status).toBe(400);
    t.clock.set(Date.UTC(2026, 10, 23, 0, 0, 0, 0));
    expect((await post(body((b) => (b.rows = [row({ reviewed_at: "2026-11-23" })])))).status).toBe(201);
    t.clock.set(Date.UTC(2026, 10, 22, 12, 0, 0));
  });
});

describe("all or nothing", () => {
  test("499 good rows and one bad one create nothing; every problem is listed with its row", async () => {
    const before = importedCount();
    const rs = rows(500);
    rs[17] = row({ rating: 4.5 });
    rs[250] = row({ reviewed_at: "2026-11-23", rating: 6 });
    const r = await post(body((b) => (b.rows = rs)));
    expect(r.status).toBe(400);
    expect(r.body.error.details.error_count).toBe(3);
    expect(r.body.error.details.errors).toEqual([
      {
        field: "rows[17].rating",
        reason: "not_whole_number",
        message: expect.stringContaining("never rounded"),
        row: 18,
      },
      { field: "rows[250].rating", reason: "out_of_range", message: expect.any(String), row: 251 },
      { field: "rows[250].reviewed_at", reason: "future_date", message: expect.stringContaining("future"), row: 251 },
    ]);
    expect(r.body.error.message).toContain("Nothing was imported");
    expect(importedCount()).toBe(before);
  });

  test("malformed or odd bodies are 400s, never 500s", async () => {
    const raw = (payload: string, type = "application/json") =>
      t.call("POST", "/v1/imports", { auth: a.liveKey, body: payload, headers: { "content-type": type } });
    for (const r of [
      await raw("{not json"),
      await raw("[]"),
      await raw("null"),
      await raw('"text"'),
      await raw("rows=1", "application/x-www-form-urlencoded"),
      await raw("", "application/json"),
    ]) {
      expect(r.status).toBe(400);
      expect(r.body.error.code).toMatch(/^(validation_failed|invalid_body)$/);
    }
  });
});

describe("an imported testimonial", () => {
  test("is text, imported, ready, unapproved, private, without link or consent, and searchable", async () => {
    const r = await post({
      brand_id: brandId,
      source: { name: " Trustpilot ", url: "https://www.trustpilot.com/review/acme.example" },
      attested: true,
      rows: [
        {
          text: "  The zeppelin tour was unforgettable.  ",
          name: "Zoë Quist",
          email: "zoe@example.com",
          title: "CTO",
          company: "Quist & Co",
          rating: 5,
          reviewed_at: "2026-03-04",
          source_url: "https://www.trustpilot.com/reviews/1",
        },
        { text: "Marvellous zeppelin crew.", source: "Google", reviewed_at: "2026-03-04T10:30:00+02:00" },
      ],
    });
    expect(r.status).toBe(201);
    const list = await t.call("GET", "/v1/submissions?origin=imported&q=zeppelin", { auth: a.liveKey });
    expect(list.status).toBe(200);
    const [second, first] = list.body.data.sort((x: any, y: any) => (x.id < y.id ? 1 : -1));
    expect(first).toMatchObject({
      brand_id: brandId,
      kind: "text",
      status: "ready",
      origin: "imported",
      link_id: null,
      collect_link_id: null,
      is_approved: false,
      is_public: false,
      respondent_name: "Zoë Quist",
      respondent_title: "CTO",
      respondent_company: "Quist & Co",
      rating: 5,
      text_input: "The zeppelin tour was unforgettable.",
      original_text: "The zeppelin tour was unforgettable.",
      text_source: "imported",
      source: { name: "Trustpilot", url: "https://www.trustpilot.com/review/acme.example" },
      review_url: "https://www.trustpilot.com/reviews/1",
      reviewed_at: "2026-03-04",
    });
    expect(JSON.stringify(first)).not.toContain("zoe@example.com");
    expect(second).toMatchObject({
      source: { name: "Google", url: null },
      reviewed_at: "2026-03-04",
      respondent_name: "",
    });
    const detail = await t.call("GET", `/v1/submissions/${first.id}`, { auth: a.liveKey });
    expect(detail.body).toMatchObject({ consent: null, respondent_email: "zoe@example.com", prompt_id: null });
    const sqlite = t.deps.db.$client;
    expect(
      sqlite.query("SELECT consent IS NULL AS n, typeof(is_approved) AS b FROM submissions WHERE id = ?").get(first.id),
    ).toEqual({ n: 1, b: "integer" });
    // Indexed once; indexing again replaces the entry instead of adding one.
    const entry = () =>
      sqlite.query("SELECT body, org_id, mode FROM submissions_fts WHERE submission_id = ?").all(first.id);
    const ours = entry();
    expect(ours).toHaveLength(1);
    indexSubmission(t.deps.db, t.deps.db.select().from(submissions).where(eq(submissions.id, first.id)).get()!);
    expect(entry()).toEqual(ours);
  });

  test("gets its language and sentiment from a job after the answer", async () => {
    const r = await post({
      brand_id: brandId,
      source: { name: "Google" },
      attested: true,
      rows: [
        { text: "Absolutely wonderful service, the team was brilliant and I would happily recommend them." },
        { text: "Terrible experience, the order arrived broken and nobody answered my emails." },
        { text: "Le service était excellent, une équipe très aimable et des prix honnêtes, je recommande." },
      ],
    });
    expect(r.status).toBe(201);
    const list = async () =>
      (await t.call("GET", "/v1/submissions?origin=imported&limit=3", { auth: a.liveKey })).body.data.sort(
        (x: any, y: any) => (x.id < y.id ? -1 : 1),
      );
    const before = await list();
    expect(before.map((x: any) => [x.language, x.sentiment])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect(await runDueJobs(t.deps, buildRegistry())).toBeGreaterThan(0);
    const after = await list();
    expect(after[0]).toMatchObject({ language: "en", sentiment: { label: "positive" } });
    expect(after[1]).toMatchObject({ language: "en", sentiment: { label: "negative" } });
    expect(after[2]).toMatchObject({ language: "fr" });
    expect(after[2].sentiment).not.toBeNull();
    // Running it again changes nothing.
    const { analyseImport } = await import("../../src/domains/imports/analyse");
    const payload = { importId: r.body.import_id, brandId, firstId: after[0].id, lastId: after[2].id };
    expect(await analyseImport(t.deps, { orgId: a.id, mode: "live", payload })).toBe(0);
  });

  test("emits no submission events and counts against imported_reviews, not submissions_per_month", async () => {
    expect(t.deps.db.select({ n: count() }).from(events).where(eq(events.orgId, a.id)).get()!.n).toBe(0);
    const usage = await t.call("GET", "/v1/billing/usage", { auth: a.liveKey });
    const used = Object.fromEntries(usage.body.allowances.map((x: any) => [x.name, x.used]));
    expect(used.imported_reviews).toBe(importedCount());
    expect(used.submissions_per_month).toBe(0);
  });
});
