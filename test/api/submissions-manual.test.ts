/**
 * Adding a testimonial by hand (`POST /v1/submissions`, origin `manual`) and correcting a respondent's details
 * (`PATCH /v1/submissions/{id}`), issue 26: bad input is a 4xx in the documented shape, who may do it, the
 * `imported_reviews` allowance counting both, the `origin=manual` filter, the attestation and the first values kept,
 * the audit entries, a recording going through the capture page's tus upload into processing, and public places
 * following a correction.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";
import { listAudit } from "../../src/platform/audit/audit";
import { ATTESTATION_TEXT } from "../../src/domains/imports";
import { jobs } from "../../src/platform/jobs/tables";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import { writeWav } from "../fixtures/media/wav";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let brand: string;
let link: { id: string; brandId: string };
let png = "";
const registry = buildRegistry();

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ plan: "core" });
  b = await t.org({ plan: "core" });
  link = await makeLink(t, a.liveKey);
  brand = link.brandId;
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
  png = image.toString("base64");
});
afterAll(() => t.close());

const add = (body: Record<string, unknown>, auth: unknown = a.liveKey) =>
  t.call("POST", "/v1/submissions", { auth: auth as string, body });
const written = (extra: Record<string, unknown> = {}) => ({
  brand_id: brand,
  kind: "text",
  text: "Said on the phone: they rebuilt our site in a week and the calls have not stopped since.",
  respondent: { name: "Dana Phone", email: "dana@example.com", title: "Owner", company: "Dana's Bakery" },
  rating: 5,
  attested: true,
  ...extra,
});
const correct = (id: string, body: unknown, auth: unknown = a.liveKey) =>
  t.call("PATCH", `/v1/submissions/${id}`, { auth: auth as string, body });

/** A 400 (or other 4xx) in the documented error shape, naming `field` when given. */
function refused(r: { status: number; body: any }, status: number, field?: string) {
  expect([r.status, r.body?.error?.code === undefined]).toEqual([status, false]);
  expect(r.body.error.message).toBeString();
  expect(r.body.error.request_id).toBeString();
  if (field) expect(JSON.stringify(r.body.error.details ?? {})).toContain(field);
}

/** Lets the rebuild delay pass and runs every due job (the recording's processing too: give such tests time). */
async function settle() {
  t.clock.advance(1_500);
  await runDueJobs(t.deps, registry);
}

