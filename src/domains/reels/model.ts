/** Shapes of reels: request schemas (typebox) and the stored types derived from them, and the contract's limits. */
import { t, type Static, type TSchema } from "elysia";
import type { Segment } from "../../media/reel/types";
import { bodyInteger } from "../../platform/http/strict-schema";

/** The contract's reel limits (section 8). */
export const REEL_LIMITS = {
  clipMinMs: 1500,
  clipMaxMs: 30_000,
  maxClips: 12,
  targetMinMs: 15_000,
  targetMaxMs: 120_000,
  targetDefaultMs: 45_000,
  introMaxChars: 60,
  outroMaxChars: 80,
  titleMaxChars: 100,
  /** A render running longer is stopped and failed. */
  renderMs: 30 * 60_000,
  /** Signed file addresses work this long. */
  urlTtlMs: 3600_000,
} as const;

const aspect = t.Union([t.Literal("9:16"), t.Literal("1:1"), t.Literal("16:9")]);
// A union with null (not t.Nullable, whose OpenAPI 3.0 `nullable` keyword is invalid in 3.1).
const nullable = <T extends TSchema>(s: T) => t.Optional(t.Union([s, t.Null()]));

/** Reel settings as sent: every key optional; omitted keys keep their value (or the default). */
export const configInput = t.Object(
  {
    aspect_ratios: t.Optional(
      t.Array(aspect, {
        minItems: 1,
        maxItems: 3,
        uniqueItems: true,
        description: "Sizes to render; each costs render time.",
      }),
    ),
    caption_style: t.Optional(t.Union([t.Literal("bold"), t.Literal("boxed"), t.Literal("minimal")])),
    intro: nullable(
      t.Object(
        { title: t.String({ minLength: 1, maxLength: REEL_LIMITS.introMaxChars }) },
        { additionalProperties: false },
      ),
    ),
    outro: nullable(
      t.Object(
        { call_to_action: t.String({ minLength: 1, maxLength: REEL_LIMITS.outroMaxChars }) },
        { additionalProperties: false },
      ),
    ),
    music: nullable(t.Object({ track_id: t.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false })),
    target_duration_ms: t.Optional(bodyInteger({ minimum: REEL_LIMITS.targetMinMs, maximum: REEL_LIMITS.targetMaxMs })),
  },
  { additionalProperties: false },
);
export type ConfigInput = Static<typeof configInput>;

/** Settings as stored: every key present. */
export interface ReelConfig {
  aspect_ratios: ("9:16" | "1:1" | "16:9")[];
  caption_style: "bold" | "boxed" | "minimal";
  intro: { title: string } | null;
  outro: { call_to_action: string } | null;
  music: { track_id: string } | null;
  target_duration_ms: number;
}

/** The defaults of the contract's config table. */
export const DEFAULT_CONFIG: ReelConfig = {
  aspect_ratios: ["9:16", "1:1", "16:9"],
  caption_style: "bold",
  intro: null,
  outro: null,
  music: null,
  target_duration_ms: REEL_LIMITS.targetDefaultMs,
};

/** Where a clip came from. */
export type ClipSource = "model" | "heuristic" | "operator";

/** A stored clip: the span, the exact words inside it, and who chose it (with the model's reason). */
export interface ReelClip {
  submission_id: string;
  start_ms: number;
  end_ms: number;
  text: string;
  source: ClipSource;
  reason: string | null;
}

const id = t.String({ minLength: 1, maxLength: 64 });
// A span lies inside one recording; the service checks it against the recording's length.
const SPAN_MAX_MS = 24 * 3600_000;

/** `POST /v1/reels`. */
export const createBody = t.Object(
  {
    brand_id: id,
    submission_ids: t.Array(id, { minItems: 1, maxItems: REEL_LIMITS.maxClips, uniqueItems: true }),
    mode: t.Optional(
      t.Union([t.Literal("auto"), t.Literal("manual")], {
        description: "auto: suggests spans and order; manual: keeps the order, suggests spans. Default auto.",
      }),
    ),
    title: t.Optional(t.String({ minLength: 1, maxLength: REEL_LIMITS.titleMaxChars })),
    config: t.Optional(configInput),
  },
  { additionalProperties: false },
);
export type CreateBody = Static<typeof createBody>;

/** `PATCH /v1/reels/{id}`: the title, and settings either inside `config` or at the top level. */
export const patchBody = t.Object(
  {
    title: t.Optional(t.String({ minLength: 1, maxLength: REEL_LIMITS.titleMaxChars })),
    config: t.Optional(configInput),
    ...configInput.properties,
  },
  { additionalProperties: false },
);
export type PatchBody = Static<typeof patchBody>;

/** A clip as sent by `PUT /v1/reels/{id}/clips`. */
export const clipInput = t.Object(
  {
    submission_id: id,
    start_ms: bodyInteger({ minimum: 0, maximum: SPAN_MAX_MS }),
    end_ms: bodyInteger({ minimum: 0, maximum: SPAN_MAX_MS }),
  },
  { additionalProperties: true },
);
export type ClipInput = Static<typeof clipInput>;

/** `PUT /v1/reels/{id}/clips`. */
export const putClipsBody = t.Object(
  { clips: t.Array(clipInput, { maxItems: REEL_LIMITS.maxClips }) },
  { additionalProperties: false },
);

/** `POST /v1/reels/{id}/clips`. */
export const addClipBody = t.Object({ submission_id: id }, { additionalProperties: false });

/** What a render draws, fixed when it is started (later edits make the reel "changed since render"). */
export interface RenderSnapshot {
  title: string;
  clips: ReelClip[];
  config: ReelConfig;
}

/** A finished render's files (keys under `media/`) and layout. */
export interface RenderFiles {
  dir: string;
  variants: { aspect_ratio: string; key: string; width: number; height: number; bytes: number }[];
  poster: string;
  captions: string;
  duration_ms: number;
  segments: Segment[];
}
