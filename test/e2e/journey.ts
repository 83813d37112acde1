/**
 * The whole journey, once per storage (test/e2e/journey.test.ts: files in the data directory;
 * test/e2e/journey-s3.test.ts: files in an S3-protocol bucket, s3rver), against the executable users run
 * (`dist/plaudit`, built fresh by the test run, started from a temporary working directory, see
 * test/helpers/server.ts), with every outside party real: a respondent records a video on the capture page in
 * Chromium (fake camera and microphone: espeak-ng speech), the box processes it (sniff, probe, transcode, poster,
 * pocketsphinx transcript), the owner approves and publishes it, a widget shows it on a customer's page on another
 * origin, the public wall shows it, a reel renders (in 9:16, 1:1 and 16:9; on S3 in 9:16), every webhook arrives at
 * an https receiver and verifies with Stripe's library, the removal email arrives over SMTP, the respondent removes the
 * testimonial, and the erasure leaves no trace of them in the data directory (and, on S3, no object of theirs in
 * the bucket and no media file on the box's disk). On S3 the bucket itself is the CDN address (`PLAUDIT_CDN_URL`
 * at its public prefix, with the CORS rule of docs/scaling.md; the box's own `/cdn` answers the signed private
 * files): the widget, the wall's media and the widget document come from the bucket. Each step's time is printed
 * at the end.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import Stripe from "stripe";
import type { Browser } from "playwright-core";
import { launchChromium, visit } from "../helpers/browser";
import { startServer, MISSING_MODULE, type RunningServer } from "../helpers/server";
import { describingPage, fillAndSend, openCapturePage, record, sentId, stepTo } from "../helpers/capture-page";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";
import { mailText, startMailSink, type MailSink } from "../helpers/smtp";
import { asWrittenAndLower, findInFiles } from "../helpers/data-search";
import { makeCert, startReceiver, type Receiver } from "../integration/webhooks-receiver";

import { startS3, type S3Server } from "../helpers/s3";
const PERSON = {
  name: "Juniper Quillfeather",
  email: "juniper.quillfeather@example.org",
  title: "Director of Zanzibar Logistics",
};
const CONSENT = "I agree that Acme may publish my words, name, likeness and recording on its website and social media.";
const stripe = new Stripe("sk_test_unused");

/** Where the journey keeps its files. */
export type JourneyStorage = "local" | "s3";

