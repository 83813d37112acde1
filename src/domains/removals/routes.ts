/**
 * `POST /public/removals/lookup` and `POST /public/removals`: the removal page's own calls (no account; the token
 * is the credential). Limited per client address; answered with CORS for the site address, which may be another
 * origin than the API. (The removal emails are the removals module's `submission.created` handler, src/modules.ts.)
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { siteOrigin } from "../brands";
import { removalResultSchema, removalViewSchema, tokenBody } from "./model";
import { confirmRemoval, lookupRemoval } from "./service";
import { removalLimiter, REMOVAL_REFUSAL } from "./throttle";
import { clientAddress } from "../../platform/client-address";
import { enforceRates } from "../../platform/rate-limit";

function cors(deps: Deps, request: Request): Record<string, string> {
  return {
    "access-control-allow-origin": siteOrigin(deps, request),
    "access-control-allow-methods": "POST, OPTIONS",
    "access-control-allow-headers": "content-type",
    "access-control-max-age": "600",
    vary: "Origin",
  };
}

/** The removal routes. */
export function removalRoutes(deps: Deps) {
  const limiter = removalLimiter(deps.clock);
  const preflight = ({ request }: { request: Request }) =>
    new Response(null, { status: 204, headers: cors(deps, request) });
  return (
    new Elysia({ prefix: "/public/removals" })
      // On transform, before validation: malformed requests count too.
      .onTransform(({ request, server, set }) => {
        if (request.method !== "OPTIONS")
          enforceRates([[limiter, clientAddress(request, server, deps.config)]], set, REMOVAL_REFUSAL);
      })
      .onAfterHandle(({ request, set }) => {
        Object.assign(set.headers, cors(deps, request), {
          "cache-control": "no-store",
          "referrer-policy": "no-referrer",
        });
      })
      .options("/lookup", preflight)
      .options("", preflight)
      .post("/lookup", ({ body }) => lookupRemoval(deps, body.token), {
        body: tokenBody,
        response: removalViewSchema,
        detail: {
          tags: ["Removals"],
          summary: "What a removal link would remove (state pending), or that it removes nothing (removed, unknown)",
        },
      })
      .post("", ({ body }) => confirmRemoval(deps, body.token), {
        body: tokenBody,
        response: removalResultSchema,
        detail: {
          tags: ["Removals"],
          summary: "Remove the testimonial behind a removal link: hidden everywhere at once, erased moments later",
        },
      })
  );
}
