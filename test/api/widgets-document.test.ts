/**
 * The published widget document: its address on the CDN (no credentials, CORS *, one-minute cache, ETag/304),
 * `published_at` at first publication, what it contains (the one visibility rule in both selection modes,
 * switched-off fields absent, captions, permanent media addresses), rebuilds after testimonial changes
 * (coalesced), and removal when the widget is deleted.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial, fakeProcessedVideo } from "../helpers/testimonials";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import { submissions } from "../../src/domains/submissions";
import { documentKey, publishWidget } from "../../src/domains/widgets";
import { statSync } from "node:fs";
import { setPlan } from "../../src/domains/accounts";
import { requestHandler } from "../../src/app";
import { systemCtx } from "../../src/platform/context";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

let t: TestApp;
let a: TestOrg;
let link: { id: string; brandId: string };
const registry = buildRegistry();

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  link = await makeLink(t, a.liveKey);
});
afterAll(() => t.close());

/** Lets the rebuild delay pass and runs every due job. */
async function settle() {
  t.clock.advance(1_500);
  await runDueJobs(t.deps, registry);
}

const cdnGet = (url: string, headers: Record<string, string> = {}) => t.app.handle(new Request(url, { headers }));
async function doc(w: { document_url: string }) {
  const r = await cdnGet(w.document_url);
  expect(r.status).toBe(200);
  return (await r.json()) as any;
}
const widget = async (body: Record<string, unknown> = {}) =>
  (await t.call("POST", "/v1/widgets", { auth: a.liveKey, body: { brand_id: link.brandId, ...body } })).body;
const act = (id: string, action: string, body?: unknown) =>
  t.call("POST", `/v1/submissions/${id}/${action}`, { auth: a.liveKey, body });
async function shown(text: string, respondent: Record<string, unknown> = { name: "Robin Writer" }, rating?: number) {
  const id = await writeTestimonial(t, link.id, text, respondent, rating);
  await act(id, "approve");
  await act(id, "visibility", { is_public: true });
  return id;
}

describe("publication", () => {
  test("published_at is set by the first publication; the document is served openly with a one-minute cache and an ETag", async () => {
    const w = await widget({ show_attribution: true });
    expect((await cdnGet(w.document_url)).status).toBe(404);
    await settle();
    const read = (await t.call("GET", `/v1/widgets/${w.id}`, { auth: a.liveKey })).body;
    expect(read.published_at).toBe(new Date(t.clock.now()).toISOString());
    const r = await cdnGet(w.document_url);
    expect(r.status).toBe(200);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("cache-control")).toBe("public, max-age=60");
    expect(r.headers.get("content-type")).toContain("application/json");
    expect(r.headers.get("set-cookie")).toBeNull();
    const etag = r.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect((await cdnGet(w.document_url, { "if-none-match": etag })).status).toBe(304);
    const body = await r.json();
    expect(body).toMatchObject({
      version: 1,
      widget_id: w.id,
      layout: "wall",
      theme: "light",
      accent_color: "#4f46e5",
      attribution: true,
      attribution_url: "http://plaudit.test/app",
    });
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining(["generated_at", "fields", "brand_name", "rating", "items"]),
    );
  });

  test("a rebuild that changes nothing rewrites nothing (the ETag stays); a real change gets a new one", async () => {
    const w = await widget();
    await settle();
    const etag = (await cdnGet(w.document_url)).headers.get("etag");
    const file = () => statSync(t.deps.storage.path("public", documentKey(w.id))).ino;
    const before = file();
    await t.call("PATCH", `/v1/widgets/${w.id}`, { auth: a.liveKey, body: { name: "Renamed" } });
    await settle();
    expect(file()).toBe(before);
    expect((await cdnGet(w.document_url)).headers.get("etag")).toBe(etag);
    await t.call("PATCH", `/v1/widgets/${w.id}`, { auth: a.liveKey, body: { theme: "dark" } });
    await settle();
    const after = await cdnGet(w.document_url);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect((await after.json()).theme).toBe("dark");
  });

  test("a deleted widget's document answers 404 at once and stays gone", async () => {
    const w = await widget();
    await settle();
    expect((await cdnGet(w.document_url)).status).toBe(200);
    await t.call("DELETE", `/v1/widgets/${w.id}`, { auth: a.liveKey });
    const gone = await cdnGet(w.document_url);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("access-control-allow-origin")).toBe("*");
    await settle();
    expect((await cdnGet(w.document_url)).status).toBe(404);
    expect(await publishWidget(t.deps, w.id)).toBe("removed");
  });

  test("rebuilds are coalesced: many changes while one waits make one job", async () => {
    const w = await widget();
    await settle();
    for (let i = 0; i < 5; i++) await shown(`Coalesced testimonial number ${i}, long enough.`);
    const queued = t.deps.db.$client
      .query("SELECT count(*) AS n FROM jobs WHERE dedupe_key = ? AND status = 'queued'")
      .get(`widget.publish:${w.id}`) as { n: number };
    expect(queued.n).toBe(1);
    await settle();
    expect((await doc(w)).items.filter((i: any) => i.text.startsWith("Coalesced")).length).toBe(5);
  });
});

