/**
 * Shapes of reels: request and response schemas (typebox), the stored types derived from them, and the contract's
 * limits. A reel's `config` answer is the settings request with every key present.
 */
import { Type } from "@sinclair/typebox";
import { t, type Static, type TSchema } from "elysia";
import type { Segment } from "../../media/reel/types";
import { bodyInteger } from "../../platform/http/strict-schema";
import { lineText } from "../../platform/http/text-schema";
import { pageQuerySchema, pageSchema } from "../../platform/http/pagination";
import {
  address,
  count,
  maybeTimestamp,
  modeField,
  nullable as orNull,
  oneOf,
  timestamp,
} from "../../platform/http/response-schema";

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
        { title: lineText({ minLength: 1, maxLength: REEL_LIMITS.introMaxChars }) },
        { additionalProperties: false },
      ),
    ),
    outro: nullable(
      t.Object(
        { call_to_action: lineText({ minLength: 1, maxLength: REEL_LIMITS.outroMaxChars }) },
        { additionalProperties: false },
      ),
    ),
    music: nullable(t.Object({ track_id: t.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false })),
    target_duration_ms: t.Optional(bodyInteger({ minimum: REEL_LIMITS.targetMinMs, maximum: REEL_LIMITS.targetMaxMs })),
    lower_third: t.Optional(
      t.Boolean({
        description: "Show each speaker's name, title and company at the start of their clip. Default true.",
      }),
    ),
    framing: t.Optional(
      t.Union([t.Literal("face"), t.Literal("fit")], {
        description:
          "How 9:16 and 1:1 show a recording of another shape: face crops around the speaker (default), fit shows it whole over a blurred copy.",
      }),
    ),
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
  /** Name, title and company at the start of each clip (absent in settings saved before it existed: shown). */
  lower_third?: boolean;
  /** Framing of 9:16 and 1:1 (absent in older settings: `face`). */
  framing?: "face" | "fit";
}

/** The defaults of the contract's config table. */
export const DEFAULT_CONFIG: ReelConfig = {
  aspect_ratios: ["9:16", "1:1", "16:9"],
  caption_style: "bold",
  intro: null,
  outro: null,
  music: null,
  target_duration_ms: REEL_LIMITS.targetDefaultMs,
  lower_third: true,
  framing: "face",
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
    title: t.Optional(lineText({ minLength: 1, maxLength: REEL_LIMITS.titleMaxChars })),
    config: t.Optional(configInput),
  },
  { additionalProperties: false },
);
export type CreateBody = Static<typeof createBody>;

