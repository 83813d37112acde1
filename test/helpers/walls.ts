/**
 * Wall fixtures over the real API, for `app.handle` tests and for a running server alike: make a brand's wall
 * public, add written testimonials through the capture route and publish them (approve + make public in bulk),
 * and stand-in processed recordings with real files (no ffmpeg run).
 */
import { eq } from "drizzle-orm";
import type { TestApp } from "./app";
import type { Deps } from "../../src/platform/deps";
import { submissions, transcripts } from "../../src/domains/submissions";

/** One API call: method, path (under the base URL), optional JSON body, optional API key. */
export type Api = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: any; headers: Headers }>;

/** An `Api` through `app.handle` with a key. */
export const appApi =
  (t: TestApp, key: string): Api =>
  (method, path, body) =>
    t.call(method, path, { auth: key, body });

/**
 * An `Api` over HTTP against a running server with a key. Each call says it comes from its own address through a
 * proxy (`X-Forwarded-For`), as many respondents behind a reverse proxy would: a server started with
 * `PLAUDIT_TRUSTED_PROXIES=127.0.0.1` then counts each as a different client for the capture limits.
 */
export function httpApi(baseUrl: string, key: string): Api {
  let caller = 0;
  return async (method, path, body) => {
    const from = `198.51.100.${(caller++ % 250) + 1}`;
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        "x-forwarded-for": from,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
}

/** The same wording as helpers/testimonials.ts, so its fake recordings can use these links too. */
const CONSENT = "I agree that my words and recording may be published.";

/** A written testimonial to send. */
export interface Written {
  text: string;
  name: string;
  rating?: number;
  title?: string;
  company?: string;
}

/** A brand of the key's mode with a collect link; `is_public` set as asked. */
export async function wallBrand(
  api: Api,
  opts: { isPublic?: boolean; name?: string } = {},
): Promise<{ id: string; slug: string; wallUrl: string; linkId: string }> {
  const created = opts.name ? await api("POST", "/v1/brands", { name: opts.name }) : null;
  const brand = created?.body ?? (await api("GET", "/v1/brands")).body.data[0];
  if (opts.isPublic !== false)
    expectOk(await api("PATCH", `/v1/brands/${brand.id}`, { is_public: true }), "make the wall public");
  const link = await api("POST", `/v1/brands/${brand.id}/links`, {
    title: "Tell us",
    prompts: [{ text: "How was it?" }],
    consent_text: CONSENT,
    consent_version: "2026-11-01",
  });
  expectOk(link, "create a link");
  return { id: brand.id, slug: brand.slug, wallUrl: brand.public_wall_url, linkId: link.body.id };
}

function expectOk(r: { status: number; body: unknown }, what: string) {
  if (r.status >= 300) throw new Error(`could not ${what}: ${r.status} ${JSON.stringify(r.body)}`);
}

/** Sends written testimonials through the capture route (no credentials); returns their ids in order. */
export async function sendWritten(api: Api, linkId: string, items: Written[]): Promise<string[]> {
  const ids: string[] = [];
  for (const w of items) {
    const r = await api("POST", `/public/links/${linkId}/submissions`, {
      kind: "text",
      respondent: {
        name: w.name,
        ...(w.title ? { title: w.title } : {}),
        ...(w.company ? { company: w.company } : {}),
      },
      consent: { agreed: true, text: CONSENT, version: "2026-11-01" },
      text: w.text,
      ...(w.rating ? { rating: w.rating } : {}),
    });
    expectOk(r, "send a testimonial");
    ids.push(r.body.submission_id);
  }
  return ids;
}

/** Approves and makes public, in bulk, in chunks; `between` runs between chunks (tests move the clock there). */
export async function publish(api: Api, ids: string[], between?: () => void): Promise<void> {
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    for (const action of ["approve", "make_public"]) {
      const r = await api("POST", "/v1/submissions/bulk", { action, ids: chunk });
      expectOk(r, action);
      if (r.body.failed)
        throw new Error(`${action} failed for some: ${JSON.stringify(r.body.results.filter((x: any) => !x.ok))}`);
    }
    between?.();
  }
}

/** `n` varied written testimonials: ratings 1–5 with some missing, and every seventh without a rating. */
export function sampleTestimonials(n: number, prefix = "Customer"): Written[] {
  return Array.from({ length: n }, (_, i) => ({
    text: `${prefix} ${i + 1} says: the team answered within the hour and the rollout took one afternoon instead of a week.`,
    name: `${prefix} ${i + 1}`,
    rating: i % 7 === 6 ? undefined : 5 - (i % 3),
    title: i % 2 ? "Head of Operations" : undefined,
    company: i % 3 ? "Northwind" : undefined,
  }));
}

/** What a processed recording needs on disk: the playable file and a real poster image. */
export interface RecordingFiles {
  kind: "video" | "audio";
  /** Path of an mp4 (video) or m4a/webm (audio) to use as the processed file. */
  file: string;
  /** JPEG bytes of the poster and WebP bytes of the small thumbnail (video only). */
  poster?: Uint8Array;
  thumb?: Uint8Array;
  width?: number;
  height?: number;
  durationMs: number;
  words: string[];
}

/**
 * Sends a recording through the capture route and turns it into a processed one with the given files and a
 * transcript (for pages that must show real media without running ffmpeg); returns its id. Publish it after.
 */
