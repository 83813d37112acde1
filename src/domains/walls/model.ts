/**
 * Request and response schemas of the public wall routes. Lengths are generous: a longer value is simply not found.
 * A wall's testimonial is the shown item every public place uses (submissions' model) with its permalink.
 */
import { t, type Static } from "elysia";
import { Type } from "@sinclair/typebox";
import { pageSchema } from "../../platform/http/pagination";
import { address, count, nullable } from "../../platform/http/response-schema";
import { shownItemSchema } from "../submissions";

const part = (description: string) => t.String({ minLength: 1, maxLength: 200, description });

/** `{slug}`. */
export const wallParams = t.Object({ slug: part("The wall's slug (a former slug answers 301).") });

/** `{slug}` and a testimonial `{id}`. */
export const permalinkParams = t.Object({ slug: part("The wall's slug."), id: part("A testimonial id (`sub_…`).") });

/** A test brand's wall: `{org_id}` and `{slug}`. */
export const testWallParams = t.Object({
  org_id: part("The organisation of the sandbox."),
  slug: part("The test brand's slug."),
});

/** A test brand's permalink. */
export const testPermalinkParams = t.Object({
  org_id: part("The organisation of the sandbox."),
  slug: part("The test brand's slug."),
  id: part("A testimonial id."),
});

/** `?page=n` (checked by the service: a whole number from 1). */
export const wallQuery = t.Object({
  page: t.Optional(t.String({ maxLength: 12, description: "Page number from 1 (24 testimonials a page)." })),
});

/** A testimonial on a wall: the shown item with its permalink. */
export const wallItemSchema = t.Composite([
  shownItemSchema,
  t.Object({ url: address("The testimonial's permalink.") }),
]);
/** The wall item answer's type. */
export type WallItemView = Static<typeof wallItemSchema>;

/** What every wall answer starts with: the brand and the wall's summary. */
const summaryFields = {
  brand: t.Object({
    name: t.String(),
    slug: t.String(),
    logo_url: address(),
    accent_color: t.String({ description: "Hex colour, e.g. #4f46e5." }),
  }),
  wall_url: address(),
  testimonial_count: count(),
  rating: t.Object(
    { average: nullable(Type.Number({ minimum: 1, maximum: 5 })), count: count("Testimonials with a rating.") },
    { description: "Over every testimonial the wall shows." },
  ),
  indexable: t.Boolean({ description: "Search engines may index the wall (enough testimonials)." }),
  header: t.Object(
    {
      intro: nullable(t.String(), "The brand's introduction under its name."),
      website_url: nullable(address(), "The brand's own website."),
      share_url: nullable(address(), "The collect link behind “Share your experience”, while it takes answers."),
    },
    { description: "What the wall's header shows beside the brand's name, logo and rating (set on the brand)." },
  ),
};
/** `GET /public/walls/{slug}?page=n` answer. */
export const wallPageSchema = t.Object({
  ...summaryFields,
  url: address("This page's own address."),
  page: Type.Integer({ minimum: 1 }),
  page_count: count(),
  page_size: Type.Integer({ minimum: 1 }),
  testimonials: t.Array(wallItemSchema, { description: "Newest approval first." }),
});
/** The wall page answer's type. */
export type WallPageView = Static<typeof wallPageSchema>;

/** `GET /public/walls/{slug}/testimonials/{id}` answer. */
export const permalinkSchema = t.Object({
  ...summaryFields,
  url: address("The testimonial's permalink."),
  testimonial: wallItemSchema,
});
/** The permalink answer's type. */
export type PermalinkView = Static<typeof permalinkSchema>;

/** One public brand of `GET /public/walls`. */
export const wallEntrySchema = t.Object({
  name: t.String(),
  slug: t.String(),
  wall_url: address(),
  indexable: t.Boolean(),
  testimonial_count: count(),
  testimonials: t.Array(t.Object({ id: t.String(), url: address("The permalink.") })),
});

/** `GET /public/walls` answer: every public brand, one page (`next_cursor` always null). */
export const wallListSchema = pageSchema(wallEntrySchema, "Every public brand; next_cursor is null.");

/** The answer to a former slug: a permanent redirect, no body. */
export const movedSchema = t.Void({
  description: "A former slug: the same route under the current slug (the Location header).",
});