describe("the visibility rule", () => {
  test("unapproved, private, rejected, deleted, erased or still processing testimonials appear in no document, in either selection", async () => {
    const visible = await shown("Shown: approved, public and ready.");
    const unapproved = await writeTestimonial(t, link.id, "Public but never approved by anyone.");
    await act(unapproved, "visibility", { is_public: true });
    const priv = await writeTestimonial(t, link.id, "Approved but still private, sadly.");
    await act(priv, "approve");
    const rejected = await shown("Approved, public, then rejected by the team.");
    await act(rejected, "reject", { reason: "Off topic" });
    const deleted = await shown("Approved, public, then deleted by the team.");
    await t.call("DELETE", `/v1/submissions/${deleted}`, { auth: a.liveKey });
    const erased = await shown("Approved, public, deleted and then erased.");
    await t.call("DELETE", `/v1/submissions/${erased}`, { auth: a.liveKey });
    await runDueJobs(t.deps, registry);
    expect(
      t.deps.db.select({ s: submissions.status }).from(submissions).where(eq(submissions.id, erased)).get()!.s,
    ).toBe("erased");
    const processing = await fakeProcessedVideo(t, a, link.id);
    t.deps.db.update(submissions).set({ status: "processing" }).where(eq(submissions.id, processing)).run();
    await act(processing, "approve");
    await act(processing, "visibility", { is_public: true });
    const hidden = [unapproved, priv, rejected, deleted, erased, processing];
    const auto = await widget({ max_items: 50 });
    const manual = await widget({ selection: "manual", submission_ids: [...hidden, visible] });
    await settle();
    for (const w of [auto, manual]) {
      const ids = (await doc(w)).items.map((i: any) => i.id);
      expect(ids).toContain(visible);
      for (const id of hidden) expect(ids).not.toContain(id);
    }
    expect((await doc(manual)).items.map((i: any) => i.id)).toEqual([visible]);
    const preview = (
      await t.call("POST", "/v1/widgets/preview", {
        auth: a.liveKey,
        body: { brand_id: link.brandId, selection: "manual", submission_ids: [...hidden, visible] },
      })
    ).body;
    expect(preview.items.map((i: any) => i.id)).toEqual([visible]);
  });

  test("withdrawing approval, making private and deleting take a testimonial out at the next rebuild", async () => {
    const ids = [
      await shown("Soon withdrawn, one of three."),
      await shown("Soon private, two of three."),
      await shown("Soon deleted, three of three."),
    ];
    const w = await widget({ selection: "manual", submission_ids: ids });
    await settle();
    expect((await doc(w)).items.map((i: any) => i.id)).toEqual(ids);
    await act(ids[0]!, "unapprove");
    await settle();
    expect((await doc(w)).items.map((i: any) => i.id)).toEqual(ids.slice(1));
    await act(ids[1]!, "visibility", { is_public: false });
    await t.call("DELETE", `/v1/submissions/${ids[2]}`, { auth: a.liveKey });
    await settle();
    expect((await doc(w)).items).toEqual([]);
  });

  test("a recording appears once its public copies exist, with captions from its words and permanent CDN addresses", async () => {
    const id = await fakeProcessedVideo(t, a, link.id, ["Plaudit", "made", "our", "launch", "easy.", "Thanks", "team"]);
    const w = await widget({ selection: "manual", submission_ids: [id] });
    await act(id, "approve");
    await act(id, "visibility", { is_public: true });
    const draft = { brand_id: link.brandId, selection: "manual", submission_ids: [id] };
    expect((await t.call("POST", "/v1/widgets/preview", { auth: a.liveKey, body: draft })).body.items).toEqual([]);
    await settle();
    const item = (await doc(w)).items[0];
    expect(item).toMatchObject({
      id,
      kind: "video",
      name: "Vic Video",
      text: "Plaudit made our launch easy. Thanks team",
      audio_url: null,
      duration_ms: 2800,
      language: null,
    });
    expect(item.video_url).toMatch(/^http:\/\/plaudit\.test\/cdn\/m\/[\w-]{24}\/video\.mp4$/);
    expect(item.poster_url).toEndWith("/poster.jpg");
    expect(item.avatar_url).toEndWith("/thumb.webp");
    expect(item.captions).toEqual([
      { start_ms: 0, end_ms: 1950, text: "Plaudit made our launch easy." },
      { start_ms: 2000, end_ms: 2750, text: "Thanks team" },
    ]);
    const video = await cdnGet(item.video_url);
    expect(video.status).toBe(200);
    expect(video.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("selection and fields", () => {
  test("automatic: newest approvals first, any of the tags, min_rating, max_items", async () => {
    const org = await t.org();
    const l = await makeLink(t, org.liveKey);
    const make = async (text: string, rating?: number) => {
      const id = await writeTestimonial(t, l.id, text, { name: "Ann Rater" }, rating);
      t.clock.advance(1000);
      await t.call("POST", `/v1/submissions/${id}/approve`, { auth: org.liveKey });
      await t.call("POST", `/v1/submissions/${id}/visibility`, { auth: org.liveKey, body: { is_public: true } });
      return id;
    };
    const [s1, s2, s3, s4] = [
      await make("First approved, five stars.", 5),
      await make("Second approved, three stars.", 3),
      await make("Third approved, four stars.", 4),
      await make("Fourth approved, no rating."),
    ];
    const tag1 = (await t.call("POST", "/v1/tags", { auth: org.liveKey, body: { name: "one" } })).body.id;
    const tag2 = (await t.call("POST", "/v1/tags", { auth: org.liveKey, body: { name: "two" } })).body.id;
    await t.call("POST", `/v1/submissions/${s1}/tags`, { auth: org.liveKey, body: { tag_id: tag1 } });
    await t.call("POST", `/v1/submissions/${s3}/tags`, { auth: org.liveKey, body: { tag_id: tag2 } });
    const preview = async (body: Record<string, unknown>) =>
      (
        await t.call("POST", "/v1/widgets/preview", { auth: org.liveKey, body: { brand_id: l.brandId, ...body } })
      ).body.items.map((i: any) => i.id);
    expect(await preview({})).toEqual([s4, s3, s2, s1]);
    expect(await preview({ tag_ids: [tag1, tag2] })).toEqual([s3, s1]);
    expect(await preview({ min_rating: 4 })).toEqual([s3, s1]);
    expect(await preview({ max_items: 2 })).toEqual([s4, s3]);
    expect(await preview({ selection: "manual", submission_ids: [s2, s4, s1] })).toEqual([s2, s4, s1]);
    expect(await preview({ selection: "manual", submission_ids: [s2, s4, s1], max_items: 2 })).toEqual([s2, s4]);
    const d = (await t.call("POST", "/v1/widgets/preview", { auth: org.liveKey, body: { brand_id: l.brandId } })).body;
    expect(d.rating).toEqual({ average: 4, count: 3 });
  });

  test("a switched-off field is absent from the document, not blanked", async () => {
    await shown(
      "Fields test testimonial with all the details.",
      { name: "Fay Fields", title: "CTO", company: "Acme" },
      5,
    );
    const all = (await t.call("POST", "/v1/widgets/preview", { auth: a.liveKey, body: { brand_id: link.brandId } }))
      .body.items[0];
    expect(all).toMatchObject({ name: "Fay Fields", title: "CTO", company: "Acme", rating: 5 });
    expect(all.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const w = await widget({
      fields: { name: false, title: false, company: false, rating: false, date: false, avatar: false },
    });
    await settle();
    const item = (await doc(w)).items[0];
    for (const key of ["name", "title", "company", "rating", "date", "avatar_url"])
      expect(Object.keys(item)).not.toContain(key);
    expect(item.text).toBe("Fields test testimonial with all the details.");
  });

  test("a testimonial's markup stays text in the document", async () => {
    const id = await shown('Great! <img src=x onerror="alert(1)"> really great.');
    const item = (
      await t.call("POST", "/v1/widgets/preview", {
        auth: a.liveKey,
        body: { brand_id: link.brandId, selection: "manual", submission_ids: [id] },
      })
    ).body.items[0];
    expect(item.text).toBe('Great! <img src=x onerror="alert(1)"> really great.');
  });

  test("a plan without attribution removal always publishes the attribution", async () => {
    const org = await t.org({ plan: "starter" });
    const brand = (await t.call("GET", "/v1/brands", { auth: org.owner })).body.data[0].id;
    const w = (
      await t.call("POST", "/v1/widgets", { auth: org.owner, body: { brand_id: brand, show_attribution: false } })
    ).body;
    await settle();
    expect((await doc(w)).attribution).toBe(false);
    unitOfWork(t.deps, systemCtx(org.id, "live", t.clock), (tx) => setPlan(tx, "free"));
    await publishWidget(t.deps, w.id);
    expect((await doc(w)).attribution).toBe(true);
  });
});

describe("a CDN with its own host name", () => {
  test("addresses use it, and the document is served there", async () => {
    const own = await makeTestApp({ PLAUDIT_CDN_URL: "http://cdn.plaudit.test" });
    try {
      const org = await own.org();
      const brand = (await own.call("GET", "/v1/brands", { auth: org.liveKey })).body.data[0].id;
      const w = (await own.call("POST", "/v1/widgets", { auth: org.liveKey, body: { brand_id: brand } })).body;
      expect(w.document_url).toBe(`http://cdn.plaudit.test/widgets/${w.id}.json`);
      expect(w.snippet).toContain('src="http://cdn.plaudit.test/widget.js"');
      await publishWidget(own.deps, w.id);
      const handle = requestHandler(own.app, own.deps);
      const r = await handle(new Request(w.document_url));
      expect(r.status).toBe(200);
      expect(r.headers.get("cache-control")).toBe("public, max-age=60");
      expect(((await r.json()) as any).widget_id).toBe(w.id);
    } finally {
      own.close();
    }
  });
});