describe("POST /v1/submissions: adding by hand", () => {
  test("words: 201, origin manual, ready, unapproved and private, attestation kept, created+ready events, audit", async () => {
    const r = await add(written());
    expect(r.status).toBe(201);
    const s = r.body.submission;
    expect(s).toMatchObject({
      origin: "manual",
      kind: "text",
      status: "ready",
      is_approved: false,
      is_public: false,
      respondent_name: "Dana Phone",
      respondent_title: "Owner",
      respondent_company: "Dana's Bakery",
      respondent_email: "dana@example.com",
      rating: 5,
      link_id: null,
      collect_link_id: null,
      corrected_at: null,
      original: null,
    });
    expect(r.body.upload).toBeNull();
    expect(s.attestation).toMatchObject({ text: ATTESTATION_TEXT, user_id: null });
    expect(s.attestation.api_key_id).toBeString();
    const events = t.deps.db.$client
      .query<{ type: string }, [string]>("SELECT type FROM events WHERE data LIKE ? ORDER BY rowid")
      .all(`%${s.id}%`)
      .map((e) => e.type);
    expect(events).toEqual(["submission.created", "submission.ready"]);
    expect(listAudit(t.deps.db, a.id).find((e) => e.targetId === s.id)).toMatchObject({ action: "submission.added" });
    const detail = await t.call("GET", `/v1/submissions/${s.id}`, { auth: a.liveKey });
    expect(detail.body.attestation.text).toBe(ATTESTATION_TEXT);
  });

  test("the owner's session records who attested; a photo comes in as the avatar", async () => {
    const r = await add(written({ respondent: { name: "Pat Photo", avatar: png } }), a.owner);
    expect(r.status).toBe(201);
    expect(r.body.submission.attestation.user_id).toBeString();
    expect(r.body.submission.attestation.api_key_id).toBeNull();
    expect(r.body.submission.has_photo).toBe(true);
    expect(r.body.submission.media.avatar).toBeDefined();
  });

  test("an Idempotency-Key: the same request twice adds it once; the key with another body is 409", async () => {
    const headers = { "idempotency-key": "manual-add-1" };
    const first = await t.call("POST", "/v1/submissions", { auth: a.liveKey, body: written(), headers });
    const again = await t.call("POST", "/v1/submissions", { auth: a.liveKey, body: written(), headers });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.submission.id).toBe(first.body.submission.id);
    const other = await t.call("POST", "/v1/submissions", {
      auth: a.liveKey,
      body: written({ rating: 4 }),
      headers,
    });
    refused(other, 409);
    expect(other.body.error.code).toBe("idempotency_key_reused");
  });

  test("bad input is a 4xx in the documented shape and stores nothing", async () => {
    const count = () => t.deps.db.$client.query<{ n: number }, []>("SELECT count(*) n FROM submissions").get()!.n;
    const before = count();
    refused(await add(written({ attested: false })), 400, "attested");
    refused(await add({ ...written(), attested: undefined }), 400);
    refused(await add(written({ surprise: 1 })), 400);
    refused(await add(written({ rating: "4" })), 400, "rating");
    refused(await add(written({ rating: 6 })), 400, "rating");
    refused(await add(written({ rating: 4.5 })), 400, "rating");
    refused(await add(written({ respondent: { name: "   " } })), 400, "respondent.name");
    refused(await add(written({ respondent: { name: "" } })), 400, "name");
    refused(await add(written({ respondent: { name: "x".repeat(121) } })), 400, "name");
    refused(await add(written({ respondent: { name: "Dana", nickname: "D" } })), 400);
    refused(await add(written({ respondent: { name: "Dana", email: "not an address" } })), 400, "respondent.email");
    refused(await add(written({ text: undefined })), 400, "text");
    refused(await add(written({ text: "   " })), 400, "text");
    refused(await add(written({ text: "x".repeat(5001) })), 400, "text");
    refused(await add(written({ upload: { size: 10, type: "audio/wav" } })), 400, "upload");
    refused(await add(written({ kind: "video", text: undefined })), 400, "upload");
    refused(await add(written({ kind: "video", upload: { size: 10, type: "video/mp4" } })), 400, "text");
    refused(await add(written({ kind: "video", text: undefined, upload: { size: "10", type: "video/mp4" } })), 400);
    refused(
      await add(written({ kind: "video", text: undefined, upload: { size: 2 * 1024 ** 3, type: "video/mp4" } })),
      413,
      "upload.size",
    );
    refused(await add(written({ kind: "audio", text: undefined, upload: { size: 10, type: "image/png" } })), 415);
    refused(await add(written({ kind: "picture" })), 400, "kind");
    refused(await add(written({ brand_id: "brd_00000000000000000000000000" })), 404);
    refused(await add(written({ respondent: { name: "Dana", avatar: "not base64!" } })), 400, "respondent.avatar");
    refused(await add(written({ respondent: { name: "Dana", avatar: btoa("plain text, not an image") } })), 415);
    expect(count()).toBe(before);
  });

  test("who may add: owner and admin, keys with submissions:write; not a reader, a member, nobody, another org", async () => {
    refused(await t.call("POST", "/v1/submissions", { body: written() }), 401);
    refused(await add(written(), a.key("live", ["submissions:read"])), 403);
    refused(await add(written(), await a.member("member")), 403);
    refused(await add(written(), b.liveKey), 404);
    refused(await add(written(), a.testKey), 404);
    expect((await add(written(), a.key("live", ["submissions:write"]))).status).toBe(201);
    expect((await add(written(), await a.member("admin"))).status).toBe(201);
  });

  test("counted against imported_reviews with imports: free plan, 49 imported + 1 by hand, then 402 for both", async () => {
    const f = await t.org({ plan: "free" });
    const fb = (await t.call("GET", "/v1/brands", { auth: f.owner })).body.data[0].id;
    const rows = Array.from({ length: 49 }, (_, i) => ({ text: `Imported review number ${i}` }));
    const imported = await t.call("POST", "/v1/imports", {
      auth: f.owner,
      body: { brand_id: fb, source: { name: "Google" }, attested: true, rows },
    });
    expect(imported.body.created).toBe(49);
    expect((await add(written({ brand_id: fb }), f.owner)).status).toBe(201);
    const over = await add(written({ brand_id: fb }), f.owner);
    expect(over.status).toBe(402);
    expect(over.body.error).toMatchObject({
      code: "plan_limit_exceeded",
      limit: { name: "imported_reviews", limit: 50, used: 50 },
    });
    const more = await t.call("POST", "/v1/imports", {
      auth: f.owner,
      body: { brand_id: fb, source: { name: "Google" }, attested: true, rows: [{ text: "One more review" }] },
    });
    expect(more.status).toBe(402);
    const usage = await t.call("GET", "/v1/billing", { auth: f.owner });
    if (usage.status === 200) {
      const allowance = usage.body.allowances?.find((x: any) => x.name === "imported_reviews");
      if (allowance) expect(allowance.used).toBe(50);
    }
  });

  test("origin=manual filters the list and exports", async () => {
    const id = (await add(written())).body.submission.id;
    await writeTestimonial(t, link.id, "A collected one, written on the capture page itself.", { name: "Col Lected" });
    const list = await t.call("GET", `/v1/submissions?origin=manual&brand_id=${brand}`, { auth: a.liveKey });
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((s: any) => s.origin === "manual")).toBe(true);
    expect(list.body.data.map((s: any) => s.id)).toContain(id);
    refused(await t.call("GET", "/v1/submissions?origin=handmade", { auth: a.liveKey }), 400);
    const exp = await t.call("POST", "/v1/exports", {
      auth: a.liveKey,
      body: { format: "csv", origin: "manual" },
    });
    expect([exp.status, exp.body.error]).toEqual([201, undefined]);
    expect(exp.body.filters?.origin ?? "manual").toBe("manual");
  });

  test("a recording: the answer carries the tus address; the last byte makes it processing with created + job", async () => {
    const pcm = { rate: 16_000, samples: new Int16Array(16_000).map((_, i) => Math.round(Math.sin(i / 8) * 8000)) };
    const wav = writeWav(pcm);
    const r = await add(written({ kind: "audio", text: undefined, upload: { size: wav.length, type: "audio/wav" } }));
    expect(r.status).toBe(201);
    expect(r.body.submission).toMatchObject({ origin: "manual", kind: "audio", status: "uploading" });
    expect(r.body.upload).toMatchObject({ protocol: "tus", length: wav.length });
    const id = r.body.submission.id;
    const sent = await t.app.handle(
      new Request(r.body.upload.url, {
        method: "PATCH",
        headers: {
          "tus-resumable": "1.0.0",
          "content-type": "application/offset+octet-stream",
          "upload-offset": "0",
        },
        body: wav as BodyInit,
      }),
    );
    expect(sent.status).toBe(204);
    const detail = await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey });
    expect(detail.body.status).toBe("processing");
    const queued = t.deps.db.select().from(jobs).where(eq(jobs.kind, "submission.process")).all();
    expect(queued.some((j) => (j.payload as { submissionId?: string }).submissionId === id)).toBe(true);
    const created = t.deps.db.$client
      .query<{ n: number }, [string]>("SELECT count(*) n FROM events WHERE type = 'submission.created' AND data LIKE ?")
      .get(`%${id}%`)!.n;
    expect(created).toBe(1);
  });
});

