/** Request schemas of the public wall routes. Lengths are generous: a longer value is simply not found. */
import { t } from "elysia";

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
