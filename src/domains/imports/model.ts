/**
 * Request and response schemas of the import routes (typebox through Elysia's `t`). The schema checks shapes and types; the
 * rules that need trimming, the clock or URL parsing are in validate.ts, which names each failing field the same
 * way (`rows[3].rating`). Optional row fields may also be sent as null, meaning absent.
 */
import { t, type Static, type TSchema } from "elysia";
import { Type } from "@sinclair/typebox";
import { bodyNumber } from "../../platform/http/strict-schema";
import { pageSchema } from "../../platform/http/pagination";
import { count, modeField, nullable, timestamp } from "../../platform/http/response-schema";

/** Raw caps that keep a request bounded; the contract's limits (after trimming) are checked in validate.ts. */
export const RAW_CAP = { text: 20_000, short: 1_000, url: 2_000, email: 254 } as const;

const optional = <T extends TSchema>(schema: T) => t.Optional(t.Union([schema, t.Null()]));

/** One review to import. */
export const importRow = t.Object(
  {
    text: t.String({ maxLength: RAW_CAP.text, description: "Required; 1 to 5,000 characters after trimming." }),
    name: optional(t.String({ maxLength: RAW_CAP.short, description: "Up to 120 characters after trimming." })),
    email: optional(
      t.String({
        maxLength: RAW_CAP.email,
        description: "Stored privately (respondent_email) as given; never shown publicly.",
      }),
    ),
    title: optional(
      t.String({ maxLength: RAW_CAP.short, description: "Job title; up to 120 characters after trimming." }),
    ),
    company: optional(t.String({ maxLength: RAW_CAP.short, description: "Up to 120 characters after trimming." })),
    rating: optional(
      bodyNumber({
        checkedBy: "src/domains/imports/validate.ts",
        description: "A whole number 1 to 5 (a JSON number); 4.5 is refused, never rounded.",
      }),
    ),
    reviewed_at: optional(
      t.String({
        maxLength: 40,
        description:
          "YYYY-MM-DD or an RFC 3339 timestamp; not in the future (UTC). Stored and shown as a date: a timestamp becomes its UTC date.",
      }),
    ),
    source_url: optional(
      t.String({ maxLength: RAW_CAP.url, description: "http or https address of the review's own page." }),
    ),
    source: optional(
      t.String({ maxLength: RAW_CAP.short, description: "This row's source when it differs from source.name." }),
    ),
  },
  { additionalProperties: false },
);

/** Fields an import request and an import record share. */
const brandId = t.String({ minLength: 1, maxLength: 64, description: "A brand of the organisation in this mode." });
const sourceName = t.String({
  maxLength: RAW_CAP.short,
  description: "Where the reviews come from, e.g. Google; 1 to 60 characters after trimming.",
});
const sourceUrl = t.String({ maxLength: RAW_CAP.url, description: "http or https." });

/** POST /v1/imports body. */
export const importBody = t.Object(
  {
    brand_id: brandId,
    source: t.Object({ name: sourceName, url: optional(sourceUrl) }, { additionalProperties: false }),
    attested: t.Boolean({
      description: "Must be true: the sender agrees to the attestation wording (stored with the import).",
    }),
    rows: t.Array(importRow, {
      minItems: 1,
      maxItems: 500,
      description: "1 to 500 reviews; send several requests for more.",
    }),
  },
  { additionalProperties: false },
);

/** GET /v1/imports query. */
export const importListQuery = t.Object(
  {
    brand_id: t.Optional(t.String({ maxLength: 64, description: "Only imports into this brand." })),
  },
  { additionalProperties: false },
);

/** The import body as the routes receive it. */
export type ImportBody = typeof importBody.static;
/** One row as received. */
export type ImportRowInput = typeof importRow.static;

/** POST /v1/imports answer. */
export const importResultSchema = t.Object({
  import_id: t.String(),
  created: count("Testimonials created (unapproved, private text testimonials)."),
  duplicate_rows: t.Array(Type.Integer({ minimum: 1 }), {
    description: "1-based positions of rows skipped as duplicates of testimonials the brand already has.",
  }),
  origin: t.Literal("imported"),
});

/** An import record. */
export const importRecordSchema = t.Object({
  id: t.String(),
  brand_id: brandId,
  source: t.Object({ name: sourceName, url: nullable(sourceUrl) }),
  created_count: count(),
  duplicate_count: count(),
  duplicate_rows: t.Array(Type.Integer({ minimum: 1 })),
  attestation_text: t.String({ description: "The wording agreed to, as it was at the time of the import." }),
  attested_by_user_id: nullable(t.String(), "Set when a signed-in member sent it."),
  api_key_id: nullable(t.String(), "Set when an API key sent it."),
  mode: modeField,
  created_at: timestamp(),
});
/** The import record answer's type. */
export type ImportView = Static<typeof importRecordSchema>;

/** GET /v1/imports answer: the latest 50, one page (`next_cursor` always null). */
export const importPageSchema = pageSchema(importRecordSchema, "The latest 50 import records; next_cursor is null.");
