/** Shapes of reels as the API answers them (the server's response schemas), and words for people. */
import type { Clip, Submission, Word } from "../types";
import { t } from "../i18n";

/** A frame shape. */
export type Aspect = "9:16" | "1:1" | "16:9";
/** Every frame shape, in the order renders make them. */
export const ASPECTS: Aspect[] = ["9:16", "1:1", "16:9"];
/** What each shape is for. */
export const ASPECT_LABELS: Record<Aspect, string> = {
  "9:16": t("reels.types.aspect_9x16"),
  "1:1": t("reels.types.aspect_1x1"),
  "16:9": t("reels.types.aspect_16x9"),
};

export type { Clip, Estimate, Output, Reel, ReelConfig, RenderState, Share, Track, Word } from "../types";

/** A testimonial as the editor needs it: who, how long, the words with their times, and its media to play. */
export type Testimonial = Pick<
  Submission,
  "id" | "respondent_name" | "kind" | "status" | "duration_ms" | "rejected_at" | "text_input"
> & {
  transcript?: { words: Word[] } | null;
  /** Signed addresses of its processed media (the detail answer's), for the editor's players. */
  media?: Record<string, { url: string } | undefined>;
};

/** Who chose a clip, for a person. */
export const SOURCE_LABELS: Record<Clip["source"], string> = {
  model: t("reels.types.source_model"),
  heuristic: t("reels.types.source_heuristic"),
  operator: t("reels.types.source_operator"),
};

/** "3.4 s" */
export const seconds = (ms: number) => t("reels.types.seconds", { seconds: (ms / 1000).toFixed(1) });

/** Limits of the contract, for the editor's own checks. */
export const LIMITS = { clipMinMs: 1500, clipMaxMs: 30_000, maxClips: 12, introChars: 60, outroChars: 80 } as const;
