/**
 * No trace of one organisation in another's answers. Cursors are sealed: decoded, they show no ids and no JSON,
 * and an altered one is refused. Search paging pins only the caller's own newest testimonial, so org B's cursors
 * never carry org A's ids (the server's own key opens them here to prove it). A reel render of org B is not shown
 * as paused while org A's testimonial waits to be processed, only while one of B's does.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";
import { unitOfWork } from "../../src/platform/db/unit-of-work";
import { markReceived } from "../../src/domains/submissions";
import { fakeRenderer, video } from "./reels-helpers";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let linkA: { id: string; brandId: string };
let linkB: { id: string; brandId: string };

beforeAll(async () => {
  t = await makeTestApp();
  t.deps.reelRenderer = fakeRenderer();
  a = await t.org({ name: "Org A" });
  b = await t.org({ name: "Org B" });
  linkA = await makeLink(t, a.liveKey);
  linkB = await makeLink(t, b.liveKey);
});
afterAll(() => t.close());

const list = async (org: TestOrg, query: string) =>
  (await t.call("GET", `/v1/submissions?${query}`, { auth: org.liveKey })).body;

/** What a cursor gives away when decoded every plausible way: ids, JSON, or runs of readable text. */
function readable(cursor: string): string[] {
  const found: string[] = [];
  for (const text of [
    cursor,
    Buffer.from(cursor, "base64url").toString("latin1"),
    ...cursor.split(".").map((p) => Buffer.from(p, "base64url").toString("latin1")),
  ]) {
    if (/sub_/.test(text)) found.push(`an id in ${JSON.stringify(text)}`);
    if (text !== cursor && /[\x20-\x7e]{16,}/.test(text)) found.push(`readable text in ${JSON.stringify(text)}`);
    try {
      JSON.parse(text);
      found.push(`JSON: ${text}`);
    } catch {}
  }
  return found;
}

describe("cursors", () => {
  test("decode to nothing readable; an altered or foreign-purpose cursor is refused", async () => {
    for (let i = 0; i < 3; i++)
      await writeTestimonial(t, linkA.id, `Cursor check number ${i}: the widget works beautifully.`);
    const first = await list(a, "limit=1");
    const cursor = first.next_cursor as string;
    expect(cursor).toBeString();
    expect(cursor).not.toContain(first.data[0].id);
    expect(readable(cursor)).toEqual([]);
    // A search cursor too (it carries a rank and two ids inside).
    const search = await list(a, "limit=1&q=widget");
    expect(search.next_cursor).toBeString();
    expect(readable(search.next_cursor)).toEqual([]);
    // Two cursors for the same position differ: nothing can be learnt by comparing them.
    expect((await list(a, "limit=1")).next_cursor).not.toBe(cursor);
    const flipped = cursor.slice(0, 20) + (cursor[20] === "A" ? "B" : "A") + cursor.slice(21);
    const bad = await t.call("GET", `/v1/submissions?limit=1&cursor=${flipped}`, { auth: a.liveKey });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_cursor");
    // The next page still works with the real one.
    const second = await list(a, `limit=1&cursor=${cursor}`);
    expect(second.data[0].id < first.data[0].id).toBe(true);
  });

  test("org B's search pages never carry org A's ids", async () => {
    const bIds: string[] = [];
    for (let i = 0; i < 3; i++)
      bIds.push(await writeTestimonial(t, linkB.id, `Bravo search phrase number ${i} for org B.`));
    // Org A writes the newest testimonial of the whole database after B's.
    const aNewest = await writeTestimonial(t, linkA.id, "Bravo search phrase from org A, newest of all.");
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { id: string }[]; next_cursor: string | null } = await list(
        b,
        `limit=1&q=bravo${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...page.data.map((s) => s.id));
      cursor = page.next_cursor;
      if (cursor) {
        const opened = t.deps.signer.unseal("cursor.v2", cursor);
        expect(opened).toBeString();
        const inside = JSON.parse(opened!) as { k: unknown[] };
        expect(inside.k.filter((v) => typeof v === "string").every((id) => bIds.includes(id as string))).toBe(true);
        expect(opened).not.toContain(aNewest);
      }
    } while (cursor);
    expect(seen.sort()).toEqual([...bIds].sort());
  });
});

describe("render.paused", () => {
  test("is false for org B while org A's testimonial waits to be processed, true while one of B's does", async () => {
    const v1 = await video(t, b, linkB.id);
    const v2 = await video(
      t,
      b,
      linkB.id,
      "Honestly the best tool we bought this year. It paid for itself in a month!",
    );
    const reel = (
      await t.call("POST", "/v1/reels", {
        auth: b.owner,
        body: { brand_id: linkB.brandId, submission_ids: [v1.id, v2.id] },
      })
    ).body;
    expect((await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: b.owner })).status).toBe(202);
    const render = async () => (await t.call("GET", `/v1/reels/${reel.id}`, { auth: b.owner })).body.render;
    expect(await render()).toMatchObject({ status: "queued", paused: false });

    // Org A's recording arrives: its processing job is due and waits for a media slot.
    const up = await t.call("POST", `/public/links/${linkA.id}/submissions`, {
      body: {
        kind: "video",
        respondent: { name: "Ada A" },
        consent: { agreed: true, text: "I agree that my words and recording may be published.", version: "2026-11-01" },
        upload: { size: 100, type: "video/webm" },
      },
    });
    unitOfWork(t.deps, { orgId: a.id, mode: "live", actor: { type: "system" }, clock: t.clock }, (uow) =>
      markReceived(uow, up.body.submission_id, "x", "video/webm"),
    );
    expect(
      t.deps.db.$client
        .query("SELECT count(*) AS n FROM jobs WHERE kind = 'submission.process' AND status = 'queued' AND org_id = ?")
        .get(a.id),
    ).toEqual({ n: 1 });
    expect(await render()).toMatchObject({ status: "queued", paused: false, label: "Waiting for a render slot" });

    // One of B's own: now B's render is held back for it.
    const own = await t.call("POST", `/public/links/${linkB.id}/submissions`, {
      body: {
        kind: "video",
        respondent: { name: "Bea B" },
        consent: { agreed: true, text: "I agree that my words and recording may be published.", version: "2026-11-01" },
        upload: { size: 100, type: "video/webm" },
      },
    });
    unitOfWork(t.deps, { orgId: b.id, mode: "live", actor: { type: "system" }, clock: t.clock }, (uow) =>
      markReceived(uow, own.body.submission_id, "x", "video/webm"),
    );
    expect(await render()).toMatchObject({ status: "queued", paused: true });
  });
});