describe("PATCH /v1/submissions/{id}: correcting the details", () => {
  test("name, title and company change; the first values are kept as original; corrected_at; audit", async () => {
    const id = await writeTestimonial(t, link.id, "Collected words that need a corrected name.", {
      name: "Jhon Smiht",
      title: "CEO",
      company: "Acme",
    });
    const r = await correct(id, { respondent_name: "John Smith", respondent_title: "Founder" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      respondent_name: "John Smith",
      respondent_title: "Founder",
      respondent_company: "Acme",
      original: { respondent_name: "Jhon Smiht", respondent_title: "CEO" },
    });
    expect(r.body.original.respondent_company).toBeUndefined();
    expect(r.body.corrected_at).toBeString();
    // A second correction keeps the respondent's first values, not the team's.
    const again = await correct(id, { respondent_name: "John A. Smith", respondent_company: null });
    expect(again.body.respondent_company).toBeNull();
    expect(again.body.original).toEqual({
      respondent_name: "Jhon Smiht",
      respondent_title: "CEO",
      respondent_company: "Acme",
    });
    const audit = listAudit(t.deps.db, a.id).filter((e) => e.targetId === id && e.action === "submission.corrected");
    expect(audit.length).toBe(2);
    expect(JSON.stringify(audit.map((e) => e.details))).toContain("respondent_title");
    // Search finds the corrected name.
    const found = await t.call("GET", "/v1/submissions?q=Smith", { auth: a.liveKey });
    expect(found.body.data.map((s: any) => s.id)).toContain(id);
  });

  test("bad input: unknown fields, empty body, blank or long name, strings as numbers, unknown answers → 400", async () => {
    const id = await writeTestimonial(t, link.id, "Words for the bad input of a correction.", { name: "Kim Keep" });
    refused(await correct(id, {}), 400);
    refused(await correct(id, { respondent_name: "Kim", email: "kim@example.com" }), 400);
    refused(await correct(id, { rating: 3 }), 400);
    refused(await correct(id, { respondent_name: "" }), 400, "respondent_name");
    refused(await correct(id, { respondent_name: "   " }), 400, "respondent_name");
    refused(await correct(id, { respondent_name: null }), 400, "respondent_name");
    refused(await correct(id, { respondent_name: 42 }), 400, "respondent_name");
    refused(await correct(id, { respondent_name: "K".repeat(121) }), 400, "respondent_name");
    refused(await correct(id, { respondent_title: "T".repeat(121) }), 400, "respondent_title");
    refused(await correct(id, { respondent_name: "Kim\u202eevil" }), 400, "respondent_name");
    refused(await correct(id, { custom_fields: [{ id: "nope", value: "x" }] }), 400, "custom_fields[0].id");
    refused(await correct(id, { avatar: "%%%" }), 400, "avatar");
    refused(await correct(id, "just text"), 400);
    const after = await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey });
    expect([after.body.respondent_name, after.body.corrected_at, after.body.original]).toEqual([
      "Kim Keep",
      null,
      null,
    ]);
  });

  test("who may correct: moderators and keys with submissions:write; not readers, nobody, another org", async () => {
    const id = await writeTestimonial(t, link.id, "Words for who may correct the details.", { name: "Lee Access" });
    refused(await t.call("PATCH", `/v1/submissions/${id}`, { body: { respondent_name: "Lee" } }), 401);
    refused(await correct(id, { respondent_name: "Lee" }, a.key("live", ["submissions:read"])), 403);
    refused(await correct(id, { respondent_name: "Lee" }, b.liveKey), 404);
    refused(await correct(id, { respondent_name: "Lee" }, a.testKey), 404);
    refused(await correct("sub_00000000000000000000000000", { respondent_name: "Lee" }), 404);
    expect((await correct(id, { respondent_name: "Lee M." }, await a.member("member"))).status).toBe(200);
  });

  test("the photo: replaced (the first kept privately), then removed", async () => {
    const made = await add(written({ respondent: { name: "Photo Person", avatar: png } }));
    const id = made.body.submission.id;
    const replaced = await correct(id, { avatar: png });
    expect(replaced.status).toBe(200);
    expect(replaced.body.has_photo).toBe(true);
    expect(replaced.body.original).toEqual({ photo_replaced: true });
    const removed = await correct(id, { avatar: null });
    expect(removed.body.has_photo).toBe(false);
    expect(removed.body.media.avatar).toBeUndefined();
  });

  test("custom-field answers: corrected by question id; a yes/no answer stays a boolean", async () => {
    const id = await writeTestimonial(t, link.id, "Words with an answer to correct later.", { name: "Ann Swer" });
    t.deps.db.$client.query("UPDATE submissions SET custom_answers = ? WHERE id = ?").run(
      JSON.stringify([
        { id: "team", label: "Team size", type: "short_text", value: "1O", show_publicly: true },
        { id: "again", label: "Would you buy again?", type: "yes_no", value: false, show_publicly: false },
      ]),
      id,
    );
    refused(await correct(id, { custom_fields: [{ id: "again", value: "yes" }] }), 400, "custom_fields[0].value");
    const r = await correct(id, {
      custom_fields: [
        { id: "team", value: "10" },
        { id: "again", value: true },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.custom_fields).toEqual([
      { id: "team", label: "Team size", value: "10" },
      { id: "again", label: "Would you buy again?", value: true },
    ]);
    expect(r.body.original.custom_fields).toEqual([
      { id: "team", label: "Team size", value: "1O" },
      { id: "again", label: "Would you buy again?", value: false },
    ]);
  });

  test("deleting a corrected testimonial erases the kept originals with the details", async () => {
    const id = await writeTestimonial(t, link.id, "Words of a testimonial corrected, then deleted.", {
      name: "Ed Erase",
    });
    expect((await correct(id, { respondent_name: "Ed Erased", avatar: png })).status).toBe(200);
    expect((await t.call("DELETE", `/v1/submissions/${id}`, { auth: a.liveKey })).status).toBe(200);
    await settle();
    const row = t.deps.db.$client
      .query<
        { status: string; original_respondent: string | null; respondent_name: string; photo_key: string | null },
        [string]
      >("SELECT status, original_respondent, respondent_name, photo_key FROM submissions WHERE id = ?")
      .get(id)!;
    expect(row).toEqual({ status: "erased", original_respondent: null, respondent_name: "", photo_key: null });
  }, 60_000);

  test("a shown testimonial: the wall page and the widget document show the corrected name", async () => {
    const brandPatch = await t.call("PATCH", `/v1/brands/${brand}`, { auth: a.liveKey, body: { is_public: true } });
    const slug = brandPatch.body.slug;
    const made = await add(written({ respondent: { name: "Wally Wrong", title: "Chef" } }));
    const id = made.body.submission.id;
    expect(
      (await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey, body: { publish: true } })).status,
    ).toBe(200);
    const widget = (await t.call("POST", "/v1/widgets", { auth: a.liveKey, body: { brand_id: brand } })).body;
    await settle();
    const before = await t.call("GET", `/b/${slug}`);
    expect(JSON.stringify(before.body)).toContain("Wally Wrong");
    const card = async () =>
      new Uint8Array(
        await (await t.app.handle(new Request(`${t.deps.config.siteUrl}/b/${slug}/t/${id}/card.png`))).arrayBuffer(),
      );
    const cardBefore = await card();
    expect(cardBefore.length).toBeGreaterThan(1000);
    expect((await correct(id, { respondent_name: "Wally Right", respondent_title: "Head Chef" })).status).toBe(200);
    await settle();
    const wall = JSON.stringify((await t.call("GET", `/b/${slug}`)).body);
    expect(wall).toContain("Wally Right");
    expect(wall).not.toContain("Wally Wrong");
    const doc = await (await t.app.handle(new Request(widget.document_url))).json();
    const item =
      (doc as any).items?.find((i: any) => i.id === id) ?? (doc as any).testimonials?.find((i: any) => i.id === id);
    expect(item).toMatchObject({ name: "Wally Right", title: "Head Chef" });
    // The share image is drawn from the corrected row.
    expect(Buffer.from(await card()).equals(Buffer.from(cardBefore))).toBe(false);
  }, 60_000);
});
