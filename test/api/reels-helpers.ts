/**
 * What the reel API tests share: processed video testimonials with known words (no ffmpeg), and a fast fake
 * renderer that walks the real stages and checkpoints and writes small stand-in files, so the feature's rules
 * (progress, pausing, the time limit, output, sharing, erasure) are tested without encoding video.
 */
import { eq } from "drizzle-orm";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestApp, TestOrg } from "../helpers/app";
import { fakeProcessedVideo } from "../helpers/testimonials";
import { transcripts, submissions } from "../../src/domains/submissions";
import { reelVtt } from "../../src/media/reel/captions";
import { MediaError } from "../../src/media/errors";
import { OUT_OF_TIME } from "../../src/media/reel/pipeline";
import {
  aspectSlug,
  CARD_MS,
  FRAME,
  type ReelRenderer,
  type RenderHooks,
  type ReelPlan,
  type Segment,
} from "../../src/media/reel/types";

/** Sentences for transcripts: words 400 ms apart, each lasting 350 ms. */
export const SENTENCES = [
  "We love this product.",
  "Support answered within minutes and fixed everything.",
  "The onboarding was terrible before we switched.",
  "Now our whole team saves hours every single week.",
];

/** A processed video testimonial whose transcript is `text`'s words (400 ms apart); returns its id and words. */
export async function video(t: TestApp, org: TestOrg, linkId: string, text = SENTENCES.join(" ")) {
  const words = text.split(/\s+/).filter(Boolean);
  const id = await fakeProcessedVideo(t, org, linkId, words);
  const timed = t.deps.db.select().from(transcripts).where(eq(transcripts.submissionId, id)).get()!.words;
  return { id, words: timed };
}

/** Marks a testimonial's status (e.g. `processing`) directly. */
export const setStatus = (t: TestApp, id: string, patch: Partial<typeof submissions.$inferInsert>) =>
  t.deps.db.update(submissions).set(patch).where(eq(submissions.id, id)).run();

/** What the fake renderer does at each step, for tests that steer it. */
export interface FakeOptions {
  /** Called after each clip is "cut" (e.g. to enqueue a new testimonial or move the clock). */
  afterClip?: (index: number) => void | Promise<void>;
  /** Throw this from the first step. */
  fail?: Error;
}

/** A renderer that writes small stand-in files but keeps the real stages, checkpoints and time checks. */
export function fakeRenderer(opts: FakeOptions = {}): ReelRenderer & { runs: number } {
  const r = {
    runs: 0,
    async render(plan: ReelPlan, hooks: RenderHooks) {
      r.runs++;
      const dir = plan.workDir;
      mkdirSync(dir, { recursive: true });
      const limit = () => {
        if (hooks.timeLeftMs() <= 0) throw new MediaError("timeout", OUT_OF_TIME);
      };
      if (opts.fail) throw opts.fail;
      const segments: Segment[] = [];
      let at = 0;
      if (plan.intro) segments.push({ kind: "intro", start_ms: at, duration_ms: CARD_MS.intro }), (at += CARD_MS.intro);
      for (const [i, c] of plan.clips.entries()) {
        limit();
        hooks.stage("cutting", i, plan.clips.length);
        hooks.progress?.(0.5);
        segments.push({
          kind: "clip",
          start_ms: at,
          duration_ms: c.endMs - c.startMs,
          clip_index: i,
          pad_before_ms: 0,
          pad_after_ms: 0,
        });
        at += c.endMs - c.startMs;
        await opts.afterClip?.(i);
        const answer = await hooks.checkpoint();
        if (answer === "yield") return { kind: "yielded" as const };
        if (answer === "cancel") return { kind: "cancelled" as const };
      }
      if (plan.outro) segments.push({ kind: "outro", start_ms: at, duration_ms: CARD_MS.outro }), (at += CARD_MS.outro);
      hooks.stage("music", 0, 1);
      hooks.stage("captions", 0, 1);
      const captionsFile = join(dir, "captions.vtt");
      writeFileSync(captionsFile, reelVtt(plan.clips, segments));
      const variants = plan.aspects.map((aspect, k) => {
        limit();
        hooks.stage("rendering", k, plan.aspects.length);
        const file = join(dir, `reel-${aspectSlug(aspect)}.mp4`);
        writeFileSync(file, `fake ${aspect} reel of ${plan.clips.length} clips`);
        return { aspect, file, width: FRAME[aspect].w, height: FRAME[aspect].h };
      });
      const posters = plan.aspects.map((aspect) => {
        const file = join(dir, `poster-${aspectSlug(aspect)}.jpg`);
        writeFileSync(file, `fake ${aspect} poster`);
        return { aspect, file };
      });
      return {
        kind: "done" as const,
        reel: { variants, posterFile: posters[0]!.file, posters, captionsFile, durationMs: at, segments },
      };
    },
  };
  return r;
}
