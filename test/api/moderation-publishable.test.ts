/**
 * Moderation cannot publish what is broken (issue 29): a failed, unfinished or deleted testimonial is neither
 * approved for publication nor made public, one by one (409 `not_publishable`) or in bulk (each skipped id listed
 * with its reason). A recording whose words are an unchecked machine draft is published only without its words
 * (`hide_words`) or once they are checked; its words never reach a widget document, a wall page, its JSON-LD, a
 * permalink or the published captions, automatic selections included.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { fakeProcessedVideo, writeTestimonial } from "../helpers/testimonials";
import { wallBrand, appApi } from "../helpers/walls";
import { failSubmission, markReceived, submissions } from "../../src/domains/submissions";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import { tx } from "../../src/platform/db/client";

let t: TestApp;
let a: TestOrg;
let wall: Awaited<ReturnType<typeof wallBrand>>;
const registry = buildRegistry();
const CONSENT = { agreed: true, text: "I agree that my words and recording may be published.", version: "2026-11-01" };
/** What the machine heard: words nobody checked, which must never be published. */
const DRAFT_WORDS = ["Zorbly", "gumption", "flibbertigibbet", "wonkus", "quaffle"];

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ plan: "plus" });
  wall = await wallBrand(appApi(t, a.liveKey));
});
afterAll(() => t.close());

const ctx = () => ({ orgId: a.id, mode: "live" as const, actor: { type: "system" as const }, clock: t.clock });
const act = (id: string, action: string, body?: unknown) =>
  t.call("POST", `/v1/submissions/${id}/${action}`, { auth: a.liveKey, body });
const read = async (id: string) => (await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey })).body;
const bulk = (body: Record<string, unknown>) =>
  t.call("POST", "/v1/submissions/bulk", { auth: a.liveKey, body }).then((r) => r.body);

/** A video testimonial whose upload has started and not finished. */
async function uploading(name = "Una Uploading"): Promise<string> {
  const r = await t.call("POST", `/public/links/${wall.linkId}/submissions`, {
    body: { kind: "video", respondent: { name }, consent: CONSENT, upload: { size: 100, type: "video/webm" } },
  });
  return r.body.submission_id;
}

/** A received recording waiting for (or in) processing. */
async function processing(name = "Pia Processing"): Promise<string> {
  const id = await uploading(name);
  const original = `submissions/${id}/original.webm`;
  await t.deps.storage.write("media", original, "stand-in recording");
  tx(t.deps.db, (db) => markReceived(db, ctx(), id, original, "video/webm"));
  return id;
}

/** A recording whose processing failed for good. */
async function failed(name = "Bo Broken"): Promise<string> {
  const id = await processing(name);
  failSubmission(t.deps.db, ctx(), id, "not_media", "The file is not a recording.");
  return id;
}

/**
 * A processed recording whose transcript is an unchecked machine draft, marked as processing marks a pocketsphinx
 * transcript (test/api/transcript-draft.test.ts runs that marking).
 */
async function draft(name = "Dee Draft"): Promise<string> {
  const id = await fakeProcessedVideo(t, a, wall.linkId, DRAFT_WORDS, { respondent: { name } });
  t.deps.db.update(submissions).set({ wordsDraft: true }).where(eq(submissions.id, id)).run();
  return id;
}

/** Lets rebuild delays pass and runs every due job (media publishing, widget documents). */
async function settle() {
  for (let i = 0; i < 3; i++) {
    t.clock.advance(1_500);
    await runDueJobs(t.deps, registry);
  }
}

/** A widget of the wall's brand with automatic selection (newest approvals first), and its published document. */
async function automaticWidget(body: Record<string, unknown> = {}) {
  const w = (
    await t.call("POST", "/v1/widgets", {
      auth: a.liveKey,
      body: { brand_id: wall.id, selection: "automatic", layout: "single", ...body },
    })
  ).body;
  return {
    id: w.id as string,
    document: async () => {
      await settle();
      const r = await t.app.handle(new Request(w.document_url));
      expect(r.status).toBe(200);
      return { text: await r.clone().text(), json: (await r.json()) as any };
    },
  };
}

const page = async (url: string) => {
  const r = await t.app.handle(new Request(url));
  expect(r.status).toBe(200);
  return r.text();
};

const saysNoDraft = (text: string) => {
  for (const w of DRAFT_WORDS) expect(text).not.toContain(w);
};

