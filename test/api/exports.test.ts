/**
 * Exports: built by a job into a private file, `export.ready` once, a signed download URL that expires, the
 * preview, and the rule that an export holds exactly what its filters select (compared with the list route for
 * every filter), never a deleted testimonial, another mode's or a later arrival. Erasure and expiry delete files.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Papa from "papaparse";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";
import { listEvents } from "../../src/platform/events/emit";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import { COLUMNS } from "../../src/domains/exports";

let t: TestApp;
let a: TestOrg;
let link: { id: string; brandId: string };
const registry = buildRegistry();
const ids: Record<string, string> = {};
let tagId = "";

const call = (method: string, path: string, body?: unknown, auth?: string) =>
  t.call(method, path, { auth: auth ?? a.liveKey, body });
const moderate = async (id: string, approve: boolean, isPublic: boolean) => {
  if (approve) await call("POST", `/v1/submissions/${id}/approve`);
  if (isPublic) await call("POST", `/v1/submissions/${id}/visibility`, { is_public: true });
};

/** Creates an export, runs its job and returns it with the downloaded file's text. */
async function exportFile(body: Record<string, unknown>, auth?: string) {
  const created = await call("POST", "/v1/exports", body, auth);
  expect(created.status).toBe(201);
  await runDueJobs(t.deps, registry);
  const ready = (await call("GET", `/v1/exports/${created.body.id}`, undefined, auth)).body;
  expect(ready.status).toBe("ready");
  const res = await t.app.handle(new Request(ready.download_url));
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { exp: ready, res, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

const jsonIds = (text: string) => (JSON.parse(text).data as { id: string }[]).map((r) => r.id);
const csvRows = (text: string) =>
  Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true }).data;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  const b = await t.org();
  link = await makeLink(t, a.liveKey);
  tagId = (await call("POST", "/v1/tags", { name: "Featured" })).body.id;
  ids.shown = await writeTestimonial(
    t,
    link.id,
    "Shown testimonial about onboarding speed and support.",
    { name: "Sam Shown", email: "sam@example.com", company: "Acme" },
    5,
  );
  await moderate(ids.shown, true, true);
  await call("POST", `/v1/submissions/${ids.shown}/tags`, { tag_id: tagId });
  ids.approved = await writeTestimonial(
    t,
    link.id,
    "Approved but private testimonial about invoices.",
    { name: "Ada Approved" },
    4,
  );
  await moderate(ids.approved, true, false);
  ids.pending = await writeTestimonial(t, link.id, '=HYPERLINK("http://evil.example","click") pending words', {
    name: "+Pending Person",
    title: "@admin",
  });
  ids.rejected = await writeTestimonial(t, link.id, "A rejected testimonial about invoices and billing.", {
    name: "Rex Rejected",
  });
  await call("POST", `/v1/submissions/${ids.rejected}/reject`, { reason: "Off topic" });
  const imp = await call("POST", "/v1/imports", {
    brand_id: link.brandId,
    source: { name: "Google" },
    attested: true,
    rows: [{ text: "Imported review about invoices.", name: "Ian Imported", email: "ian@example.com", rating: 3 }],
  });
  expect(imp.status).toBe(201);
  ids.imported = (await call("GET", "/v1/submissions?origin=imported")).body.data[0].id;
  ids.deleted = await writeTestimonial(t, link.id, "Deleted testimonial about invoices, gone soon.", {
    name: "Dee Deleted",
  });
  await call("DELETE", `/v1/submissions/${ids.deleted}`);
  const testLink = await makeLink(t, a.testKey);
  ids.sandbox = await writeTestimonial(t, testLink.id, "Sandbox testimonial about invoices in test mode.", {
    name: "Tess Test",
  });
  const otherLink = await makeLink(t, b.liveKey);
  ids.otherOrg = await writeTestimonial(t, otherLink.id, "Another organisation's testimonial about invoices.", {
    name: "Otto Other",
  });
});
afterAll(() => t.close());

