/**
 * Makes testimonials for API tests without a browser: written ones through the real capture route, and
 * "processed recordings" by writing small files and a `ready` row directly (for moderation and publication tests
 * that do not need ffmpeg).
 */
import { eq } from "drizzle-orm";
import type { TestApp, TestOrg } from "./app";
import { submissions, transcripts } from "../../src/domains/submissions";

const consent = "I agree that my words and recording may be published.";

/** A collect link in the org's mode of the key. */
export async function makeLink(t: TestApp, auth: string): Promise<{ id: string; brandId: string }> {
  const brandId = (await t.call("GET", "/v1/brands", { auth })).body.data[0].id;
  const link = (
    await t.call("POST", `/v1/brands/${brandId}/links`, {
      auth,
      body: {
        title: "Tell us",
        prompts: [{ text: "How was it?" }],
        consent_text: consent,
        consent_version: "2026-11-01",
      },
    })
  ).body;
  return { id: link.id, brandId };
}

/** A written testimonial through the capture route; returns its id. */
export async function writeTestimonial(
  t: TestApp,
  linkId: string,
  text: string,
  respondent: Record<string, unknown> = { name: "Robin Writer" },
  rating?: number,
): Promise<string> {
  const r = await t.call("POST", `/public/links/${linkId}/submissions`, {
    body: { kind: "text", respondent, consent: { agreed: true, text: consent, version: "2026-11-01" }, text, rating },
  });
  if (r.status !== 201) throw new Error(`capture failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.submission_id;
}

/** Turns an uploading video testimonial into a processed one with small stand-in files and a transcript. */
export async function fakeProcessedVideo(
  t: TestApp,
  org: TestOrg,
  linkId: string,
  words = ["Plaudit", "changed", "everything", "for", "us"],
): Promise<string> {
  const r = await t.call("POST", `/public/links/${linkId}/submissions`, {
    body: {
      kind: "video",
      respondent: { name: "Vic Video" },
      consent: { agreed: true, text: consent, version: "2026-11-01" },
      upload: { size: 100, type: "video/webm" },
    },
  });
  const id = r.body.submission_id as string;
  const dir = `submissions/${id}`;
  for (const [name, bytes] of [
    ["video.mp4", "mp4"],
    ["poster.jpg", "jpg"],
    ["thumb.webp", "webp"],
    ["original.webm", "webm"],
  ] as const) {
    await t.deps.storage.write("media", `${dir}/${name}`, `fake ${bytes} of ${id}`);
  }
  const timed = words.map((w, i) => ({ text: w, start_ms: i * 400, end_ms: i * 400 + 350 }));
  t.deps.db
    .update(submissions)
    .set({
      status: "ready",
      videoKey: `${dir}/video.mp4`,
      posterKey: `${dir}/poster.jpg`,
      thumbKey: `${dir}/thumb.webp`,
      originalKey: `${dir}/original.webm`,
      durationMs: words.length * 400,
      textInput: words.join(" "),
      textSource: "spoken",
      originalText: words.join(" "),
    })
    .where(eq(submissions.id, id))
    .run();
  t.deps.db
    .insert(transcripts)
    .values({
      submissionId: id,
      engine: "test",
      language: "en",
      words: timed,
      originalWords: timed,
      editedAt: null,
      editedBy: null,
      createdAt: t.clock.now(),
    })
    .run();
  void org;
  return id;
}
