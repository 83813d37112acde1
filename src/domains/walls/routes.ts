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
import { permalinkParams, testPermalinkParams, testWallParams, wallParams, wallQuery } from "./model";

/** The documented answer of a list that is never paged: the page envelope, `next_cursor` always null. */
const ONE_PAGE = {
  200: {
    description: "The page envelope; `next_cursor` is always null (one page).",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Page" } } },
  },
};

const searchOf = (request: Request) => new URL(request.url).search;

/** `/public/walls…` and `/public/test/{org_id}/walls…`. */
export function wallRoutes(deps: Deps) {
  const send = (set: { headers: Record<string, unknown> }, answer: JsonAnswer) => {
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
  };
  return new Elysia({ prefix: "/public" })
    .get(
      "/walls",
      ({ set }) => {
        Object.assign(set.headers, JSON_HEADERS);
        return listWalls(deps);
      },
      {
        detail: {
          tags: ["Walls"],
          summary: "Every public brand with the id and permalink of each testimonial on its wall",
          description:
            "Not paged: every public brand in one answer, in the page envelope with `next_cursor` always null.",
          responses: ONE_PAGE,
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
        detail: { tags: ["Walls"], summary: "One page of a wall: 24 testimonials, newest approval first" },
      },
    )
    .get(
      "/walls/:slug/testimonials/:id",
      ({ params, request, set }) =>
        send(set, permalinkJson(deps, { mode: "live", slug: params.slug }, params.id, searchOf(request))),
      {
        params: permalinkParams,
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
        detail: { tags: ["Walls"], summary: "One testimonial of a test brand's wall (sandbox)" },
      },
    );
}