/** Files under `dir`, relative, sorted (empty when it is missing). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out.sort();
}

/** Declares the journey's tests with files kept in `storage`. */
export function journey(storage: JourneyStorage): void {
  describe(`journey with files on ${storage === "s3" ? "S3 (s3rver)" : "the local data directory"}`, () => {
    let server: RunningServer;
    let browser: Browser;
    let rx: Receiver;
    let sink: MailSink;
    let customerSite: ReturnType<typeof Bun.serve>;
    let s3: S3Server | null = null;
    let key = "";
    let secret = "";
    /** The CDN address: the box's `/cdn`, or on S3 the bucket's own address of the public area. */
    let cdn = "";
    /** Public copies of the testimonial's media (`m/<token>/`), kept to check they are gone after the erasure. */
    const publicDirs = new Set<string>();
    const timings: [string, number][] = [];
    const state = {
      brandId: "",
      slug: "",
      linkUrl: "",
      submissionId: "",
      reelId: "",
      widgetSnippet: "",
      documentUrl: "",
    };

    /** Runs one step of the journey and keeps its time. */
    async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
      const started = performance.now();
      try {
        return await fn();
      } finally {
        timings.push([name, performance.now() - started]);
      }
    }

    async function api(method: string, path: string, body?: unknown) {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    }

    async function ok(method: string, path: string, body?: unknown) {
      const r = await api(method, path, body);
      if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    }

    async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
      const end = Date.now() + ms;
      for (;;) {
        const v = await probe();
        if (v) return v;
        if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
        await Bun.sleep(250);
      }
    }

    /** Files under `dir` that hold any of the needles (as written or lower-cased). */

    beforeAll(async () => {
      const media = ensureMediaFixtures();
      const cert = makeCert(["localhost"], []);
      rx = startReceiver(cert);
      const caFile = join(mkdtempSync(join(tmpdir(), "plaudit-ca-")), "ca.pem");
      writeFileSync(caFile, cert.cert);
      sink = await startMailSink();
      if (storage === "s3") s3 = await startS3("plaudit-journey", { cors: true });
      const bucket = s3;
      server = await step("start dist/plaudit (org create, serve, first answer)", () =>
        startServer({
          env: (url) => ({
            PLAUDIT_SMTP_URL: sink.url,
            PLAUDIT_WEBHOOKS_ALLOW_PRIVATE: "1",
            NODE_EXTRA_CA_CERTS: caFile,
            // On S3 the bucket is the CDN address; signed private files stay on the box's own /cdn.
            ...(bucket ? { PLAUDIT_CDN_URL: bucket.publicUrl("box-1"), PLAUDIT_CDN_ORIGIN_URL: `${url}/cdn` } : {}),
          }),
          storage: bucket?.env("box-1"),
        }),
      );
      cdn = bucket ? bucket.publicUrl("box-1") : `${server.url}/cdn`;
      expect(server.deps.storage.blobs.kind).toBe(storage);
      key = await server.createKey("live");
      browser = await launchChromium([
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        `--use-file-for-fake-video-capture=${media.fakeCameraY4m}`,
        `--use-file-for-fake-audio-capture=${media.fakeMicWav}`,
      ]);
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      customerSite?.stop(true);
      rx?.stop();
      await sink?.stop();
      await server?.stop();
      await s3?.stop();
      if (timings.length) {
        const width = Math.max(...timings.map(([n]) => n.length));
        console.log(
          [
            "",
            `Journey against dist/plaudit, files on ${storage === "s3" ? "S3 (s3rver)" : "the local data directory"}, step by step:`,
            ...timings.map(([n, ms]) => `  ${n.padEnd(width)}  ${(ms / 1000).toFixed(1).padStart(6)} s`),
            "",
          ].join("\n"),
        );
      }
    });

    test("a webhook endpoint and a collect link", async () => {
      const endpoint = await ok("POST", "/v1/webhooks", {
        url: rx.url("/journey", "localhost"),
        events: ["submission.created", "submission.ready", "submission.approved", "reel.ready"],
      });
      secret = endpoint.secret;
      expect(secret).toStartWith("whsec_");
      const brand = (await ok("GET", "/v1/brands")).data[0];
      state.brandId = brand.id;
      state.slug = brand.slug;
      const link = await ok("POST", `/v1/brands/${brand.id}/links`, {
        title: "Tell us about Acme",
        prompts: [{ text: "What changed for your team?", max_seconds: 30 }],
        consent_text: CONSENT,
        consent_version: "2026-11-01",
      });
      state.linkUrl = link.url;
    }, 30_000);

    test("a video recorded on the capture page in Chromium is processed by the executable: media, poster, transcript", async () => {
      const { page, problems } = await openCapturePage(browser, server.url);
      const id = await step("capture: record 7 s of video in Chromium and send it", () =>
        describingPage(page, problems, async () => {
          await visit(page, state.linkUrl);
          await page.getByRole("heading", { name: "Tell us about Acme", level: 1 }).waitFor();
          await page.getByRole("radio", { name: /^Video/ }).check();
          await record(page, 7000);
          // On a phone the form is steps: on to "About you".
          await stepTo(page, page.getByLabel("Email"));
          await page.getByLabel("Email").fill(PERSON.email);
          await page.getByLabel("Job title").fill(PERSON.title);
          await fillAndSend(page, PERSON.name);
          return sentId(page, PERSON.name);
        }),
      );
      state.submissionId = id;
      const detail = await step("processing: sniff, probe, transcode, poster, transcript", () =>
        until(
          "processing",
          async () => {
            const d = (await api("GET", `/v1/submissions/${id}`)).body;
            return d.status === "ready" || d.status === "failed" ? d : null;
          },
          120_000,
        ),
      );
      expect(detail.status, `processing ended as ${detail.status}: ${detail.failure_reason}`).toBe("ready");
      expect(detail).toMatchObject({ kind: "video", respondent_name: PERSON.name, respondent_email: PERSON.email });
      expect(detail.duration_ms).toBeGreaterThan(5000);
      expect(detail.media.poster?.url).toBeTruthy();
      expect(detail.media.video?.url).toBeTruthy();
      expect(detail.transcript.words.length).toBeGreaterThan(3);
      // The processed recording really is an H.264 MP4 that plays.
      const video = await fetch(detail.media.video.url);
      expect(video.status).toBe(200);
      expect(
        Buffer.from(await video.arrayBuffer())
          .subarray(4, 8)
          .toString("latin1"),
      ).toBe("ftyp");
      const poster = await fetch(detail.media.poster.url);
      expect(poster.headers.get("content-type")).toContain("image/");
      // A range request (how a browser's video player asks) gets exactly the bytes asked for, from either storage.
      const range = await fetch(detail.media.video.url, { headers: { range: "bytes=4-7" } });
      expect(range.status).toBe(206);
      expect(Buffer.from(await range.arrayBuffer()).toString("latin1")).toBe("ftyp");
      expect(problems).toEqual([]);
      await page.context().close();
    }, 200_000);

    test("approved and made public: a widget on a customer's page on another origin shows it", async () => {
      const id = state.submissionId;
      await step("approve and publish", async () => {
        // Offline recognition makes a draft nobody checked: the team checks the words before they go public.
        if ((await ok("GET", `/v1/submissions/${id}`)).words_draft)
          await ok("POST", `/v1/submissions/${id}/transcript/confirm`);
        await ok("POST", `/v1/submissions/${id}/approve`);
        await ok("POST", `/v1/submissions/${id}/visibility`, { is_public: true });
      });
      const widget = await ok("POST", "/v1/widgets", { brand_id: state.brandId, layout: "wall", theme: "light" });
      state.documentUrl = widget.document_url;
      expect(widget.document_url).toStartWith(`${cdn}/widgets/`);
      expect(widget.snippet).toContain(`src="${cdn}/widget.js"`);
      await step("widget: document published with the testimonial", () =>
        until(
          "the widget document",
          async () => {
            const res = await fetch(widget.document_url);
            return res.status === 200 && (await res.text()).includes(PERSON.name);
          },
          30_000,
        ),
      );
      customerSite = Bun.serve({
        port: 0,
        hostname: "localhost",
        fetch: () =>
          new Response(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Customers</title></head><body><main><h1>What our customers say</h1>${widget.snippet}</main></body></html>`,
            { headers: { "content-type": "text/html; charset=utf-8" } },
          ),
      });
      const origin = `http://localhost:${customerSite.port}`;
      expect(new URL(origin).origin).not.toBe(new URL(server.url).origin);
      const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
      const page = await context.newPage();
      const problems: string[] = [];
      const requests: string[] = [];
      page.on("pageerror", (e) => problems.push(e.message));
      page.on("request", (r) => requests.push(r.url()));
      await step("widget: drawn on the customer's page in Chromium", async () => {
        await page.goto(origin);
        await page
          .locator(`div[data-svc-widget="${widget.id}"] article`)
          .filter({ hasText: PERSON.name })
          .waitFor({ timeout: 20_000 });
      });
      expect(
        await page.getByRole("button", { name: new RegExp(`Play video testimonial from ${PERSON.name}`) }).count(),
      ).toBe(1);
      expect(await context.cookies()).toEqual([]);
      expect(problems).toEqual([]);
      // After the page itself, every request goes to the CDN address (the bucket, on S3).
      await page.waitForLoadState("networkidle");
      expect(requests.slice(1).filter((u) => !u.startsWith(`${new URL(cdn).origin}/`))).toEqual([]);
      expect(requests).toContain(`${cdn}/widget.js`);
      await context.close();
    }, 90_000);

    test("the public wall shows it", async () => {
      await ok("PATCH", `/v1/brands/${state.brandId}`, { is_public: true });
      const brand = await ok("GET", `/v1/brands/${state.brandId}`);
      const html = await step("wall: page and its JSON show the testimonial", () =>
        until(
          "the wall",
          async () => {
            const res = await fetch(brand.public_wall_url);
            const text = await res.text();
            return res.status === 200 && text.includes(PERSON.name) ? text : null;
          },
          30_000,
        ),
      );
      expect(html).toContain(PERSON.title);
      const page = await ok("GET", `/public/walls/${state.slug}`);
      expect(JSON.stringify(page)).toContain(state.submissionId);
      // The published media (public copies under the CDN address) are served from the storage, ranges included.
      const item = page.testimonials.find((t: { id: string }) => t.id === state.submissionId);
      for (const [u, type] of [
        [item.video_url, "video/mp4"],
        [item.poster_url, "image/jpeg"],
      ] as [string, string][]) {
        expect(u, JSON.stringify(item)).toStartWith(`${cdn}/`);
        publicDirs.add(/\/(m\/[^/]+)\//.exec(u)![1]!);
        const res = await fetch(u);
        expect([u, res.status, res.headers.get("content-type")]).toEqual([u, 200, type]);
        await res.arrayBuffer();
      }
      const range = await fetch(item.video_url, { headers: { range: "bytes=4-7" } });
      expect(range.status).toBe(206);
      expect(Buffer.from(await range.arrayBuffer()).toString("latin1")).toBe("ftyp");
    }, 60_000);

    // The three sizes once (files in the data directory); with S3 one size shows the render's files go to the
    // bucket and come back through the CDN (a render of three sizes is most of a minute of both cores).
    const ratios = storage === "s3" ? ["9:16"] : ["9:16", "1:1", "16:9"];
    test(`a reel renders in ${ratios.join(", ")} with captions`, async () => {
      const reel = await ok("POST", "/v1/reels", {
        brand_id: state.brandId,
        submission_ids: [state.submissionId],
        mode: "auto",
        config: { aspect_ratios: ratios },
      });
      state.reelId = reel.id;
      expect(reel.clips.length).toBe(1);
      const done = await step(`reel: render in ${ratios.length} size(s)`, async () => {
        const r = await api("POST", `/v1/reels/${reel.id}/render`);
        if (r.status !== 202)
          throw new Error(`render answered ${r.status}: ${JSON.stringify(r.body)}; the reel: ${JSON.stringify(reel)}`);
        return until(
          "the render",
          async () => {
            const now = await ok("GET", `/v1/reels/${reel.id}`);
            if (now.render?.error_message) throw new Error(`render failed: ${now.render.error_message}`);
            return now.output?.variants?.length === ratios.length ? now : null;
          },
          240_000,
        );
      });
      const sizes: Record<string, string> = {};
      for (const v of done.output.variants) {
        const file = join(mkdtempSync(join(tmpdir(), "plaudit-reel-")), "reel.mp4");
        writeFileSync(file, Buffer.from(await (await fetch(v.url)).arrayBuffer()));
        const probe = Bun.spawnSync([
          "ffprobe",
          "-v",
          "error",
          "-select_streams",
          "v:0",
          "-show_entries",
          "stream=width,height",
          "-of",
          "csv=p=0",
          file,
        ]);
        sizes[v.aspect_ratio] = probe.stdout.toString().trim();
      }
      const all: Record<string, string> = { "9:16": "1080,1920", "1:1": "1080,1080", "16:9": "1920,1080" };
      expect(sizes).toEqual(Object.fromEntries(ratios.map((r) => [r, all[r]!])));
      const vtt = await (await fetch(done.output.captions_download_url)).text();
      expect(vtt).toStartWith("WEBVTT");
    }, 300_000);

    test("every webhook arrived and verifies with Stripe's library", async () => {
      const wanted = ["submission.created", "submission.ready", "submission.approved", "reel.ready"];
      await step("webhooks: all four events delivered", () =>
        until(
          "the webhooks",
          async () => wanted.every((t) => rx.requests.some((r) => JSON.parse(r.body).type === t)),
          30_000,
        ),
      );
      for (const req of rx.requests) {
        const event = await stripe.webhooks.constructEventAsync(req.body, req.headers["x-signature"]!, secret);
        expect(wanted).toContain(event.type);
      }
      const ready = rx.requests.map((r) => JSON.parse(r.body)).find((e) => e.type === "submission.ready");
      expect(ready.data.id).toBe(state.submissionId);
    }, 60_000);

    test("an export holds it (a JSON file in the storage, downloaded through its signed address)", async () => {
      const created = await ok("POST", "/v1/exports", { format: "json" });
      const done = await step("export: JSON file built and downloaded", async () => {
        const e = await until(
          "the export",
          async () => {
            const now = await ok("GET", `/v1/exports/${created.id}`);
            return now.status === "ready" ? now : null;
          },
          60_000,
        );
        return await (await fetch(e.download_url)).text();
      });
      expect(done).toContain(PERSON.name);
      if (s3) {
        // Before the removal the bucket holds the testimonial's objects (so the erasure check below is not vacuous).
        const keys = await s3.keys();
        expect(keys.filter((k) => k.includes(state.submissionId)).length).toBeGreaterThan(2);
        expect(keys.some((k) => k.includes(`/reels/${state.reelId}/`))).toBe(true);
        expect(keys.some((k) => [...publicDirs].some((d) => k.includes(`/${d}/`)))).toBe(true);
        expect(keys.some((k) => k.includes("/media/exports/"))).toBe(true);
        expect(existsSync(join(server.dataDir, "media"))).toBe(false);
      }
    }, 90_000);

    test("the respondent removes it with the link from their email; the erasure leaves no trace", async () => {
      const removalUrl = await step("removal: email arrives over SMTP", () =>
        until(
          "the removal email",
          async () => {
            const m = sink.received.find((x) => x.to.includes(PERSON.email));
            const text = m && mailText(m.raw);
            return text ? /(http\S+\/remove\/[A-Za-z0-9_-]+)/.exec(text)?.[1] : null;
          },
          30_000,
        ),
      );
      // The search must see the person before the removal, or finding nothing afterwards would prove nothing.
      expect(findInFiles(server.dataDir, asWrittenAndLower([PERSON.name])).length).toBeGreaterThan(0);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await step("removal: confirmed on the removal page in Chromium", async () => {
        await page.goto(removalUrl);
        await page.getByRole("button", { name: "Yes, remove my testimonial" }).click();
        await page.getByRole("heading", { name: "Your testimonial has been removed" }).waitFor({ timeout: 20_000 });
      });
      await context.close();
      expect((await api("GET", `/v1/submissions/${state.submissionId}`)).status).toBe(404);
      const words = [PERSON.name, PERSON.email, PERSON.title];
      await step("erasure: nothing of the respondent left in the data directory", () =>
        until(
          "the erasure",
          async () => {
            const widgetDoc = await (await fetch(state.documentUrl)).text();
            return (
              !widgetDoc.includes(PERSON.name) && findInFiles(server.dataDir, asWrittenAndLower(words)).length === 0
            );
          },
          60_000,
        ).catch((e) => {
          throw new Error(
            `${e.message}; still found: ${findInFiles(server.dataDir, asWrittenAndLower(words)).join("; ")}`,
          );
        }),
      );
      const reel = await ok("GET", `/v1/reels/${state.reelId}`);
      expect(reel.clips).toEqual([]);
      expect(reel.output).toBeNull();
      const wall = await (await fetch(`${server.url}/b/${state.slug}`)).text();
      expect(wall).not.toContain(PERSON.name);
      if (s3) {
        const bucket = s3;
        // The bucket: no object of the testimonial (its folder, its public copies, the reel's renders and shared
        // copies) is left, and no object that is left holds the respondent's words.
        const leftovers = async () => {
          const keys = await bucket.keys();
          const theirs = keys.filter(
            (k) =>
              k.includes(state.submissionId) ||
              k.includes(`/reels/${state.reelId}/`) ||
              [...publicDirs].some((d) => k.includes(`/${d}/`)),
          );
          const holding: string[] = [];
          for (const k of keys) {
            const text = Buffer.from(await bucket.client().file(k).arrayBuffer());
            if (words.some((w) => text.includes(Buffer.from(w)) || text.includes(Buffer.from(w.toLowerCase()))))
              holding.push(k);
          }
          return { keys, theirs, holding };
        };
        const left = await step("erasure: no object of the testimonial left in the bucket", () =>
          until(
            "the bucket to be cleared",
            async () => {
              const l = await leftovers();
              return l.theirs.length === 0 && l.holding.length === 0 ? l : null;
            },
            30_000,
          ).catch(async (e) => {
            const l = await leftovers();
            throw new Error(
              `${e.message}; objects of the testimonial: ${l.theirs.join(", ")}; holding their words: ${l.holding.join(", ")}`,
            );
          }),
        );
        expect(publicDirs.size).toBeGreaterThan(0);
        // Sanity: the bucket is where the files went (the widget document and the brand's files are still there).
        expect(left.keys.some((k) => k.startsWith("box-1/public/"))).toBe(true);
        // The box's own disk holds no media: the database, its secret and native libraries; tmp/ ends empty.
        const local = filesUnder(server.dataDir).filter(
          (f) => !/^plaudit\.db(-wal|-shm)?$/.test(f) && f !== "secret.key" && !f.startsWith("runtime/"),
        );
        expect(local).toEqual([]);
        expect(existsSync(join(server.dataDir, "media"))).toBe(false);
        expect(existsSync(join(server.dataDir, "public"))).toBe(false);
      }
    }, 120_000);

    test("the executable never reached a module it does not contain", () => {
      expect(server.log().match(MISSING_MODULE)).toBeNull();
    }, 10_000);
  });
}
