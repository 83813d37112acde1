/** Request and response schemas of the organisation's own settings (`GET/PATCH /v1/org`, its logo): white label. */
import { t, type Static } from "elysia";
import { nullable } from "../../platform/http/response-schema";
import { lineText } from "../../platform/http/text-schema";

const orgName = lineText({
  minLength: 1,
  maxLength: 120,
  description: "The organisation's name: what its members and client logins see instead of the product's.",
});
const orgColor = t.String({
  pattern: "^#[0-9a-fA-F]{6}$",
  description: "Hex colour of the organisation's mark in the dashboard, e.g. #0f766e.",
});

/** PATCH /v1/org body. */
export const orgPatchBody = t.Object(
  { name: t.Optional(orgName), color: t.Optional(nullable(orgColor, "null goes back to the default colour.")) },
  { additionalProperties: false },
);

/** The organisation as its members see it. */
export const orgSchema = t.Object(
  {
    id: t.String(),
    name: orgName,
    logo_url: nullable(
      t.String(),
      "The organisation's logo on the CDN, or null: the dashboard then shows its initial.",
    ),
    color: nullable(orgColor, "null: the default colour."),
    may_remove_attribution: t.Boolean({
      description:
        'Whether its brands may drop "Testimonials published with Plaudit" from their walls: operator mode, or a plan with remove_attribution.',
    }),
  },
  { description: "The organisation's name, logo and colour, shown to its members and client logins." },
);
/** The organisation answer's type. */
export type OrgView = Static<typeof orgSchema>;
