/**
 * What a reel render is made of: the plan the reels feature hands over (clips of processed recordings with their
 * words, cards, music, sizes), the hooks it watches the render through, and what comes back.
 */
import type { AssAspect, AssStyle } from "../captions";
import { ASS_LAYOUT } from "../captions";
import type { FaceTrack } from "./framing";
import type { Speaker } from "./lower-third";

/** A reel frame shape. */
export type Aspect = AssAspect;

/** Every frame shape, in the order renders make them. */
export const ASPECTS: Aspect[] = ["9:16", "1:1", "16:9"];

/** Output frame size per shape (the contract's sizes). */
export const FRAME: Record<Aspect, { w: number; h: number }> = {
  "9:16": { w: ASS_LAYOUT["9:16"].w, h: ASS_LAYOUT["9:16"].h },
  "1:1": { w: ASS_LAYOUT["1:1"].w, h: ASS_LAYOUT["1:1"].h },
  "16:9": { w: ASS_LAYOUT["16:9"].w, h: ASS_LAYOUT["16:9"].h },
};

/** Frames per second of every reel; clips and cards last whole frames so sound and picture never drift. */
export const FPS = 30;

/** `9:16` → `9x16`, for file names. */
export const aspectSlug = (a: Aspect) => a.replace(":", "x");

/** A timed word of a transcript. */
export interface ReelWord {
  text: string;
  start_ms: number;
  end_ms: number;
}

/** One clip to cut: a span of a processed recording that starts at a word's start and ends at a word's end. */
export interface PlanClip {
  /** Absolute path of the processed H.264/AAC MP4. */
  sourcePath: string;
  sourceDurationMs: number;
  startMs: number;
  endMs: number;
  /** The whole transcript, so the cut can stay clear of the neighbouring words. */
  words: ReelWord[];
  /** Who speaks, for the lower third; null or absent for none. */
  speaker?: Speaker | null;
}

/** A card before or after the clips. */
export interface PlanCard {
  text: string;
}

/** Everything one render needs; the same plan always gives the same files. */
export interface ReelPlan {
  /** A folder that survives restarts: finished steps left there are reused when a render resumes. */
  workDir: string;
  aspects: Aspect[];
  captionStyle: AssStyle;
  /** Brand colour `#rrggbb` for the cards. */
  brandColor: string;
  /** PNG (or JPEG) logo shown on the cards. */
  logoPath: string;
  intro: PlanCard | null;
  outro: PlanCard | null;
  /** A music track file, ducked under speech; null for none. */
  musicPath: string | null;
  clips: PlanClip[];
  /** How a recording fills a narrower or taller frame: `face` crops around the speaker, `fit` shows it whole over a blurred copy. */
  framing?: "face" | "fit";
  /** x264 preset of the final encodes (`veryfast` by default; tests may pass `ultrafast`). */
  preset?: string;
}

/** A cut clip: a file of whole frames with its padding and loudness correction. */
export interface CutClip {
  index: number;
  file: string;
  frames: number;
  durationMs: number;
  /** Silence (or the word's own onset/tail) kept before the first and after the last word. */
  padBeforeMs: number;
  padAfterMs: number;
  gainDb: number;
  width: number;
  height: number;
  /** Faces found in the cut (face framing only); null when no detector is installed. */
  faces?: FaceTrack | null;
}

/** A part of the finished reel. */
export interface Segment {
  kind: "intro" | "clip" | "outro";
  start_ms: number;
  duration_ms: number;
  /** Clip position (0-based) for clip segments. */
  clip_index?: number;
  /** Silence kept around the words of a clip segment. */
  pad_before_ms?: number;
  pad_after_ms?: number;
}

/** Stages a render goes through, as the contract names them. */
export type RenderStage =
  | "queued"
  | "cutting"
  | "cards"
  | "music"
  | "captions"
  | "rendering"
  | "uploading"
  | "finishing";

/** What a checkpoint tells the render to do next. */
export type CheckpointAnswer = "continue" | "yield" | "cancel";

/** How the caller follows and steers a render. */
export interface RenderHooks {
  signal?: AbortSignal;
  /** A new stage or step: `done` steps of `total` finished in it. */
  stage(stage: RenderStage, done: number, total: number): void;
  /** Progress within the current step, 0..1. */
  progress?(fraction: number): void;
  /** Asked between steps: go on, stop here to let other work go first (resumed later), or give up. */
  checkpoint(): CheckpointAnswer | Promise<CheckpointAnswer>;
  /** Milliseconds left of the render's time allowance; each tool run is limited to it. */
  timeLeftMs(): number;
}

/** One finished size. */
export interface RenderedVariant {
  aspect: Aspect;
  file: string;
  width: number;
  height: number;
}

/** A finished render: files in the work folder, and where each part sits in the reel. */
export interface RenderedReel {
  variants: RenderedVariant[];
  /** The poster of the first size (the reel's own poster). */
  posterFile: string;
  /** A poster per size, taken from inside the first clip. */
  posters: { aspect: Aspect; file: string }[];
  captionsFile: string;
  durationMs: number;
  segments: Segment[];
}

/** How a render call ended. */
export type RenderOutcome = { kind: "done"; reel: RenderedReel } | { kind: "yielded" } | { kind: "cancelled" };

/** Renders reels; the real one runs ffmpeg, tests of the feature's rules may use a fake. */
export interface ReelRenderer {
  render(plan: ReelPlan, hooks: RenderHooks): Promise<RenderOutcome>;
}

/** Card lengths: long enough to read a short line. */
export const CARD_MS = { intro: 2500, outro: 3000 } as const;

/** The most silence kept either side of a clip's words. */
export const MAX_PAD_MS = 120;