export async function processedRecording(
  api: Api,
  deps: Deps,
  linkId: string,
  name: string,
  files: RecordingFiles,
): Promise<string> {
  const r = await api("POST", `/public/links/${linkId}/submissions`, {
    kind: files.kind,
    respondent: { name },
    consent: { agreed: true, text: CONSENT, version: "2026-11-01" },
    rating: 5,
    upload: { size: 100, type: files.kind === "video" ? "video/mp4" : "audio/webm" },
  });
  expectOk(r, "start a recording");
  const id = r.body.submission_id as string;
  const dir = `submissions/${id}`;
  const main = files.kind === "video" ? `${dir}/video.mp4` : `${dir}/audio.m4a`;
  await deps.storage.write("media", main, await Bun.file(files.file).bytes());
  if (files.poster) await deps.storage.write("media", `${dir}/poster.jpg`, files.poster);
  if (files.thumb) await deps.storage.write("media", `${dir}/thumb.webp`, files.thumb);
  const text = files.words.join(" ");
  deps.db
    .update(submissions)
    .set({
      status: "ready",
      videoKey: files.kind === "video" ? main : null,
      audioKey: files.kind === "audio" ? main : null,
      posterKey: files.poster ? `${dir}/poster.jpg` : null,
      thumbKey: files.thumb ? `${dir}/thumb.webp` : null,
      width: files.width ?? null,
      height: files.height ?? null,
      durationMs: files.durationMs,
      textInput: text,
      textSource: "spoken",
      originalText: text,
      language: "en",
    })
    .where(eq(submissions.id, id))
    .run();
  const step = Math.floor(files.durationMs / Math.max(1, files.words.length));
  const words = files.words.map((w, i) => ({ text: w, start_ms: i * step, end_ms: i * step + Math.floor(step * 0.8) }));
  deps.db
    .insert(transcripts)
    .values({
      submissionId: id,
      engine: "test",
      language: "en",
      words,
      originalWords: words,
      editedAt: null,
      editedBy: null,
      createdAt: deps.clock.now(),
    })
    .run();
  return id;
}

/** A real poster (JPEG, 1280 wide) and thumbnail (WebP, 320 wide) from a frame of a video, made with ffmpeg. */
export function posterImages(video: string): { poster: Uint8Array; thumb: Uint8Array } {
  const frame = (width: number, format: string) => {
    const r = Bun.spawnSync(
      [
        "ffmpeg",
        "-hide_banner",
        "-nostdin",
        "-v",
        "error",
        "-ss",
        "1",
        "-i",
        video,
        "-frames:v",
        "1",
        "-vf",
        `scale=${width}:-2`,
        "-f",
        "image2pipe",
        "-c:v",
        format,
        "-",
      ],
      { stdout: "pipe", stderr: "pipe" },
    );
    if (r.exitCode !== 0)
      throw new Error(`ffmpeg could not make a ${format} frame: ${r.stderr.toString().slice(-500)}`);
    return new Uint8Array(r.stdout);
  };
  return { poster: frame(1280, "mjpeg"), thumb: frame(320, "libwebp") };
}

/** The wall the browser tests look at: 24 testimonials on one page, with recordings, its published media ready. */
export interface Wall24 {
  url: string;
  slug: string;
  writtenIds: string[];
  videoIds: string[];
  audioId: string;
}

/**
 * Builds, on a running server, the live default brand's public wall with 20 written testimonials, 3 videos (a
 * real mp4, poster and thumbnail) and 1 audio, all published; waits until the workers have published the media.
 */
export async function buildWall24(
  server: { url: string; deps: Deps },
  key: string,
  media: { mp4: string; audioWebm: string; videoDurationMs: number; speechText: string },
): Promise<Wall24> {
  const api = httpApi(server.url, key);
  const wall = await wallBrand(api);
  const images = posterImages(media.mp4);
  const words = media.speechText.split(" ");
  const writtenIds = await sendWritten(api, wall.linkId, sampleTestimonials(20));
  const videoIds: string[] = [];
  for (let i = 1; i <= 3; i++) {
    videoIds.push(
      await processedRecording(api, server.deps, wall.linkId, `Video Customer ${i}`, {
        kind: "video",
        file: media.mp4,
        ...images,
        width: 1280,
        height: 720,
        durationMs: media.videoDurationMs,
        words,
      }),
    );
  }
  const audioId = await processedRecording(api, server.deps, wall.linkId, "Audio Customer", {
    kind: "audio",
    file: media.audioWebm,
    durationMs: media.videoDurationMs,
    words,
  });
  await publish(api, [...writtenIds, ...videoIds, audioId]);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const page = await api("GET", `/public/walls/${wall.slug}`);
    const recordings = (page.body?.testimonials ?? []).filter((x: any) => x.kind !== "text");
    if (
      page.body?.testimonials?.length === 24 &&
      recordings.length === 4 &&
      recordings.every((x: any) => x.video_url || x.audio_url)
    )
      break;
    if (Date.now() > deadline)
      throw new Error(`the wall's media were not published in time: ${JSON.stringify(page.body).slice(0, 500)}`);
    await Bun.sleep(200);
  }
  return { url: wall.wallUrl, slug: wall.slug, writtenIds, videoIds, audioId };
}