/** `PATCH /v1/reels/{id}`: the title, and settings either inside `config` or at the top level. */
export const patchBody = t.Object(
  {
    title: t.Optional(lineText({ minLength: 1, maxLength: REEL_LIMITS.titleMaxChars })),
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
  /** The first size's poster. */
  poster: string;
  /** A poster per size (`9x16` → key); absent in renders made before posters per size existed. */
  posters?: Record<string, string>;
  captions: string;
  duration_ms: number;
  segments: Segment[];
}

/** Path parameter `id` of a reel. */
export const idParams = t.Object({ id: t.String({ maxLength: 64 }) });

/** `GET /v1/reels` query. */
export const listQuery = t.Object({ ...pageQuerySchema, brand_id: t.Optional(t.String({ maxLength: 64 })) });

/* Answers. */

const ms = (description?: string) => Type.Number({ minimum: 0, ...(description ? { description } : {}) });

/** A clip as answers show it. */
export const clipSchema = t.Object({
  submission_id: t.String(),
  start_ms: ms(),
  end_ms: ms(),
  text: t.String({ description: "The exact words inside the span." }),
  source: oneOf(["model", "heuristic", "operator"], "Who chose the span."),
  reason: orNull(t.String(), "The model's reason (model clips)."),
});

/** The settings as answers show them: the settings request with every key present. */
export const configSchema = t.Required(configInput);

/** The latest render's state (or a blank one before any). */
export const renderSchema = t.Object({
  id: orNull(t.String()),
  status: orNull(oneOf(["queued", "running", "succeeded", "failed", "cancelled"])),
  stage: orNull(t.String()),
  label: t.String({ description: "The state in words, e.g. Rendering 9:16." }),
  paused: t.Boolean(),
  progress: Type.Number({ minimum: 0, maximum: 1 }),
  step: orNull(t.Object({ done: count(), total: count() })),
  error_message: orNull(t.String()),
  cost_seconds: t.Optional(count("Render seconds the render counts against the plan.")),
  created_at: maybeTimestamp(),
  started_at: maybeTimestamp(),
  finished_at: maybeTimestamp(),
});

/** What rendering the reel now would cost and whether it may start. */
export const estimateSchema = t.Object({
  duration_ms: ms("Length of the reel."),
  aspect_ratios: count("Sizes to render."),
  render_seconds: ms("Render seconds it would count."),
  used_seconds_this_month: orNull(ms(), "The organisation's render seconds this month; null for a client login."),
  allowance_seconds: orNull(ms(), "null: unlimited, or not shown (a client login)."),
  remaining_seconds: orNull(ms(), "null: unlimited, or not shown (a client login)."),
  can_start: t.Boolean(),
  blocked_reason: orNull(oneOf(["no_clips", "rendering", "plan_limit"])),
});

/** The last good render's files, signed for one hour. */
export const outputSchema = t.Object({
  render_id: t.String(),
  rendered_at: maybeTimestamp(),
  duration_ms: ms(),
  expires_at: timestamp("When the signed addresses stop working."),
  variants: t.Array(
    t.Object({
      aspect_ratio: t.String(),
      width: count(),
      height: count(),
      bytes: count(),
      url: address(),
      download_url: address(),
      poster_url: address(),
    }),
  ),
  poster_url: address(),
  captions_url: address(),
  captions_download_url: address(),
  segments: t.Array(
    t.Object({
      kind: oneOf(["intro", "clip", "outro"]),
      start_ms: ms(),
      duration_ms: ms(),
      clip_index: t.Optional(count()),
      pad_before_ms: t.Optional(ms()),
      pad_after_ms: t.Optional(ms()),
    }),
  ),
});

/** The public copy's addresses, once live. */
export const shareUrlsSchema = t.Object({
  variants: t.Array(t.Object({ aspect_ratio: t.String(), url: address(), poster_url: address() })),
  poster_url: address(),
  captions_url: address(),
});

/** A reel. */
export const reelSchema = t.Object({
  id: t.String(),
  brand_id: t.String(),
  title: t.String(),
  status: oneOf(["draft", "rendering", "rendered"]),
  arrangement: oneOf(["auto", "manual"]),
  mode: modeField,
  clips: t.Array(clipSchema),
  config: configSchema,
  render: renderSchema,
  estimate: estimateSchema,
  output: orNull(outputSchema),
  changed_since_render: t.Boolean({ description: "Edited since the output was rendered." }),
  share: t.Object({
    enabled: t.Boolean(),
    status: orNull(oneOf(["publishing", "live"])),
    urls: orNull(shareUrlsSchema),
  }),
  error_message: orNull(t.String()),
  created_at: timestamp(),
  updated_at: timestamp(),
});
/** The reel answer's type. */
export type ReelView = Static<typeof reelSchema>;

/** POST /v1/reels/{id}/render answer. */
export const renderStartedSchema = t.Object({ render_id: t.String() });

/** A music track a reel can use. */
export const musicTrackSchema = t.Object({
  track_id: t.String(),
  title: t.String(),
  mood: t.String(),
  bpm: count(),
  duration_ms: ms("Length of one loop; a longer reel repeats it."),
  preview_url: address("A preview on the CDN address."),
});

/** DELETE /v1/reels/{id} answer. */
export const reelDeletedSchema = t.Object({ id: t.String(), deleted: t.Literal(true) });

/** The lists' answers. */
export const reelPageSchema = pageSchema(reelSchema);
export const musicPageSchema = pageSchema(musicTrackSchema, "Every track; next_cursor is null.");