describe("filters", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["no filter", {}, ""],
    ["approved", { is_approved: true }, "is_approved=true"],
    ["not approved", { is_approved: false }, "is_approved=false"],
    ["public", { is_public: true }, "is_public=true"],
    ["imported", { origin: "imported" }, "origin=imported"],
    ["collected", { origin: "collected" }, "origin=collected"],
    ["tag", { tag_id: "TAG" }, "tag_id=TAG"],
    ["search", { q: "invoices" }, "q=invoices"],
    ["status ready and approved", { status: "ready", is_approved: true }, "status=ready&is_approved=true"],
    ["brand", { brand_id: "BRAND" }, "brand_id=BRAND"],
  ];
  for (const [name, filters, query] of cases) {
    test(`${name}: the export holds exactly what the list shows, and the preview counts it`, async () => {
      const fill = (v: unknown) => (v === "TAG" ? tagId : v === "BRAND" ? link.brandId : v);
      const body = Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, fill(v)]));
      const listed = (
        await call("GET", `/v1/submissions?limit=100&${query.replace("TAG", tagId).replace("BRAND", link.brandId)}`)
      ).body.data.map((s: { id: string }) => s.id);
      const { text } = await exportFile({ format: "json", ...body });
      expect(jsonIds(text).sort()).toEqual([...listed].sort());
      const preview = await call("POST", "/v1/exports/preview", body);
      expect(preview.status).toBe(200);
      expect(preview.body.count).toBe(listed.length);
      for (const gone of [ids.deleted, ids.sandbox, ids.otherOrg]) expect(text).not.toContain(gone);
    });
  }

  test("a testimonial arriving after the export was asked for is not in it", async () => {
    const created = await call("POST", "/v1/exports", { format: "json" });
    const late = await writeTestimonial(t, link.id, "A late arrival that must not enter the export.", {
      name: "Lara Late",
    });
    await runDueJobs(t.deps, registry);
    const exp = (await call("GET", `/v1/exports/${created.body.id}`)).body;
    const ids2 = jsonIds(await (await t.app.handle(new Request(exp.download_url))).text());
    expect(ids2).not.toContain(late);
    expect(ids2).toContain(ids.shown);
    await call("DELETE", `/v1/submissions/${late}`);
  });

  test("the test mode exports only the sandbox", async () => {
    const { text } = await exportFile({ format: "json" }, a.testKey);
    expect(jsonIds(text)).toEqual([ids.sandbox]);
  });
});

describe("files", () => {
  test("CSV: attachment, BOM, header, one line per testimonial, cells escaped against formulas", async () => {
    const { res, text, exp, bytes } = await exportFile({ format: "csv" });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="plaudit-export-2026-11-22-\w{6}\.csv"$/,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(text.startsWith("\uFEFFid,created_at,")).toBe(true);
    const rows = csvRows(text);
    expect(Object.keys(rows[0]!)).toEqual([...COLUMNS]);
    expect(rows.length).toBe(exp.row_count);
    const pending = rows.find((r) => r.id === ids.pending)!;
    expect(pending.text).toBe('\'=HYPERLINK("http://evil.example","click") pending words');
    expect(pending.respondent_name).toBe("'+Pending Person");
    expect(pending.respondent_title).toBe("'@admin");
    const shown = rows.find((r) => r.id === ids.shown)!;
    expect(shown).toMatchObject({
      respondent_email: "sam@example.com",
      respondent_company: "Acme",
      rating: "5",
      is_approved: "true",
      is_public: "true",
      tags: "Featured",
      consent_version: "2026-11-01",
      origin: "collected",
    });
    const imported = rows.find((r) => r.id === ids.imported)!;
    expect(imported).toMatchObject({ origin: "imported", source_name: "Google", link_id: "", consent_version: "" });
    expect(rows.find((r) => r.id === ids.rejected)!.rejection_reason).toBe("Off topic");
  });

  test("JSON: the same records as CSV, typed", async () => {
    const { res, text } = await exportFile({ format: "json", is_approved: true });
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const doc = JSON.parse(text);
    expect(doc).toMatchObject({ filters: { is_approved: true }, count: 2 });
    const shown = doc.data.find((r: { id: string }) => r.id === ids.shown);
    // The fixed columns, then the answers to the link's own questions (none here).
    expect(Object.keys(shown)).toEqual([...COLUMNS, "custom_fields"]);
    expect(shown.custom_fields).toEqual([]);
    expect(shown).toMatchObject({
      rating: 5,
      is_approved: true,
      is_public: true,
      tags: ["Featured"],
      respondent_email: "sam@example.com",
    });
  });

  test("export.ready is emitted once with the export, after the request's own events", async () => {
    const before = listEvents(t.deps.db, a.id, "live", { limit: 500, type: "export.ready" }).length;
    const { exp } = await exportFile({ format: "csv", is_public: true });
    await runDueJobs(t.deps, registry);
    const events = listEvents(t.deps.db, a.id, "live", { limit: 500, type: "export.ready" });
    expect(events.length).toBe(before + 1);
    expect(events[0]!.data).toMatchObject({
      id: exp.id,
      status: "ready",
      format: "csv",
      row_count: 1,
      filters: { is_public: true },
    });
    expect((events[0]!.data as { download_url: string }).download_url).toStartWith(`${t.base}/public/exports/`);
  });

  test("the download URL expires after an hour; reading the export again gives a fresh one", async () => {
    const { exp } = await exportFile({ format: "csv" });
    t.clock.advance(61 * 60_000);
    const old = await t.app.handle(new Request(exp.download_url));
    expect(old.status).toBe(410);
    expect((await old.json()).error.code).toBe("link_expired");
    const fresh = (await call("GET", `/v1/exports/${exp.id}`)).body;
    expect(fresh.download_url).not.toBe(exp.download_url);
    expect((await t.app.handle(new Request(fresh.download_url))).status).toBe(200);
    const forged = await t.app.handle(new Request(fresh.download_url.slice(0, -4) + "AAAA"));
    expect(forged.status).toBe(404);
  });

  test("the file is deleted after seven days", async () => {
    const { exp } = await exportFile({ format: "csv" });
    const file = t.deps.db.$client.query("SELECT file_key FROM exports WHERE id = ?").get(exp.id) as {
      file_key: string;
    };
    expect(t.deps.storage.exists("media", file.file_key)).toBe(true);
    t.clock.advance(7 * 24 * 3600_000 + 1000);
    await runDueJobs(t.deps, registry);
    const later = (await call("GET", `/v1/exports/${exp.id}`)).body;
    expect(later).toMatchObject({ status: "expired", reason: "time_up", download_url: null });
    expect(t.deps.storage.exists("media", file.file_key)).toBe(false);
  });
});

