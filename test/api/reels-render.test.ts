/**
 * Rendering through the API with a fast fake renderer (the real stages, checkpoints and time checks; small
 * stand-in files): 202 and 409, progress and labels, output with signed one-hour URLs, events and mail,
 * changed_since_render, the 402 allowance and its refund, the 30-minute limit, pausing for new testimonials,
 * and failures.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { existsSync } from "node:fs";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink } from "../helpers/testimonials";
import { buildRegistry } from "../../src/composition";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { enqueue } from "../../src/platform/jobs/queue";
import { jobs, PRIORITY } from "../../src/platform/jobs/tables";
import { listEvents } from "../../src/platform/events/emit";
import { mailOutbox } from "../../src/platform/mail/tables";
import { PROCESS_JOB } from "../../src/domains/submissions";
import { reelRenders } from "../../src/domains/reels";
import { workDir } from "../../src/domains/reels/storage-keys";
import { fakeRenderer, video } from "./reels-helpers";

let t: TestApp;
let a: TestOrg;
let link: { id: string; brandId: string };
let v1: Awaited<ReturnType<typeof video>>;
let v2: Awaited<ReturnType<typeof video>>;
const registry = buildRegistry();
const run = () => runDueJobs(t.deps, registry);
let renderer = fakeRenderer();

beforeAll(async () => {
  t = await makeTestApp();
  t.deps.reelRenderer = { render: (plan, hooks) => renderer.render(plan, hooks) };
  a = await t.org();
  link = await makeLink(t, a.liveKey);
  v1 = await video(t, a, link.id);
  v2 = await video(t, a, link.id, "Honestly the best tool we bought this year. It paid for itself in a month!");
});
afterAll(() => t.close());

const newReel = async (body: Record<string, unknown> = {}, auth: TestOrg["owner"] | string = a.owner) =>
  (
    await t.call("POST", "/v1/reels", {
      auth,
      body: { brand_id: link.brandId, submission_ids: [v1.id, v2.id], ...body },
    })
  ).body;
const get = async (id: string, auth: TestOrg["owner"] | string = a.owner) =>
  (await t.call("GET", `/v1/reels/${id}`, { auth })).body;
const eventsOf = (type: "reel.ready" | "reel.failed") =>
  listEvents(t.deps.db, a.id, "live", { limit: 500, type }).map((e) => e.data as any);

describe("render", () => {
  test("202 with a render id, 409 while rendering, queued then rendered: output, events, mail, changed_since_render", async () => {
    const reel = await newReel({ title: "Spring launch" });
    const start = await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: a.owner });
    expect(start.status).toBe(202);
    expect(start.body.render_id).toMatch(/^job_[0-9a-z]{26}$/);
    const queued = await get(reel.id);
    expect(queued.status).toBe("rendering");
    expect(queued.render).toMatchObject({
      id: start.body.render_id,
      status: "queued",
      stage: "queued",
      label: "Waiting for a render slot",
      paused: false,
      progress: 0,
    });
    expect(queued.estimate).toMatchObject({ can_start: false, blocked_reason: "rendering" });
    const again = await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: a.owner });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "reel_rendering", details: { render_id: start.body.render_id } });

    await run();
    const done = await get(reel.id);
    expect(done.status).toBe("rendered");
    expect(done.render).toMatchObject({ status: "succeeded", label: "Rendered", progress: 1, error_message: null });
    expect(done.changed_since_render).toBe(false);
    expect(done.output.variants.map((v: any) => [v.aspect_ratio, v.width, v.height])).toEqual([
      ["9:16", 1080, 1920],
      ["1:1", 1080, 1080],
      ["16:9", 1920, 1080],
    ]);
    expect(done.output.render_id).toBe(start.body.render_id);
    expect(done.output.segments.filter((s: any) => s.kind === "clip")).toHaveLength(2);

    const play = await t.app.handle(new Request(done.output.variants[0].url));
    expect(play.status).toBe(200);
    expect(play.headers.get("content-type")).toBe("video/mp4");
    expect(play.headers.get("content-disposition")).toBeNull();
    expect(await play.text()).toBe("fake 9:16 reel of 2 clips");
    const ranged = await t.app.handle(new Request(done.output.variants[0].url, { headers: { range: "bytes=0-3" } }));
    expect(ranged.status).toBe(206);
    const dl = await t.app.handle(new Request(done.output.variants[2].download_url));
    expect(dl.headers.get("content-disposition")).toStartWith('attachment; filename="Spring launch-16x9.mp4"');
    const vtt = await t.app.handle(new Request(done.output.captions_download_url));
    expect(vtt.headers.get("content-disposition")).toContain('filename="Spring launch.vtt"');
    expect(await vtt.text()).toStartWith("WEBVTT");
    expect((await t.app.handle(new Request(done.output.poster_url))).status).toBe(200);
    // Each size has its own poster (the players show the poster of their own shape).
    for (const v of done.output.variants) {
      const poster = await t.app.handle(new Request(v.poster_url));
      expect(poster.headers.get("content-type")).toBe("image/jpeg");
      expect(await poster.text()).toBe(`fake ${v.aspect_ratio} poster`);
    }
    const forged = done.output.variants[0].url.replace(/.$/, (c: string) => (c === "a" ? "b" : "a"));
    expect((await t.app.handle(new Request(forged))).status).toBe(404);

    const ready = eventsOf("reel.ready").find((e) => e.reel.id === reel.id);
    expect(ready).toMatchObject({
      reel: { id: reel.id, title: "Spring launch", status: "rendered" },
      render: { id: start.body.render_id, status: "succeeded", aspect_ratios: ["9:16", "1:1", "16:9"] },
    });
    const mail = t.deps.db
      .select()
      .from(mailOutbox)
      .all()
      .find((m) => m.subject.includes("Spring launch"));
    expect(mail?.subject).toBe("Your reel “Spring launch” is ready");
    expect(mail?.to).toMatch(/^owner/);
    expect(mail?.text).toContain(`/reels/${reel.id}`);
    // The work folder is gone once the files are kept.
    expect(existsSync(workDir(t.deps.storage, start.body.render_id))).toBe(false);

    const renamed = await t.call("PATCH", `/v1/reels/${reel.id}`, { auth: a.owner, body: { title: "Summer launch" } });
    expect(renamed.body.changed_since_render).toBe(true);
    expect(renamed.body.output.render_id).toBe(start.body.render_id);

    // Signed URLs last one hour.
    t.clock.advance(3600_000 + 1000);
    const expired = await t.app.handle(new Request(done.output.variants[0].url));
    expect(expired.status).toBe(410);
    const fresh = await get(reel.id);
    expect((await t.app.handle(new Request(fresh.output.variants[0].url))).status).toBe(200);

    // A new render replaces the files: the old render's addresses stop working.
    await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: a.owner });
    await run();
    const second = await get(reel.id);
    expect(second.changed_since_render).toBe(false);
    expect(second.output.render_id).not.toBe(start.body.render_id);
    expect((await t.app.handle(new Request(fresh.output.variants[0].url))).status).toBe(404);
    expect(
      (await t.app.handle(new Request(second.output.variants[0].download_url))).headers.get("content-disposition"),
    ).toContain("Summer launch-9x16.mp4");
  });

  test("a render started with an API key emails nobody; the render costs the plan's seconds and failures refund them", async () => {
    const before = await newReel({}, a.liveKey);
    const cost = before.estimate.render_seconds;
    const used0 = before.estimate.used_seconds_this_month;
    await t.call("POST", `/v1/reels/${before.id}/render`, { auth: a.liveKey });
    expect((await get(before.id, a.liveKey)).estimate.used_seconds_this_month).toBe(used0 + cost);
    const mails = t.deps.db.select().from(mailOutbox).all().length;
    renderer = fakeRenderer({ fail: Object.assign(new Error("disk full"), {}) });
    // Transient errors are retried (3 attempts with back-off), then the render fails with the reason.
    for (let i = 0; i < 3; i++) {
      await run();
      t.clock.advance(60_000);
    }
    await run();
    renderer = fakeRenderer();
    const failed = await get(before.id, a.liveKey);
    expect(failed.render.status).toBe("failed");
    expect(failed.render.error_message).toContain("disk full");
    expect(failed.status).toBe("draft");
    expect(failed.estimate.used_seconds_this_month).toBe(used0);
    expect(t.deps.db.select().from(mailOutbox).all().length).toBe(mails);
    expect(eventsOf("reel.failed").find((e) => e.reel.id === before.id)).toMatchObject({
      render: { status: "failed" },
      reason: failed.render.error_message,
    });
  });

  test("402 when the render would pass the plan's remaining render seconds (test mode: 600 s)", async () => {
    // 75 words 400 ms apart: one 29.95 s clip; seven of them are 210 s, times three sizes is 630 s.
    const tl = await makeLink(t, a.testKey);
    const tv = await video(t, a, tl.id, Array.from({ length: 75 }, (_, i) => `word${i}.`).join(" "));
    const reel = (
      await t.call("POST", "/v1/reels", { auth: a.testKey, body: { brand_id: tl.brandId, submission_ids: [tv.id] } })
    ).body;
    const clip = { submission_id: tv.id, start_ms: tv.words[0]!.start_ms, end_ms: tv.words[74]!.end_ms };
    const put = await t.call("PUT", `/v1/reels/${reel.id}/clips`, {
      auth: a.testKey,
      body: { clips: Array.from({ length: 7 }, () => clip) },
    });
    expect(put.body.estimate).toMatchObject({
      render_seconds: 630,
      allowance_seconds: 600,
      can_start: false,
      blocked_reason: "plan_limit",
    });
    const r = await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: a.testKey });
    expect(r.status).toBe(402);
    expect(r.body.error).toMatchObject({
      code: "plan_limit_exceeded",
      limit: { name: "render_seconds_per_month", limit: 600, upgrade_plan: null },
    });
    expect(r.body.error.limit.upgrade_url).toBeString();
    const one = await t.call("PATCH", `/v1/reels/${reel.id}`, { auth: a.testKey, body: { aspect_ratios: ["9:16"] } });
    expect(one.body.estimate).toMatchObject({ render_seconds: 210, can_start: true });
    expect((await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: a.testKey })).status).toBe(202);
    // Live mode is counted apart from the sandbox.
    expect((await get(reel.id, a.testKey)).estimate.used_seconds_this_month).toBe(210);
    await run();
  });

  test("a render running more than 30 minutes is stopped and failed with the reason", async () => {
    const reel = await newReel();
    renderer = fakeRenderer({ afterClip: () => t.clock.advance(31 * 60_000) });
    await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: a.owner });
    await run();
    renderer = fakeRenderer();
    const r = await get(reel.id);
    expect(r.render).toMatchObject({ status: "failed", label: "Render failed" });
    expect(r.render.error_message).toBe("The render took longer than 30 minutes and was stopped.");
    expect(eventsOf("reel.failed").find((e) => e.reel.id === reel.id)?.reason).toBe(r.render.error_message);
    expect(
      t.deps.db
        .select()
        .from(mailOutbox)
        .all()
        .some((m) => m.subject.includes("could not be rendered")),
    ).toBe(true);
  });

  test("a new testimonial goes first: the render is paused, steps aside at its next checkpoint and resumes after", async () => {
    const reel = await newReel();
    const order: string[] = [];
    renderer = fakeRenderer({
      afterClip: (i) => {
        order.push(`clip ${i}`);
        if (order.length === 1)
          enqueue(
            { db: t.deps.db, clock: t.clock, state: t.deps.state },
            {
              kind: PROCESS_JOB,
              payload: { submissionId: "sub_arrived" },
              orgId: a.id,
              mode: "live",
              priority: PRIORITY.submission,
            },
          );
      },
    });
    const { render_id } = (await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: a.owner })).body;
    // One job at a time, as the worker pool does: the render's first run.
    const { claimNext } = await import("../../src/platform/jobs/queue");
    const { runClaimedJob } = await import("../../src/platform/jobs/worker");
    await runClaimedJob(t.deps, registry, claimNext(t.deps.db, t.clock, "w", 60_000, ["reel.render"])!);
    const paused = await get(reel.id);
    expect(paused.render).toMatchObject({
      id: render_id,
      status: "queued",
      stage: "cutting",
      paused: true,
      label: "Paused while a new testimonial is processed",
    });
    expect(order).toEqual(["clip 0"]);
    // The testimonial's job is claimed before the render's continuation.
    const next = claimNext(t.deps.db, t.clock, "w", 60_000, [PROCESS_JOB, "reel.render"])!;
    expect(next.kind).toBe(PROCESS_JOB);
    await runClaimedJob(t.deps, registry, next);
    expect((await get(reel.id)).render.paused).toBe(false);
    await run();
    renderer = fakeRenderer();
    const done = await get(reel.id);
    expect(done.render).toMatchObject({ status: "succeeded", paused: false });
    expect(order).toEqual(["clip 0", "clip 0", "clip 1"]);
    expect(
      t.deps.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `reel.render:${render_id}`))
        .all()
        .every((j) => j.status === "done"),
    ).toBe(true);
  });

  test("progress is written as the render goes: stage, step and a label for a person", async () => {
    const reel = await newReel();
    const seen: any[] = [];
    renderer = fakeRenderer({ afterClip: async () => void seen.push((await get(reel.id)).render) });
    await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: a.owner });
    await run();
    renderer = fakeRenderer();
    expect(seen.map((r) => [r.status, r.stage, r.label, r.step])).toEqual([
      ["running", "cutting", "Cutting clip 1 of 2", { done: 0, total: 2 }],
      ["running", "cutting", "Cutting clip 2 of 2", { done: 1, total: 2 }],
    ]);
    expect(seen[1].progress).toBeGreaterThan(seen[0].progress);
  });

  test("a testimonial gone before the render runs fails it with the reason", async () => {
    const v3 = await video(t, a, link.id);
    const reel = await newReel({ submission_ids: [v1.id, v3.id] });
    await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: a.owner });
    t.deps.storage.remove("media", `submissions/${v3.id}`);
    await run();
    const r = await get(reel.id);
    expect(r.render.status).toBe("failed");
    expect(r.render.error_message).toContain(v3.id);
  });

  test("deleting a reel while it renders cancels the render; nothing is kept", async () => {
    const reel = await newReel();
    const { render_id } = (await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: a.owner })).body;
    expect((await t.call("DELETE", `/v1/reels/${reel.id}`, { auth: a.owner })).status).toBe(200);
    await run();
    expect(t.deps.db.select().from(reelRenders).where(eq(reelRenders.id, render_id)).get()).toBeUndefined();
    expect(t.deps.storage.exists("media", `reels/${reel.id}`)).toBe(false);
    expect(existsSync(workDir(t.deps.storage, render_id))).toBe(false);
  });
});
