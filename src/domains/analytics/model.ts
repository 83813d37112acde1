/**
 * Schemas of the analytics routes: the beacon body (checked by a compiled typebox check after the body is read
 * within its cap, never by Elysia's parser), the stats query and the stats answer.
 */
import { Type, type Static } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { t } from "elysia";
import { count, nullable } from "../../platform/http/response-schema";

/** Most events one beacon may carry (a page sends what happened in the last second or two). */
export const MAX_EVENTS = 50;

/** Largest beacon body read, in bytes (50 events take about 4 KB). */
export const MAX_BEACON_BYTES = 8 * 1024;

const widgetId = Type.String({ pattern: "^wgt_[0-9a-z]{1,40}$" });
const brandId = Type.String({ pattern: "^brd_[0-9a-z]{1,40}$" });
const submissionId = Type.String({ pattern: "^sub_[0-9a-z]{1,40}$" });

/** One thing that happened on the page. */
const beaconEvent = Type.Object(
  {
    type: Type.Union([Type.Literal("view"), Type.Literal("play"), Type.Literal("progress"), Type.Literal("click")]),
    /** The testimonial; absent for the widget (or wall) as a whole. */
    submission_id: Type.Optional(submissionId),
    /** `progress` only: the quarter of the recording reached. */
    percent: Type.Optional(Type.Union([Type.Literal(25), Type.Literal(50), Type.Literal(75), Type.Literal(100)])),
    /** `click` only: what was clicked. */
    target: Type.Optional(Type.Union([Type.Literal("read_more"), Type.Literal("cta")])),
  },
  { additionalProperties: false },
);

/** A beacon: the widget (or the brand, for its wall pages) and what happened. */
export const beaconBody = Type.Object(
  {
    widget_id: Type.Optional(widgetId),
    brand_id: Type.Optional(brandId),
    events: Type.Array(beaconEvent, { minItems: 1, maxItems: MAX_EVENTS }),
  },
  { additionalProperties: false },
);
/** A checked beacon. */
export type Beacon = Static<typeof beaconBody>;
/** One checked event of a beacon. */
export type BeaconEvent = Static<typeof beaconEvent>;

/** The compiled check of a beacon body. */
export const beaconCheck = TypeCompiler.Compile(beaconBody);

const day = (description: string) => t.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", description });

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD` (both optional: the last 30 days, today included). */
export const statsQuery = t.Object(
  {
    from: t.Optional(day("First day counted (UTC), YYYY-MM-DD. Default: 29 days before `to`.")),
    to: t.Optional(day("Last day counted (UTC), YYYY-MM-DD, at most 366 days after `from`. Default: today.")),
  },
  { additionalProperties: false },
);

/** Path parameters of the stats routes. */
export const widgetStatsParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) });
/** Path parameters of the brand stats route. */
export const brandStatsParams = t.Object({ brand_id: t.String({ minLength: 1, maxLength: 64 }) });

/** How far plays went: how many reached each quarter of the recording. */
const progress = t.Object(
  { p25: count(), p50: count(), p75: count(), p100: count() },
  {
    description:
      "Plays that reached 25, 50, 75 and 100% of the recording (each play counted in every quarter it reached).",
  },
);

const figures = {
  views: count(
    "Seen: at least half on screen for a second (the widget or wall as a whole; per testimonial, its card).",
  ),
  plays: count("Recordings started."),
  clicks: count('"Read more" and call-to-action clicks.'),
};

const totals = t.Object({ ...figures, play_progress: progress });

const daySchema = t.Object({ date: t.String({ description: "YYYY-MM-DD (UTC)" }), ...figures });

const testimonialSchema = t.Object({
  submission_id: t.String(),
  ...figures,
  play_progress: progress,
  name: nullable(t.String(), "The respondent's name while the testimonial is shown publicly; else null."),
  quote: nullable(t.String(), "The start of its words while shown publicly with them; else null."),
});

const hostSchema = t.Object({
  host: t.String({ description: "Host name of the page ('' when unknown)." }),
  ...figures,
});

const common = {
  from: t.String(),
  to: t.String(),
  totals,
  days: t.Array(daySchema, { description: "Every day from `from` to `to`, zeros included." }),
  testimonials: t.Array(testimonialSchema, {
    description: "Testimonials with any activity, most viewed first (then most played); at most 100.",
  }),
  hosts: t.Array(hostSchema, { description: "Page host names, most viewed first; at most 50." }),
};

/** GET /v1/widgets/{widget_id}/stats answer. */
export const widgetStatsSchema = t.Object({ widget_id: t.String(), ...common });
/** GET /v1/brands/{brand_id}/stats answer. */
export const brandStatsSchema = t.Object({ brand_id: t.String(), ...common });

/** The figures of a stats answer (widget or brand). */
export type StatsFigures = { views: number; plays: number; clicks: number };