describe("one by one", () => {
  test("a failed recording: approve with publish and visibility true are 409 not_publishable; approving only is allowed", async () => {
    const id = await failed();
    const r = await act(id, "approve", { publish: true });
    expect([r.status, r.body.error.code]).toEqual([409, "not_publishable"]);
    expect(r.body.error.message).toContain("failed to process");
    expect(await read(id)).toMatchObject({ is_approved: false, is_public: false });
    const v = await act(id, "visibility", { is_public: true });
    expect([v.status, v.body.error.code]).toEqual([409, "not_publishable"]);
    expect((await read(id)).is_public).toBe(false);
    // Approving only (kept private) is a decision, not a publication.
    expect((await act(id, "approve", { publish: false })).body).toMatchObject({ is_approved: true, is_public: false });
    expect((await act(id, "visibility", { is_public: true })).status).toBe(409);
    expect((await act(id, "approve", { publish: true })).status).toBe(409);
  });

  test("uploading and processing testimonials cannot be published until they are ready", async () => {
    for (const id of [await uploading(), await processing()]) {
      const r = await act(id, "approve", { publish: true });
      expect([r.status, r.body.error.code]).toEqual([409, "not_publishable"]);
      expect(r.body.error.message).toMatch(/still being (uploaded|processed)/);
      const v = await act(id, "visibility", { is_public: true });
      expect([v.status, v.body.error.code]).toEqual([409, "not_publishable"]);
      expect(await read(id)).toMatchObject({ is_approved: false, is_public: false });
    }
    // Making private is always allowed.
    const p = await processing();
    expect((await act(p, "visibility", { is_public: false })).status).toBe(200);
  });

  test("a deleted testimonial cannot be approved or made public (404, as any gone testimonial)", async () => {
    const id = await writeTestimonial(t, wall.linkId, "Deleted before anyone published it, which is fine.");
    await t.call("DELETE", `/v1/submissions/${id}`, { auth: a.liveKey });
    expect((await act(id, "approve", { publish: true })).status).toBe(404);
    expect((await act(id, "visibility", { is_public: true })).status).toBe(404);
  });

  test("hide_words is for recordings: a written testimonial is its words (400)", async () => {
    const id = await writeTestimonial(t, wall.linkId, "Written words cannot be hidden from a written testimonial.");
    const r = await act(id, "approve", { publish: true, hide_words: true });
    expect([r.status, r.body.error.code, r.body.error.details.field]).toEqual([400, "validation_failed", "hide_words"]);
    expect((await read(id)).is_approved).toBe(false);
  });
});

