/**
 * Transcript honesty in the API: a transcript from offline recognition (pocketsphinx) that nobody corrected is a
 * `draft`, with the count of words the engine was unsure of; a corrected one, or one from another engine, is not.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { fakeProcessedVideo, makeLink } from "../helpers/testimonials";
import { transcripts } from "../../src/domains/submissions";

let t: TestApp;
let a: TestOrg;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ plan: "core" });
});
afterAll(() => t.close());

test("an uncorrected pocketsphinx transcript is a draft and counts its unsure words; other engines and corrections are not", async () => {
  const link = await makeLink(t, a.liveKey);
  const id = await fakeProcessedVideo(t, a, link.id, ["ya", "was", "not", "used"]);
  const words = [
    { text: "ya", start_ms: 0, end_ms: 300, confidence: 0.2 },
    { text: "was", start_ms: 300, end_ms: 600, confidence: 0.9 },
    { text: "not", start_ms: 600, end_ms: 900, confidence: 0.4 },
    { text: "used", start_ms: 900, end_ms: 1200 },
  ];
  t.deps.db
    .update(transcripts)
    .set({ engine: "pocketsphinx", words, originalWords: words })
    .where(eq(transcripts.submissionId, id))
    .run();
  const draft = (await t.call("GET", `/v1/submissions/${id}/transcript`, { auth: a.liveKey })).body;
  expect(draft).toMatchObject({ engine: "pocketsphinx", draft: true, unsure_words: 2, edited: false });
  expect(draft.words[0].confidence).toBe(0.2);

  t.deps.db.update(transcripts).set({ engine: "whisper.cpp" }).where(eq(transcripts.submissionId, id)).run();
  expect((await t.call("GET", `/v1/submissions/${id}/transcript`, { auth: a.liveKey })).body).toMatchObject({
    draft: false,
    unsure_words: 2,
  });

  t.deps.db
    .update(transcripts)
    .set({ engine: "pocketsphinx", editedAt: t.clock.now(), editedBy: "Olive" })
    .where(eq(transcripts.submissionId, id))
    .run();
  expect((await t.call("GET", `/v1/submissions/${id}/transcript`, { auth: a.liveKey })).body).toMatchObject({
    draft: false,
    unsure_words: 0,
    edited: true,
  });
});