describe("erasure and deletion", () => {
  test("a deleted testimonial withdraws the file at once; its erasure deletes the file", async () => {
    const victim = await writeTestimonial(t, link.id, "Short-lived testimonial about invoices.", {
      name: "Vera Victim",
    });
    const { exp } = await exportFile({ format: "csv" });
    const other = await exportFile({ format: "json", is_approved: true });
    await call("DELETE", `/v1/submissions/${victim}`);
    const withdrawn = await t.app.handle(new Request(exp.download_url));
    expect(withdrawn.status).toBe(410);
    expect((await withdrawn.json()).error.code).toBe("export_gone");
    await runDueJobs(t.deps, registry);
    expect((await call("GET", `/v1/exports/${exp.id}`)).body).toMatchObject({ status: "expired", reason: "erased" });
    expect(t.deps.storage.list("media", "exports").some((f) => f.startsWith(exp.id))).toBe(false);
    expect((await t.app.handle(new Request(other.exp.download_url))).status).toBe(200);
  });

  test("DELETE removes the export and its file; later reads are 404", async () => {
    const { exp } = await exportFile({ format: "csv" });
    expect((await call("DELETE", `/v1/exports/${exp.id}`)).body).toEqual({ id: exp.id, deleted: true });
    expect(t.deps.storage.list("media", "exports").some((f) => f.startsWith(exp.id))).toBe(false);
    expect((await call("GET", `/v1/exports/${exp.id}`)).status).toBe(404);
    expect((await t.app.handle(new Request(exp.download_url))).status).toBe(404);
  });
});

describe("preview and list", () => {
  test("the preview shows the first records and the count, and builds nothing", async () => {
    const before = (t.deps.db.$client.query("SELECT count(*) AS n FROM exports").get() as { n: number }).n;
    const r = await call("POST", "/v1/exports/preview", { format: "json", limit: 2 });
    expect(r.body.count).toBeGreaterThan(2);
    expect(r.body.data).toHaveLength(2);
    expect(r.body.columns).toEqual([...COLUMNS, "custom_fields"]);
    expect(r.body.data[0].id > r.body.data[1].id).toBe(true);
    expect((t.deps.db.$client.query("SELECT count(*) AS n FROM exports").get() as { n: number }).n).toBe(before);
  });

  test("the list pages newest first with a working cursor", async () => {
    const first = await call("GET", "/v1/exports?limit=2");
    expect(first.body.data).toHaveLength(2);
    const second = await call("GET", `/v1/exports?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.data[0].id < first.body.data[1].id).toBe(true);
  });

  test("at most three exports wait at once", async () => {
    for (let i = 0; i < 3; i++) expect((await call("POST", "/v1/exports", { format: "csv" })).status).toBe(201);
    const r = await call("POST", "/v1/exports", { format: "csv" });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe("too_many_exports");
    await runDueJobs(t.deps, registry);
    expect((await call("POST", "/v1/exports", { format: "csv" })).status).toBe(201);
    await runDueJobs(t.deps, registry);
  });
});