describe("a recording whose words are an unchecked machine draft", () => {
  test("is refused without hide_words, published without its words with it, and shows them once checked", async () => {
    const id = await draft();
    expect(await read(id)).toMatchObject({ words_draft: true, hide_words: false });
    const refused = await act(id, "approve", { publish: true });
    expect([refused.status, refused.body.error.code]).toEqual([409, "words_unchecked"]);
    expect(refused.body.error.message).toContain("machine draft nobody has checked");
    expect(refused.body.error.message).toContain("without its words");
    expect((await read(id)).is_approved).toBe(false);

    const live = await act(id, "approve", { publish: true, hide_words: true });
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ is_approved: true, is_public: true, hide_words: true, words_draft: true });
    const widget = await automaticWidget();
    const doc = await widget.document();
    const item = doc.json.items.find((i: any) => i.id === id);
    expect(item).toMatchObject({ kind: "video", name: "Dee Draft", text: null, captions: null });
    expect(item.video_url).toContain("/m/");
    saysNoDraft(doc.text);
    // The published copies carry no captions file, and the wall, its JSON-LD and the permalink hold no draft word.
    expect((await read(id)).public_media).toMatchObject({ captions_url: null });
    expect(await page(wall.wallUrl)).toContain("Dee Draft");
    saysNoDraft(await page(wall.wallUrl));
    saysNoDraft(await page(`${wall.wallUrl}/t/${id}`));

    // Showing the words while they are a draft is refused; once confirmed, they may be shown.
    const early = await act(id, "visibility", { is_public: true, hide_words: false });
    expect([early.status, early.body.error.code]).toEqual([409, "words_unchecked"]);
    expect((await act(id, "transcript/confirm")).body.draft).toBe(false);
    // Checking does not undo the team's choice to hide them.
    expect(await read(id)).toMatchObject({ words_draft: false, hide_words: true });
    saysNoDraft((await widget.document()).text);
    const shown = await act(id, "visibility", { is_public: true, hide_words: false });
    expect(shown.body).toMatchObject({ is_public: true, hide_words: false });
    const after = await widget.document();
    const words = after.json.items.find((i: any) => i.id === id);
    expect(words.text).toBe(DRAFT_WORDS.join(" "));
    expect(words.captions.map((c: any) => c.text).join(" ")).toBe(DRAFT_WORDS.join(" "));
    const captions = (await read(id)).public_media.captions_url;
    expect(captions).toContain("/captions.vtt");
    expect(await (await t.app.handle(new Request(captions))).text()).toContain("Zorbly");

    // Hiding them again takes the captions file down in the same request.
    await act(id, "visibility", { is_public: true, hide_words: true });
    expect((await read(id)).public_media.captions_url).toBeNull();
    expect((await t.app.handle(new Request(captions))).status).toBe(404);
    saysNoDraft((await widget.document()).text);
  });

  test("one published before drafts were refused: automatic selections show the video without the draft's words", async () => {
    // Published before this change, with captions; then migration 0021 marked its pocketsphinx words a draft.
    const id = await fakeProcessedVideo(t, a, wall.linkId, DRAFT_WORDS, { respondent: { name: "Lee Legacy" } });
    expect((await act(id, "approve", { publish: true })).status).toBe(200);
    await settle();
    const captions = (await read(id)).public_media.captions_url;
    expect(captions).toContain("/captions.vtt");
    t.deps.db.update(submissions).set({ wordsDraft: true }).where(eq(submissions.id, id)).run();

    const doc = await (await automaticWidget({ layout: "wall", max_items: 50 })).document();
    expect(doc.json.items.find((i: any) => i.id === id)).toMatchObject({
      name: "Lee Legacy",
      text: null,
      captions: null,
    });
    saysNoDraft(doc.text);
    for (const html of [await page(wall.wallUrl), await page(`${wall.wallUrl}/t/${id}`)]) {
      saysNoDraft(html);
      expect(html).not.toContain(captions);
    }
    await t.call("DELETE", `/v1/submissions/${id}`, { auth: a.liveKey });
  });
});

describe("in bulk", () => {
  test("approve & publish over a failed recording, a draft and a written one publishes only the written one", async () => {
    const broken = await failed("Fay Failed");
    const unchecked = await draft("Dru Draft");
    const written = await writeTestimonial(
      t,
      wall.linkId,
      "Written by hand, checked by its author, ready to publish.",
      {
        name: "Wren Written",
      },
    );
    const answer = await bulk({ action: "approve_and_publish", ids: [broken, unchecked, written] });
    expect([answer.succeeded, answer.failed]).toEqual([1, 2]);
    const byId = Object.fromEntries(answer.results.map((r: any) => [r.id, r]));
    expect(byId[written]).toMatchObject({ ok: true, submission: { is_approved: true, is_public: true } });
    expect(byId[broken]).toMatchObject({ ok: false, error: { code: "not_publishable" } });
    expect(byId[broken].error.message).toContain("failed to process");
    expect(byId[unchecked]).toMatchObject({ ok: false, error: { code: "words_unchecked" } });
    expect(await read(broken)).toMatchObject({ is_approved: false, is_public: false });
    expect(await read(unchecked)).toMatchObject({ is_approved: false, is_public: false });

    const doc = await (await automaticWidget({ layout: "wall", max_items: 50 })).document();
    const ids = doc.json.items.map((i: any) => i.id);
    expect(ids).toContain(written);
    expect(ids).not.toContain(broken);
    expect(ids).not.toContain(unchecked);
    saysNoDraft(doc.text);

    // make_public skips the same ones.
    const pub = await bulk({ action: "make_public", ids: [broken, unchecked] });
    expect(pub.results.map((r: any) => r.error?.code)).toEqual(["not_publishable", "words_unchecked"]);

    // Asked once for the selection: drafts go live without their words, the failed one is still skipped.
    const hidden = await bulk({ action: "approve_and_publish", ids: [broken, unchecked], hide_draft_words: true });
    expect([hidden.succeeded, hidden.failed]).toEqual([1, 1]);
    expect(await read(unchecked)).toMatchObject({ is_public: true, hide_words: true });
    expect(await read(broken)).toMatchObject({ is_public: false });
    const again = await (await automaticWidget({ layout: "wall", max_items: 50 })).document();
    expect(again.json.items.find((i: any) => i.id === unchecked)).toMatchObject({ text: null, captions: null });
    saysNoDraft(again.text);
  });
});
