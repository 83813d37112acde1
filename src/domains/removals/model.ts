/** Request schema of the two removal routes. */
import { t } from "elysia";

/** `{token}`: the token from the removal link. */
export const tokenBody = t.Object(
  { token: t.String({ minLength: 1, maxLength: 200, description: "The token from the removal link." }) },
  { additionalProperties: false },
);
