/**
 * Makes testimonials for API tests without a browser: written ones through the real capture route, and
 * "processed recordings" by writing small files and a `ready` row directly (for moderation and publication tests
 * that do not need ffmpeg).
 */
import { eq } from "drizzle-orm";
import type { Session, TestApp, TestOrg } from "./app";
import { markReceived, submissions, transcripts } from "../../src/domains/submissions";
import { unitOfWork } from "../../src/platform/db/unit-of-work";
import type { Mode } from "../../src/platform/context";

const consent = "I agree that my words and recording may be published.";

/** A collect link in the org's mode of the key. */
export async function makeLink(t: TestApp, auth: string | Session): Promise<{ id: string; brandId: string }> {
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

/** How a stand-in video testimonial is made (see `fakeProcessedVideo`). */
export interface StandInVideo {
  /** Who sent it; default "Vic Video" without an email. */
  respondent?: { name: string; email?: string };
  /** Mark it received first (`markReceived`: the `submission.created` event and the thank-you/removal mail), in this mode. */
  received?: Mode;
  /** The bytes of each stand-in file; default "fake <ext> of <id>". */
  fileText?: (file: string, id: string) => string;
}

/**
 * Turns an uploading video testimonial into a processed one with small stand-in files and a transcript of `words`
 * (400 ms a word), without ffmpeg. With `received`, it is first marked received as a finished upload would be.
 */
export async function fakeProcessedVideo(
  t: TestApp,
  org: TestOrg,
  linkId: string,
  words = ["Plaudit", "changed", "everything", "for", "us"],
  opts: StandInVideo = {},
): Promise<string> {
  const r = await t.call("POST", `/public/links/${linkId}/submissions`, {
    body: {
      kind: "video",
      respondent: opts.respondent ?? { name: "Vic Video" },
      consent: { agreed: true, text: consent, version: "2026-11-01" },
      upload: { size: 100, type: "video/webm" },
    },
  });
  if (r.status !== 201) throw new Error(`capture failed: ${r.status} ${JSON.stringify(r.body)}`);
  const id = r.body.submission_id as string;
  const dir = `submissions/${id}`;
  const fileText = opts.fileText ?? ((file: string) => `fake ${file.split(".").pop()} of ${id}`);
  for (const file of ["video.mp4", "poster.jpg", "thumb.webp", "original.webm"])
    await t.deps.storage.write("media", `${dir}/${file}`, fileText(file, id));
  if (opts.received) {
    const ctx = { orgId: org.id, mode: opts.received, actor: { type: "system" as const }, clock: t.clock };
    unitOfWork(t.deps, ctx, (uow) => markReceived(uow, id, `${dir}/original.webm`, "video/webm"));
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
  return id;
}
