/** Shapes of reels as the API answers them (only what the editor uses), and words for people. */

/** A frame shape. */
export type Aspect = "9:16" | "1:1" | "16:9";
/** Every frame shape, in the order renders make them. */
export const ASPECTS: Aspect[] = ["9:16", "1:1", "16:9"];
/** What each shape is for. */
export const ASPECT_LABELS: Record<Aspect, string> = {
  "9:16": "9:16 (stories, reels)",
  "1:1": "1:1 (feeds)",
  "16:9": "16:9 (web, YouTube)",
};

/** A timed transcript word. */
export interface Word {
  text: string;
  start_ms: number;
  end_ms: number;
}

/** A clip of a reel. */
export interface Clip {
  submission_id: string;
  start_ms: number;
  end_ms: number;
  text: string;
  source: "model" | "heuristic" | "operator";
  reason: string | null;
}

/** Reel settings. */
export interface ReelConfig {
  aspect_ratios: Aspect[];
  caption_style: "bold" | "boxed" | "minimal";
  intro: { title: string } | null;
  outro: { call_to_action: string } | null;
  music: { track_id: string } | null;
  target_duration_ms: number;
}

/** The latest render's state. */
export interface RenderState {
  id: string | null;
  status: "queued" | "running" | "succeeded" | "failed" | "cancelled" | null;
  stage: string | null;
  label: string;
  paused: boolean;
  progress: number;
  error_message: string | null;
}

/** What a render would cost. */
export interface Estimate {
  duration_ms: number;
  render_seconds: number;
  used_seconds_this_month: number;
  allowance_seconds: number | null;
  remaining_seconds: number | null;
  can_start: boolean;
  blocked_reason: "no_clips" | "rendering" | "plan_limit" | null;
}

/** Files of the last successful render (signed addresses, valid one hour). */
export interface Output {
  render_id: string;
  rendered_at: string;
  duration_ms: number;
  expires_at: string;
  variants: { aspect_ratio: Aspect; url: string; download_url: string; width: number; height: number; bytes: number }[];
  poster_url: string;
  captions_url: string;
  captions_download_url: string;
}

/** The public copy. */
export interface Share {
  enabled: boolean;
  status: "publishing" | "live" | null;
  urls: { variants: { aspect_ratio: Aspect; url: string }[]; poster_url: string; captions_url: string } | null;
}

/** A reel. */
export interface Reel {
  id: string;
  brand_id: string;
  title: string;
  status: "draft" | "rendering" | "rendered";
  arrangement: "auto" | "manual";
  clips: Clip[];
  config: ReelConfig;
  render: RenderState;
  estimate: Estimate;
  output: Output | null;
  changed_since_render: boolean;
  share: Share;
  error_message: string | null;
  created_at: string;
  updated_at: string;
}

/** A music track. */
export interface Track {
  track_id: string;
  title: string;
  mood: string;
  bpm: number;
  duration_ms: number;
  preview_url: string;
}

/** A testimonial as the editor needs it: who, how long, and the words with their times. */
export interface Testimonial {
  id: string;
  respondent_name: string;
  kind: string;
  status: string;
  duration_ms: number | null;
  rejected_at: string | null;
  text_input: string | null;
  transcript?: { words: Word[] } | null;
}

/** Who chose a clip, for a person. */
export const SOURCE_LABELS: Record<Clip["source"], string> = {
  model: "Suggested by the model",
  heuristic: "Suggested",
  operator: "Chosen by you",
};

/** "3.4 s" */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Limits of the contract, for the editor's own checks. */
export const LIMITS = { clipMinMs: 1500, clipMaxMs: 30_000, maxClips: 12, introChars: 60, outroChars: 80 } as const;
