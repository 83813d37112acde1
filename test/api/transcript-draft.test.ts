/**
 * Transcript honesty in the API: processing marks a transcript from offline recognition (pocketsphinx) a `draft`
 * (the testimonial's `words_draft`), with the count of words the engine was unsure of; another engine's is not.
 * Correcting the words, or confirming them as they are (`POST …/transcript/confirm`), ends the draft.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink } from "../helpers/testimonials";
import { markReceived } from "../../src/domains/submissions";
import { processSubmission } from "../../src/domains/submissions/jobs";
import type { MediaToolkit, Word } from "../../src/media/toolkit";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

let t: TestApp;
let a: TestOrg;
let linkId: string;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ plan: "core" });
  linkId = (await makeLink(t, a.liveKey)).id;
});
afterAll(() => t.close());

const WORDS: Word[] = [
  { text: "ya", start_ms: 0, end_ms: 300, confidence: 0.2 },
  { text: "was", start_ms: 300, end_ms: 600, confidence: 0.9 },
  { text: "not", start_ms: 600, end_ms: 900, confidence: 0.4 },
  { text: "used", start_ms: 900, end_ms: 1200 },
];

/** The media steps processing takes, writing small files instead of running ffmpeg; speech from `engine`. */
function toolkit(engine: string): MediaToolkit {
  const file = (path: string) => Bun.write(path, "stand-in");
  return {
    ...t.deps.media,
    probe: async () => ({ hasVideo: true, hasAudio: true, durationMs: 1_200, width: 640, height: 360 }),
    transcodeVideo: async (_in, out) => void (await file(out)),
    transcodeAudio: async (_in, out) => void (await file(out)),
    poster: async (_in, _ms, jpg, webp) => {
      await file(jpg);
      await file(webp);
      return { width: 640, height: 360 };
    },
    extractWav: async (_in, out) => void (await file(out)),
    transcribe: async () => ({ engine, language: "en", words: WORDS }),
  };
}

/** A video testimonial received and processed with speech from `engine`; returns its id. */
async function processedBy(engine: string): Promise<string> {
  const r = await t.call("POST", `/public/links/${linkId}/submissions`, {
    body: {
      kind: "video",
      respondent: { name: "Vic Video" },
      consent: { agreed: true, text: "I agree that my words and recording may be published.", version: "2026-11-01" },
      upload: { size: 100, type: "video/webm" },
    },
  });
  const id = r.body.submission_id as string;
  const original = `submissions/${id}/original.webm`;
  await t.deps.storage.write("media", original, "stand-in recording");
  const ctx = { orgId: a.id, mode: "live" as const, actor: { type: "system" as const }, clock: t.clock };
  unitOfWork(t.deps, ctx, (uow) => markReceived(uow, id, original, "video/webm"));
  await processSubmission({ ...t.deps, media: toolkit(engine) }, id);
  return id;
}

const transcript = async (id: string) =>
  (await t.call("GET", `/v1/submissions/${id}/transcript`, { auth: a.liveKey })).body;
const submission = async (id: string) => (await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey })).body;

test("processing marks a pocketsphinx transcript a draft with its unsure words; whisper.cpp's is not a draft", async () => {
  const draft = await processedBy("pocketsphinx");
  expect(await transcript(draft)).toMatchObject({
    engine: "pocketsphinx",
    draft: true,
    unsure_words: 2,
    edited: false,
  });
  expect((await transcript(draft)).words[0].confidence).toBe(0.2);
  expect(await submission(draft)).toMatchObject({ status: "ready", words_draft: true, hide_words: false });

  const checked = await processedBy("whisper.cpp");
  expect(await transcript(checked)).toMatchObject({ draft: false, unsure_words: 2 });
  expect((await submission(checked)).words_draft).toBe(false);
});

test("confirming the words as they are ends the draft once, audited; the words stay as they were", async () => {
  const id = await processedBy("pocketsphinx");
  const confirmed = await t.call("POST", `/v1/submissions/${id}/transcript/confirm`, { auth: a.liveKey });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body).toMatchObject({ draft: false, edited: false, text: "ya was not used" });
  expect((await submission(id)).words_draft).toBe(false);
  // Again: nothing to change, same answer.
  const again = await t.call("POST", `/v1/submissions/${id}/transcript/confirm`, { auth: a.liveKey });
  expect(again.body).toMatchObject({ draft: false });
  const log = await t.call("GET", "/v1/audit-log?limit=100", { auth: a.owner });
  expect(log.body.data.filter((e: any) => e.action === "transcript.confirmed" && e.target_id === id)).toHaveLength(1);
});

test("a written testimonial has no transcript to confirm (409); a read-only key may not confirm (403)", async () => {
  const written = (
    await t.call("POST", `/public/links/${linkId}/submissions`, {
      body: {
        kind: "text",
        respondent: { name: "Robin Writer" },
        consent: { agreed: true, text: "I agree that my words and recording may be published.", version: "2026-11-01" },
        text: "Typed words are the respondent's own and need no check.",
      },
    })
  ).body.submission_id;
  const r = await t.call("POST", `/v1/submissions/${written}/transcript/confirm`, { auth: a.liveKey });
  expect([r.status, r.body.error.code]).toEqual([409, "no_transcript"]);
  const id = await processedBy("pocketsphinx");
  const ro = await t.call("POST", `/v1/submissions/${id}/transcript/confirm`, {
    auth: a.key("live", ["submissions:read"]),
  });
  expect(ro.status).toBe(403);
  expect((await submission(id)).words_draft).toBe(true);
});
