/**
 * Public wall JSON (no credentials; readable from any origin; cached briefly): `GET /public/walls`,
 * `/public/walls/{slug}?page=n`, `/public/walls/{slug}/testimonials/{id}`, and the same two for a test brand
 * under `/public/test/{org_id}/walls/…`, mirroring where the sandbox's wall pages live.
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { listWalls } from "./directory";
import { permalinkJson, wallJson, type JsonAnswer } from "./public-api";
import { JSON_HEADERS } from "./page-headers";
import {
  movedSchema,
  permalinkParams,
  permalinkSchema,
  testPermalinkParams,
  testWallParams,
  wallListSchema,
  wallPageSchema,
  wallParams,
  wallQuery,
} from "./model";

/** A wall page, or a redirect from a former slug. */
const wallPageAnswers = { 200: wallPageSchema, 301: movedSchema };
/** A testimonial with its wall's summary, or a redirect from a former slug. */
const permalinkAnswers = { 200: permalinkSchema, 301: movedSchema };

const searchOf = (request: Request) => new URL(request.url).search;

/** The JSON body of an answer (with the wall's cache headers), or the 301 from a former slug. */
function send<T>(set: { headers: Record<string, unknown> }, answer: JsonAnswer<T>) {
  if ("location" in answer)
    return new Response(null, {
      status: 301,
      headers: {
        location: answer.location,
        "access-control-allow-origin": "*",
        "cache-control": "public, max-age=300",
      },
    });
  Object.assign(set.headers, JSON_HEADERS);
  return answer.body;
}

/** `/public/walls…` and `/public/test/{org_id}/walls…`. */
export function wallRoutes(deps: Deps) {
  return new Elysia({ prefix: "/public" })
    .get(
      "/walls",
      ({ set }) => {
        Object.assign(set.headers, JSON_HEADERS);
        return listWalls(deps);
      },
      {
        response: wallListSchema,
        detail: {
          tags: ["Walls"],
          summary: "Every public brand with the id and permalink of each testimonial on its wall",
          description:
            "Not paged: every public brand in one answer, in the page envelope with `next_cursor` always null.",
        },
      },
    )
    .get(
      "/walls/:slug",
      ({ params, query, request, set }) =>
        send(set, wallJson(deps, { mode: "live", slug: params.slug }, query.page, searchOf(request))),
      {
        params: wallParams,
        query: wallQuery,
        response: wallPageAnswers,
        detail: { tags: ["Walls"], summary: "One page of a wall: 24 testimonials, newest approval first" },
      },
    )
    .get(
      "/walls/:slug/testimonials/:id",
      ({ params, request, set }) =>
        send(set, permalinkJson(deps, { mode: "live", slug: params.slug }, params.id, searchOf(request))),
      {
        params: permalinkParams,
        response: permalinkAnswers,
        detail: { tags: ["Walls"], summary: "One testimonial with its wall's summary; `url` is its permalink" },
      },
    )
    .get(
      "/test/:org_id/walls/:slug",
      ({ params, query, request, set }) =>
        send(
          set,
          wallJson(deps, { mode: "test", orgId: params.org_id, slug: params.slug }, query.page, searchOf(request)),
        ),
      {
        params: testWallParams,
        query: wallQuery,
        response: wallPageAnswers,
        detail: { tags: ["Walls"], summary: "One page of a test brand's wall (sandbox)" },
      },
    )
    .get(
      "/test/:org_id/walls/:slug/testimonials/:id",
      ({ params, request, set }) =>
        send(
          set,
          permalinkJson(deps, { mode: "test", orgId: params.org_id, slug: params.slug }, params.id, searchOf(request)),
        ),
      {
        params: testPermalinkParams,
        response: permalinkAnswers,
        detail: { tags: ["Walls"], summary: "One testimonial of a test brand's wall (sandbox)" },
      },
    );
}
