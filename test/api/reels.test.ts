/** Reels through the API: creating with suggested clips, every refusal, editing clips and settings, access. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, writeTestimonial } from "../helpers/testimonials";
import { transcripts } from "../../src/domains/submissions";
import { SENTENCES, setStatus, video } from "./reels-helpers";

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let link: { id: string; brandId: string };
let v1: Awaited<ReturnType<typeof video>>;
let v2: Awaited<ReturnType<typeof video>>;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  b = await t.org();
  link = await makeLink(t, a.liveKey);
  v1 = await video(t, a, link.id);
  v2 = await video(t, a, link.id, "Honestly the best tool we bought this year. It paid for itself in a month!");
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, auth: TestOrg["owner"] | string = a.liveKey) =>
  t.call("POST", "/v1/reels", { auth, body: { brand_id: link.brandId, ...body } });

describe("create", () => {
  test("auto: one heuristic clip per testimonial on word boundaries, exact words, defaults, estimate, nothing rendered", async () => {
    const r = await create({ submission_ids: [v1.id, v2.id], mode: "auto" });
    expect(r.status).toBe(201);
    const reel = r.body;
    expect(reel.id).toMatch(/^rel_[0-9a-z]{26}$/);
    expect(reel).toMatchObject({
      brand_id: link.brandId,
      status: "draft",
      arrangement: "auto",
      mode: "live",
      changed_since_render: false,
      output: null,
      error_message: null,
    });
    expect(reel.config).toEqual({
      aspect_ratios: ["9:16", "1:1", "16:9"],
      caption_style: "bold",
      intro: null,
      outro: null,
      music: null,
      target_duration_ms: 45000,
      lower_third: true,
      framing: "face",
    });
    expect(reel.clips).toHaveLength(2);
    for (const c of reel.clips) {
      const words = (c.submission_id === v1.id ? v1 : v2).words;
      const first = words.findIndex((w) => w.start_ms === c.start_ms);
      const last = words.findIndex((w) => w.end_ms === c.end_ms);
      expect(first).toBeGreaterThanOrEqual(0);
      expect(last).toBeGreaterThanOrEqual(first);
      expect(c.text).toBe(
        words
          .slice(first, last + 1)
          .map((w) => w.text)
          .join(" "),
      );
      expect(c).toMatchObject({ source: "heuristic", reason: null });
      expect(c.end_ms - c.start_ms).toBeGreaterThanOrEqual(1500);
    }
    expect(reel.render).toMatchObject({ id: null, status: null, label: "Not rendered yet", paused: false });
    expect(reel.share).toEqual({ enabled: false, status: null, urls: null });
    const length = reel.clips.reduce((n: number, c: any) => n + c.end_ms - c.start_ms, 0);
    expect(reel.estimate).toMatchObject({
      duration_ms: length,
      render_seconds: Math.ceil(length / 1000) * 3,
      allowance_seconds: 7200,
      can_start: true,
      blocked_reason: null,
    });
    expect(reel.title).toBeString();
  });

  test("manual keeps the given order; settings and title are taken; cards lengthen the estimate", async () => {
    const r = await create({
      submission_ids: [v2.id, v1.id],
      mode: "manual",
      title: "Spring launch",
      config: {
        aspect_ratios: ["1:1"],
        caption_style: "boxed",
        intro: { title: "Hear it from them" },
        outro: { call_to_action: "Start free today" },
        music: { track_id: "drift" },
        target_duration_ms: 15000,
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.clips.map((c: any) => c.submission_id)).toEqual([v2.id, v1.id]);
    expect(r.body).toMatchObject({ title: "Spring launch", arrangement: "manual" });
    expect(r.body.config).toMatchObject({
      aspect_ratios: ["1:1"],
      caption_style: "boxed",
      music: { track_id: "drift" },
      target_duration_ms: 15000,
    });
    const length = r.body.clips.reduce((n: number, c: any) => n + c.end_ms - c.start_ms, 0) + 2500 + 3000;
    expect(r.body.estimate).toMatchObject({ duration_ms: length, render_seconds: Math.ceil(length / 1000) });
  });

  test("suggested clips are whole sentences near the per-clip target", async () => {
    // 15 s less 5.5 s of cards, shared by two clips: about 4.75 s each.
    const r = await create({
      submission_ids: [v1.id, v2.id],
      config: { target_duration_ms: 15000, intro: { title: "x" }, outro: { call_to_action: "y" } },
    });
    for (const c of r.body.clips) {
      expect(c.text).toMatch(/^[A-Z].*[.!?]$/);
      expect(c.end_ms - c.start_ms).toBeLessThanOrEqual(2 * 4750);
    }
  });

  test("each testimonial that cannot go in is refused with 422 naming it and the reason", async () => {
    const text = await writeTestimonial(t, link.id, "A written testimonial cannot be a clip of a reel.");
    const processing = (await video(t, a, link.id)).id;
    setStatus(t, processing, { status: "processing" });
    const failed = (await video(t, a, link.id)).id;
    setStatus(t, failed, { status: "failed" });
    const rejected = (await video(t, a, link.id)).id;
    await t.call("POST", `/v1/submissions/${rejected}/reject`, { auth: a.liveKey, body: { reason: "Off topic" } });
    const untranscribed = (await video(t, a, link.id)).id;
    t.deps.db.delete(transcripts).where(eq(transcripts.submissionId, untranscribed)).run();
    const brand2 = (await t.call("POST", "/v1/brands", { auth: a.liveKey, body: { name: "Second brand" } })).body.id;
    const link2 = (
      await t.call("POST", `/v1/brands/${brand2}/links`, {
        auth: a.liveKey,
        body: {
          title: "Other",
          prompts: [{ text: "Hi?" }],
          consent_text: "I agree that my words and recording may be published.",
          consent_version: "2026-11-01",
        },
      })
    ).body;
    const otherBrand = (await video(t, a, link2.id)).id;
    const bLink = await makeLink(t, b.liveKey);
    const otherOrg = (await video(t, b, bLink.id)).id;
    const short = (await video(t, a, link.id, "Great stuff")).id;
    const cases: [string, string][] = [
      [text, "not_a_video"],
      [processing, "still_processing"],
      [failed, "not_processed"],
      [rejected, "rejected"],
      [untranscribed, "not_transcribed"],
      [otherBrand, "other_brand"],
      [otherOrg, "not_found"],
      ["sub_00000000000000000000000000", "not_found"],
      [short, "too_short"],
    ];
    for (const [id, reason] of cases) {
      const r = await create({ submission_ids: [v1.id, id] });
      expect(r.status).toBe(422);
      expect(r.body.error).toMatchObject({ code: "testimonial_not_usable", details: { submission_id: id, reason } });
      expect(r.body.error.message).toContain(id);
    }
    const all = await create({ submission_ids: [text, rejected] });
    expect(all.body.error.details.problems.map((p: any) => p.reason)).toEqual(["not_a_video", "rejected"]);
  });

  test("bad input is 400 and an unknown track 422; an unknown brand 404", async () => {
    const bad: [string, Record<string, unknown>][] = [
      ["no testimonials", { submission_ids: [] }],
      ["13 testimonials", { submission_ids: Array.from({ length: 13 }, (_, i) => `sub_${i}`) }],
      ["a repeated testimonial", { submission_ids: [v1.id, v1.id] }],
      ["an unknown mode", { submission_ids: [v1.id], mode: "magic" }],
      ["a target under 15 s", { submission_ids: [v1.id], config: { target_duration_ms: 14999 } }],
      ["a target over 120 s", { submission_ids: [v1.id], config: { target_duration_ms: 120001 } }],
      ["an intro title over 60 characters", { submission_ids: [v1.id], config: { intro: { title: "x".repeat(61) } } }],
      [
        "a call to action over 80 characters",
        { submission_ids: [v1.id], config: { outro: { call_to_action: "x".repeat(81) } } },
      ],
      ["an unknown size", { submission_ids: [v1.id], config: { aspect_ratios: ["4:3"] } }],
      ["no size", { submission_ids: [v1.id], config: { aspect_ratios: [] } }],
      ["an unknown caption style", { submission_ids: [v1.id], config: { caption_style: "comic" } }],
      ["an unknown setting", { submission_ids: [v1.id], config: { fps: 60 } }],
    ];
    for (const [name, body] of bad) {
      const r = await create(body);
      expect(r.status, name).toBe(400);
      expect(r.body.error.code).toBe("validation_failed");
    }
    const music = await create({ submission_ids: [v1.id], config: { music: { track_id: "no-such-track" } } });
    expect(music.status).toBe(422);
    expect(music.body.error).toMatchObject({ code: "unknown_music_track", details: { track_id: "no-such-track" } });
    const brand = await t.call("POST", "/v1/reels", {
      auth: a.liveKey,
      body: { brand_id: "brd_00000000000000000000000000", submission_ids: [v1.id] },
    });
    expect(brand.status).toBe(404);
  });
});

describe("access", () => {
  test("401 without credentials, 403 without the scope, 404 for another org's, another mode's or unknown reel; members may", async () => {
    const reel = (await create({ submission_ids: [v1.id] })).body;
    expect((await t.call("GET", `/v1/reels/${reel.id}`)).status).toBe(401);
    expect((await t.call("GET", "/v1/reels/music")).status).toBe(401);
    const noScope = a.key("live", ["submissions:read"]);
    for (const [m, p] of [
      ["GET", `/v1/reels/${reel.id}`],
      ["GET", "/v1/reels"],
      ["POST", `/v1/reels/${reel.id}/render`],
      ["GET", "/v1/reels/music"],
    ] as const) {
      const r = await t.call(m, p, { auth: noScope });
      expect(r.status).toBe(403);
      expect(r.body.error.details.required_scope).toBe("reels:manage");
    }
    expect((await create({ submission_ids: [v1.id] }, noScope)).status).toBe(403);
    const paths = [
      ["GET", ""],
      ["PATCH", ""],
      ["DELETE", ""],
      ["PUT", "/clips"],
      ["POST", "/clips"],
      ["POST", "/render"],
      ["POST", "/share"],
      ["DELETE", "/share"],
    ] as const;
    for (const [m, suffix] of paths) {
      const body =
        m === "PATCH"
          ? { title: "x" }
          : m === "PUT"
            ? { clips: [] }
            : suffix === "/clips"
              ? { submission_id: v1.id }
              : undefined;
      for (const auth of [b.liveKey, a.testKey])
        expect((await t.call(m, `/v1/reels/${reel.id}${suffix}`, { auth, body })).status).toBe(404);
      expect(
        (await t.call(m, `/v1/reels/rel_00000000000000000000000000${suffix}`, { auth: a.liveKey, body })).status,
      ).toBe(404);
    }
    const member = await a.member("member");
    expect((await t.call("GET", `/v1/reels/${reel.id}`, { auth: member })).status).toBe(200);
    expect(
      (await t.call("PATCH", `/v1/reels/${reel.id}`, { auth: member, body: { title: "By a member" } })).body.title,
    ).toBe("By a member");
  });
});

describe("editing", () => {
  test("PATCH changes the title and settings (in config or at the top level), keeps the rest, refuses bad values", async () => {
    const reel = (await create({ submission_ids: [v1.id] })).body;
    const p1 = await t.call("PATCH", `/v1/reels/${reel.id}`, {
      auth: a.liveKey,
      body: { title: "New title", caption_style: "minimal", config: { intro: { title: "Hi" } } },
    });
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({
      title: "New title",
      config: { caption_style: "minimal", intro: { title: "Hi" }, aspect_ratios: ["9:16", "1:1", "16:9"] },
    });
    const p2 = await t.call("PATCH", `/v1/reels/${reel.id}`, {
      auth: a.liveKey,
      body: { intro: null, music: { track_id: "momentum" } },
    });
    expect(p2.body.config).toMatchObject({ intro: null, music: { track_id: "momentum" }, caption_style: "minimal" });
    // The lower third and the framing are switched per reel, and keep the other settings.
    const p3 = await t.call("PATCH", `/v1/reels/${reel.id}`, {
      auth: a.liveKey,
      body: { lower_third: false, config: { framing: "fit" } },
    });
    expect(p3.body.config).toMatchObject({ lower_third: false, framing: "fit", caption_style: "minimal" });
    const badFraming = await t.call("PATCH", `/v1/reels/${reel.id}`, { auth: a.liveKey, body: { framing: "zoom" } });
    expect(badFraming.status).toBe(400);
    expect(
      (await t.call("PATCH", `/v1/reels/${reel.id}`, { auth: a.liveKey, body: { lower_third: "yes" } })).status,
    ).toBe(400);
    expect(
      (await t.call("PATCH", `/v1/reels/${reel.id}`, { auth: a.liveKey, body: { music: { track_id: "nope" } } }))
        .status,
    ).toBe(422);
    expect(
      (await t.call("PATCH", `/v1/reels/${reel.id}`, { auth: a.liveKey, body: { target_duration_ms: 200000 } })).status,
    ).toBe(400);
    expect((await t.call("PATCH", `/v1/reels/${reel.id}`, { auth: a.liveKey, body: { title: "" } })).status).toBe(400);
    expect((await t.call("PATCH", `/v1/reels/${reel.id}`, { auth: a.liveKey, body: { colour: "red" } })).status).toBe(
      400,
    );
  });

  test("PUT clips: spans on word boundaries are kept in order with their exact words; an unchanged clip keeps its source", async () => {
    const reel = (await create({ submission_ids: [v1.id, v2.id] })).body;
    const kept = reel.clips[0];
    const w = v1.words;
    const put = await t.call("PUT", `/v1/reels/${reel.id}/clips`, {
      auth: a.liveKey,
      body: { clips: [{ submission_id: v1.id, start_ms: w[4]!.start_ms, end_ms: w[10]!.end_ms }, kept] },
    });
    expect(put.status).toBe(200);
    expect(put.body.clips[0]).toEqual({
      submission_id: v1.id,
      start_ms: w[4]!.start_ms,
      end_ms: w[10]!.end_ms,
      text: SENTENCES[1],
      source: "operator",
      reason: null,
    });
    expect(put.body.clips[1]).toMatchObject({
      submission_id: kept.submission_id,
      start_ms: kept.start_ms,
      source: "heuristic",
    });
    const empty = await t.call("PUT", `/v1/reels/${reel.id}/clips`, { auth: a.liveKey, body: { clips: [] } });
    expect(empty.body.clips).toEqual([]);
    expect(empty.body.estimate).toMatchObject({ can_start: false, blocked_reason: "no_clips" });
    expect((await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: a.liveKey })).body.error.code).toBe("no_clips");
  });

  test("PUT clips refuses spans off word boundaries, too short, too long or outside the recording (422), and bad shapes (400)", async () => {
    const long = await video(t, a, link.id, Array.from({ length: 80 }, (_, i) => `word${i}`).join(" "));
    const reel = (await create({ submission_ids: [v1.id] })).body;
    const w = v1.words;
    const refusals: [string, Record<string, unknown>, string, string][] = [
      [
        "start inside a word",
        { submission_id: v1.id, start_ms: w[0]!.start_ms + 10, end_ms: w[5]!.end_ms },
        "clip_off_word_boundary",
        "off_word_boundary",
      ],
      [
        "end at a word's start",
        { submission_id: v1.id, start_ms: w[0]!.start_ms, end_ms: w[5]!.start_ms },
        "clip_off_word_boundary",
        "off_word_boundary",
      ],
      [
        "shorter than 1.5 s",
        { submission_id: v1.id, start_ms: w[0]!.start_ms, end_ms: w[2]!.end_ms },
        "clip_length_out_of_range",
        "too_short",
      ],
      [
        "longer than 30 s",
        { submission_id: long.id, start_ms: long.words[0]!.start_ms, end_ms: long.words[79]!.end_ms },
        "clip_length_out_of_range",
        "too_long",
      ],
      [
        "past the recording",
        { submission_id: v1.id, start_ms: w[0]!.start_ms, end_ms: 999_999 },
        "clip_outside_recording",
        "outside_recording",
      ],
      [
        "reversed",
        { submission_id: v1.id, start_ms: w[5]!.start_ms, end_ms: w[0]!.end_ms },
        "clip_outside_recording",
        "outside_recording",
      ],
    ];
    for (const [name, clip, code, reason] of refusals) {
      const r = await t.call("PUT", `/v1/reels/${reel.id}/clips`, {
        auth: a.liveKey,
        body: { clips: [reel.clips[0], clip] },
      });
      expect(r.status, name).toBe(422);
      expect(r.body.error).toMatchObject({ code, details: { index: 1, submission_id: clip.submission_id, reason } });
      expect(r.body.error.details.nearest_start_ms).toBeNumber();
    }
    const text = await writeTestimonial(t, link.id, "Written words are not a video clip, sorry.");
    const notVideo = await t.call("PUT", `/v1/reels/${reel.id}/clips`, {
      auth: a.liveKey,
      body: { clips: [{ submission_id: text, start_ms: 0, end_ms: 2000 }] },
    });
    expect(notVideo.body.error).toMatchObject({
      code: "testimonial_not_usable",
      details: { submission_id: text, reason: "not_a_video" },
    });
    const thirteen = Array.from({ length: 13 }, () => reel.clips[0]);
    expect(
      (await t.call("PUT", `/v1/reels/${reel.id}/clips`, { auth: a.liveKey, body: { clips: thirteen } })).status,
    ).toBe(400);
    expect(
      (
        await t.call("PUT", `/v1/reels/${reel.id}/clips`, {
          auth: a.liveKey,
          body: { clips: [{ submission_id: v1.id, start_ms: 1.5, end_ms: 10 }] },
        })
      ).status,
    ).toBe(400);
    expect((await t.call("PUT", `/v1/reels/${reel.id}/clips`, { auth: a.liveKey, body: {} })).status).toBe(400);
  });

  test("POST clips adds a testimonial at the end with a suggested span, up to 12 clips", async () => {
    const reel = (await create({ submission_ids: [v1.id] })).body;
    const added = await t.call("POST", `/v1/reels/${reel.id}/clips`, {
      auth: a.liveKey,
      body: { submission_id: v2.id },
    });
    expect(added.status).toBe(200);
    expect(added.body.clips.map((c: any) => c.submission_id)).toEqual([v1.id, v2.id]);
    expect(added.body.clips[1].source).toBe("heuristic");
    const text = await writeTestimonial(t, link.id, "Still not a video testimonial at all.");
    expect(
      (await t.call("POST", `/v1/reels/${reel.id}/clips`, { auth: a.liveKey, body: { submission_id: text } })).body
        .error.code,
    ).toBe("testimonial_not_usable");
    const twelve = Array.from({ length: 12 }, () => reel.clips[0]);
    await t.call("PUT", `/v1/reels/${reel.id}/clips`, { auth: a.liveKey, body: { clips: twelve } });
    const full = await t.call("POST", `/v1/reels/${reel.id}/clips`, {
      auth: a.liveKey,
      body: { submission_id: v2.id },
    });
    expect(full.status).toBe(422);
    expect(full.body.error.code).toBe("too_many_clips");
    expect((await t.call("POST", `/v1/reels/${reel.id}/clips`, { auth: a.liveKey, body: {} })).status).toBe(400);
  });
});

describe("list, delete, music", () => {
  test("the list is newest first, pages with a cursor, filters by brand; delete removes; the music list names tracks", async () => {
    const c = await t.org();
    const cl = await makeLink(t, c.liveKey);
    const cv = await video(t, c, cl.id);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await t.call("POST", "/v1/reels", {
            auth: c.liveKey,
            body: { brand_id: cl.brandId, submission_ids: [cv.id] },
          })
        ).body.id,
      );
    const p1 = await t.call("GET", "/v1/reels?limit=2", { auth: c.liveKey });
    expect(p1.body.data.map((r: any) => r.id)).toEqual([ids[2], ids[1]]);
    const p2 = await t.call("GET", `/v1/reels?limit=2&cursor=${encodeURIComponent(p1.body.next_cursor)}`, {
      auth: c.liveKey,
    });
    expect(p2.body).toMatchObject({ data: [{ id: ids[0] }], next_cursor: null });
    expect(
      (
        await t.call("GET", `/v1/reels?brand_id=${cl.brandId}&cursor=${encodeURIComponent(p1.body.next_cursor)}`, {
          auth: c.liveKey,
        })
      ).status,
    ).toBe(400);
    expect((await t.call("GET", "/v1/reels?brand_id=brd_none", { auth: c.liveKey })).body.data).toEqual([]);
    expect((await t.call("GET", "/v1/reels?limit=0", { auth: c.liveKey })).status).toBe(400);
    expect((await t.call("GET", "/v1/reels", { auth: c.testKey })).body.data).toEqual([]);
    const del = await t.call("DELETE", `/v1/reels/${ids[1]}`, { auth: c.liveKey });
    expect(del.body).toEqual({ id: ids[1], deleted: true });
    expect((await t.call("GET", `/v1/reels/${ids[1]}`, { auth: c.liveKey })).status).toBe(404);
    expect((await t.call("DELETE", `/v1/reels/${ids[1]}`, { auth: c.liveKey })).status).toBe(404);

    const music = await t.call("GET", "/v1/reels/music", { auth: c.liveKey });
    expect(music.status).toBe(200);
    expect(music.body.data.map((m: any) => m.track_id)).toEqual(["sunrise", "drift", "momentum"]);
    const preview = await t.app.handle(new Request(music.body.data[0].preview_url));
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("audio/mp4");
    expect(music.body.next_cursor).toBeNull();
    expect(music.body.data[0].preview_url).toBe("http://plaudit.test/cdn/music/sunrise.m4a");
    expect((await t.app.handle(new Request(`${t.base}/cdn/music/nope.m4a`))).status).toBe(404);
  });
});
