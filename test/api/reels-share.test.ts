/**
 * Sharing and erasure through the API (fake renderer): 422 before any render, publishing then live, public CDN
 * addresses that stay the same across renders while the files are replaced, unsharing and deleting remove the
 * copy; erasing a testimonial returns every reel holding it to draft with its clips, files and copy gone.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink } from "../helpers/testimonials";
import { buildRegistry } from "../../src/composition";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { ERASED_MESSAGE } from "../../src/domains/reels/erase";
import { fakeRenderer, video } from "./reels-helpers";

let t: TestApp;
let a: TestOrg;
let link: { id: string; brandId: string };
const registry = buildRegistry();
const run = () => runDueJobs(t.deps, registry);

beforeAll(async () => {
  t = await makeTestApp();
  t.deps.reelRenderer = fakeRenderer();
  a = await t.org();
  link = await makeLink(t, a.liveKey);
});
afterAll(() => t.close());

const get = async (id: string) => (await t.call("GET", `/v1/reels/${id}`, { auth: a.liveKey })).body;
const cdn = (url: string) => t.app.handle(new Request(url));

async function renderedReel(ids: string[], body: Record<string, unknown> = {}) {
  const reel = (
    await t.call("POST", "/v1/reels", {
      auth: a.liveKey,
      body: { brand_id: link.brandId, submission_ids: ids, ...body },
    })
  ).body;
  await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: a.liveKey });
  await run();
  return reel.id as string;
}

describe("share", () => {
  test("refused before any render; publishing then live; the same addresses after a new render; unsharing deletes", async () => {
    const v = await video(t, a, link.id);
    const draft = (
      await t.call("POST", "/v1/reels", { auth: a.liveKey, body: { brand_id: link.brandId, submission_ids: [v.id] } })
    ).body;
    const early = await t.call("POST", `/v1/reels/${draft.id}/share`, { auth: a.liveKey });
    expect(early.status).toBe(422);
    expect(early.body.error.code).toBe("reel_not_rendered");

    const id = await renderedReel([v.id], { config: { aspect_ratios: ["9:16", "16:9"] } });
    const shared = await t.call("POST", `/v1/reels/${id}/share`, { auth: a.liveKey });
    expect(shared.status).toBe(200);
    expect(shared.body.share).toEqual({ enabled: true, status: "publishing", urls: null });
    await run();
    const live = (await get(id)).share;
    expect(live.status).toBe("live");
    expect(live.urls.variants.map((v: any) => v.aspect_ratio)).toEqual(["9:16", "16:9"]);
    expect(live.urls.variants[0].url).toMatch(
      new RegExp(`^${t.deps.config.cdnUrl}/reels/[A-Za-z0-9_-]{24}/9x16\\.mp4$`),
    );
    const first = await cdn(live.urls.variants[0].url);
    expect(first.status).toBe(200);
    expect(first.headers.get("access-control-allow-origin")).toBe("*");
    expect(await first.text()).toBe("fake 9:16 reel of 1 clips");
    expect((await cdn(live.urls.poster_url)).status).toBe(200);
    // Each size's public poster is that size's own.
    for (const v of live.urls.variants)
      expect(await (await cdn(v.poster_url)).text()).toBe(`fake ${v.aspect_ratio} poster`);
    expect(await (await cdn(live.urls.captions_url)).text()).toStartWith("WEBVTT");
    // Sharing twice changes nothing.
    expect((await t.call("POST", `/v1/reels/${id}/share`, { auth: a.liveKey })).body.share.urls).toEqual(live.urls);

    // A new render with another clip and one size fewer: same addresses, new files, the dropped size is gone.
    const v2 = await video(t, a, link.id);
    await t.call("POST", `/v1/reels/${id}/clips`, { auth: a.liveKey, body: { submission_id: v2.id } });
    await t.call("PATCH", `/v1/reels/${id}`, { auth: a.liveKey, body: { aspect_ratios: ["9:16"] } });
    await t.call("POST", `/v1/reels/${id}/render`, { auth: a.liveKey });
    await run();
    const after = (await get(id)).share;
    expect(after.status).toBe("live");
    expect(after.urls.variants).toEqual([live.urls.variants[0]]);
    expect(await (await cdn(live.urls.variants[0].url)).text()).toBe("fake 9:16 reel of 2 clips");
    expect((await cdn(live.urls.variants[1].url)).status).toBe(404);

    const off = await t.call("DELETE", `/v1/reels/${id}/share`, { auth: a.liveKey });
    expect(off.status).toBe(200);
    expect(off.body.share).toEqual({ enabled: false, status: null, urls: null });
    expect((await cdn(live.urls.variants[0].url)).status).toBe(404);
    expect((await cdn(live.urls.poster_url)).status).toBe(404);
    // Sharing again publishes under a new address.
    await t.call("POST", `/v1/reels/${id}/share`, { auth: a.liveKey });
    await run();
    const again = (await get(id)).share;
    expect(again.urls.variants[0].url).not.toBe(live.urls.variants[0].url);
    expect((await cdn(again.urls.variants[0].url)).status).toBe(200);
  });

  test("deleting a shared reel deletes its public copy and private files", async () => {
    const v = await video(t, a, link.id);
    const id = await renderedReel([v.id]);
    await t.call("POST", `/v1/reels/${id}/share`, { auth: a.liveKey });
    await run();
    const urls = (await get(id)).share.urls;
    await t.call("DELETE", `/v1/reels/${id}`, { auth: a.liveKey });
    expect((await cdn(urls.variants[0].url)).status).toBe(404);
    expect(t.deps.storage.exists("media", `reels/${id}`)).toBe(false);
  });
});

describe("erasure", () => {
  test("an erased testimonial leaves every reel holding it as a draft: its clips removed, files and public copy deleted", async () => {
    const keep = await video(t, a, link.id);
    const gone = await video(t, a, link.id);
    const id = await renderedReel([keep.id, gone.id]);
    await t.call("POST", `/v1/reels/${id}/share`, { auth: a.liveKey });
    await run();
    const before = await get(id);
    const urls = before.share.urls;
    expect((await cdn(urls.variants[0].url)).status).toBe(200);
    // Another reel that only rendered it earlier (clips changed since) is affected too; an unrelated one is not.
    const other = await renderedReel([gone.id, keep.id]);
    await t.call("PUT", `/v1/reels/${other}/clips`, {
      auth: a.liveKey,
      body: { clips: (await get(other)).clips.filter((c: any) => c.submission_id === keep.id) },
    });
    const unrelated = await renderedReel([keep.id]);

    expect((await t.call("DELETE", `/v1/submissions/${gone.id}`, { auth: a.liveKey })).status).toBe(200);
    await run();

    const after = await get(id);
    expect(after).toMatchObject({
      status: "draft",
      error_message: ERASED_MESSAGE,
      output: null,
      share: { enabled: false, status: null, urls: null },
    });
    expect(after.clips.map((c: any) => c.submission_id)).toEqual([keep.id]);
    expect((await cdn(urls.variants[0].url)).status).toBe(404);
    expect((await t.app.handle(new Request(before.output.variants[0].url))).status).toBe(404);
    expect(t.deps.storage.exists("media", `reels/${id}`)).toBe(false);
    expect(await get(other)).toMatchObject({ status: "draft", output: null, error_message: ERASED_MESSAGE });
    expect(await get(unrelated)).toMatchObject({ status: "rendered", error_message: null });
    // Rendering again makes a new version without the erased testimonial.
    await t.call("POST", `/v1/reels/${id}/render`, { auth: a.liveKey });
    await run();
    const redone = await get(id);
    expect(redone).toMatchObject({ status: "rendered", error_message: null });
    expect(redone.output.segments.filter((s: any) => s.kind === "clip")).toHaveLength(1);
  });

  test("an erasure during a render cancels it", async () => {
    const keep = await video(t, a, link.id);
    const gone = await video(t, a, link.id);
    const reel = (
      await t.call("POST", "/v1/reels", {
        auth: a.liveKey,
        body: { brand_id: link.brandId, submission_ids: [keep.id, gone.id] },
      })
    ).body;
    await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: a.liveKey });
    await t.call("DELETE", `/v1/submissions/${gone.id}`, { auth: a.liveKey });
    await run();
    const r = await get(reel.id);
    expect(r.render.status).toBe("cancelled");
    expect(r).toMatchObject({ status: "draft", output: null, error_message: ERASED_MESSAGE });
  });
});
