/** Request and response schemas of the two removal routes. */
import { t, type Static } from "elysia";
import { maybeTimestamp, nullable, oneOf, timestamp } from "../../platform/http/response-schema";

/** `{token}`: the token from the removal link. */
export const tokenBody = t.Object(
  { token: t.String({ minLength: 1, maxLength: 200, description: "The token from the removal link." }) },
  { additionalProperties: false },
);

/** The link removes nothing: no such token. */
const unknownState = t.Object({ state: t.Literal("unknown") }, { description: "No testimonial behind this link." });

/** What the lookup answers: what the link would remove, or that it removes nothing. */
export const removalViewSchema = t.Union([
  unknownState,
  t.Object(
    { state: t.Literal("removed"), removed_at: maybeTimestamp() },
    { description: "Already removed (by this link or by the team)." },
  ),
  t.Object(
    {
      state: t.Literal("pending"),
      testimonial: t.Object({
        brand_name: t.String(),
        kind: oneOf(["video", "audio", "text"]),
        name: nullable(t.String()),
        created_at: timestamp(),
        excerpt: nullable(t.String(), "The start of the words, if any."),
        is_published: t.Boolean({ description: "Shown publicly now." }),
      }),
    },
    { description: "The testimonial the link would remove." },
  ),
]);
/** The lookup answer's type. */
export type RemovalView = Static<typeof removalViewSchema>;

/** What confirming answers. */
export const removalResultSchema = t.Union([
  unknownState,
  t.Object(
    {
      state: t.Literal("removed"),
      removed_at: maybeTimestamp(),
      removed_now: t.Boolean({ description: "false when it was removed before." }),
    },
    { description: "Removed: hidden everywhere at once, erased moments later." },
  ),
]);
/** The confirmation answer's type. */
export type RemovalResult = Static<typeof removalResultSchema>;
