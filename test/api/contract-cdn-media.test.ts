/**
 * Contract, to the letter: "Static widget files and media are served from `{cdn_url}`". A testimonial's signed
 * media, a reel's signed output files and the music previews have `{cdn_url}/…` addresses and are served there
 * (range requests, CORS, expiry), both when the CDN is a path of the API's host and when it has a host of its
 * own; the former `/public/…` addresses are gone. The dashboard's CSP lets its players load from the CDN origin.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink, fakeProcessedVideo } from "../helpers/testimonials";
import { fakeRenderer, video } from "./reels-helpers";
import { buildRegistry } from "../../src/composition";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { requestHandler } from "../../src/app";
import { dashboardCsp } from "../../src/platform/http/web-assets";

const registry = buildRegistry();

/** Renders a reel with stand-in files and returns its output. */
async function renderedOutput(t: TestApp, org: TestOrg, linkId: string, brandId: string) {
  const v = await video(t, org, linkId);
  const reel = (
    await t.call("POST", "/v1/reels", {
      auth: org.liveKey,
      body: { brand_id: brandId, submission_ids: [v.id], config: { aspect_ratios: ["1:1"] } },
    })
  ).body;
  expect((await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: org.liveKey })).status).toBe(202);
  for (let i = 0; i < 10; i++) await runDueJobs(t.deps, registry);
  const done = (await t.call("GET", `/v1/reels/${reel.id}`, { auth: org.liveKey })).body;
  expect(done.output).not.toBeNull();
  return done.output;
}

describe("CDN under a path of the API's host ({base}/cdn)", () => {
  let t: TestApp;
  let a: TestOrg;
  let link: { id: string; brandId: string };
  beforeAll(async () => {
    t = await makeTestApp();
    t.deps.reelRenderer = { render: (plan, hooks) => fakeRenderer().render(plan, hooks) };
    a = await t.org();
    link = await makeLink(t, a.liveKey);
  });
  afterAll(() => t.close());

  test("signed media URLs are {cdn_url}/… and served there with ranges, CORS and expiry; /public/media is gone", async () => {
    const id = await fakeProcessedVideo(t, a, link.id);
    const detail = (await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey })).body;
    const urls: string[] = [];
    for (const variant of ["video", "poster", "captions"]) {
      const m = await t.call("GET", `/v1/submissions/${id}/media/${variant}`, { auth: a.liveKey });
      expect(m.status).toBe(200);
      expect(m.body.url).toStartWith("http://plaudit.test/cdn/");
      urls.push(m.body.url);
    }
    // The detail's media links use the same address.
    expect(JSON.stringify(detail)).not.toContain("/public/media/");
    const video = await t.app.handle(new Request(urls[0]!, { headers: { range: "bytes=0-3" } }));
    expect(video.status).toBe(206);
    expect(await video.text()).toBe("fake");
    expect(video.headers.get("access-control-allow-origin")).toBe("*");
    const captions = await t.app.handle(new Request(urls[2]!));
    expect(captions.status).toBe(200);
    expect(await captions.text()).toStartWith("WEBVTT");
    const token = urls[1]!.split("/").pop()!;
    expect((await t.app.handle(new Request(`${t.base}/public/media/${token}`))).status).toBe(404);
    t.clock.advance(2 * 3600_000);
    expect((await t.app.handle(new Request(urls[1]!))).status).toBe(410);
  });

  test("a reel's signed output files are {cdn_url}/… and served there; /public/reel-files is gone", async () => {
    const out = await renderedOutput(t, a, link.id, link.brandId);
    const all = [
      out.variants[0].url,
      out.variants[0].download_url,
      out.poster_url,
      out.captions_url,
      out.captions_download_url,
    ];
    for (const u of all) expect(u).toStartWith("http://plaudit.test/cdn/");
    const play = await t.app.handle(new Request(out.variants[0].url));
    expect(play.status).toBe(200);
    expect(play.headers.get("content-type")).toBe("video/mp4");
    const dl = await t.app.handle(new Request(out.variants[0].download_url));
    expect(dl.headers.get("content-disposition")).toStartWith("attachment;");
    const token = out.poster_url.split("/").pop();
    expect((await t.app.handle(new Request(`${t.base}/public/reel-files/${token}`))).status).toBe(404);
  }, 20_000);

  test("music previews are {cdn_url}/… and served there; /public/reel-music is gone", async () => {
    const tracks = (await t.call("GET", "/v1/reels/music", { auth: a.liveKey })).body.data;
    for (const track of tracks) {
      expect(track.preview_url).toBe(`http://plaudit.test/cdn/music/${track.track_id}.m4a`);
      const res = await t.app.handle(new Request(track.preview_url));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("audio/mp4");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    }
    expect((await t.app.handle(new Request(`${t.base}/public/reel-music/${tracks[0].track_id}.m4a`))).status).toBe(404);
    expect((await t.app.handle(new Request(`${t.base}/cdn/music/nope.m4a`))).status).toBe(404);
    expect((await t.app.handle(new Request(`${t.base}/cdn/music/${tracks[0].track_id}`))).status).toBe(404);
  });

  test("the CDN's own files still work beside these routes", async () => {
    const logo = await t.app.handle(new Request(`${t.base}/cdn/assets/default-logo.png`));
    expect(logo.status).toBe(200);
  });
});

describe("CDN on a host of its own", () => {
  let t: TestApp;
  let a: TestOrg;
  let handle: (r: Request) => Response | Promise<Response>;
  beforeAll(async () => {
    t = await makeTestApp({ PLAUDIT_CDN_URL: "http://cdn.plaudit-media.test" });
    t.deps.reelRenderer = { render: (plan, hooks) => fakeRenderer().render(plan, hooks) };
    a = await t.org();
    handle = requestHandler(t.app, t.deps);
  });
  afterAll(() => t.close());

  test("media, reel files and music previews are served at the CDN host", async () => {
    const link = await makeLink(t, a.liveKey);
    const id = await fakeProcessedVideo(t, a, link.id);
    const poster = (await t.call("GET", `/v1/submissions/${id}/media/poster`, { auth: a.liveKey })).body.url;
    expect(poster).toStartWith("http://cdn.plaudit-media.test/");
    const res = await handle(new Request(poster));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(`fake jpg of ${id}`);
    const out = await renderedOutput(t, a, link.id, link.brandId);
    expect(out.poster_url).toStartWith("http://cdn.plaudit-media.test/");
    expect((await handle(new Request(out.poster_url))).status).toBe(200);
    const track = (await t.call("GET", "/v1/reels/music", { auth: a.liveKey })).body.data[0];
    expect(track.preview_url).toStartWith("http://cdn.plaudit-media.test/");
    expect((await handle(new Request(track.preview_url))).status).toBe(200);
  }, 20_000);

  test("the dashboard's CSP lets players load images and media from the CDN origin", () => {
    const csp = dashboardCsp(t.deps.config);
    const directive = (name: string) =>
      csp
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? "";
    expect(directive("media-src").split(" ")).toContain("http://cdn.plaudit-media.test");
    expect(directive("img-src").split(" ")).toContain("http://cdn.plaudit-media.test");
  });
});
