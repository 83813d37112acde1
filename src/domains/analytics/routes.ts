/**
 * Stats routes: `GET /v1/widgets/{id}/stats` and `GET /v1/brands/{brand_id}/stats`. Both need `analytics:read`
 * (scope analytics:read, or any member's session; a client sees its own brands only, others are 404).
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { accessPlugin } from "../../platform/access";
import { brandStatsParams, brandStatsSchema, statsQuery, widgetStatsParams, widgetStatsSchema } from "./model";
import { brandStats, widgetStats } from "./stats";
import { reader } from "../../platform/db/unit-of-work";

const tags = ["Analytics"];

/** The stats routes. */
export function statsRoutes(deps: Deps) {
  return new Elysia({ prefix: "/v1" })
    .use(accessPlugin(deps))
    .get("/widgets/:id/stats", ({ ctx, params, query }) => widgetStats(reader(deps, ctx), params.id, query), {
      access: { permission: "analytics:read", brand: "path" },
      params: widgetStatsParams,
      query: statsQuery,
      response: widgetStatsSchema,
      detail: { tags, summary: "Views, plays and clicks of a widget per day and per testimonial (default: 30 days)" },
    })
    .get("/brands/:brand_id/stats", ({ ctx, params, query }) => brandStats(reader(deps, ctx), params.brand_id, query), {
      access: { permission: "analytics:read", brand: "path" },
      params: brandStatsParams,
      query: statsQuery,
      response: brandStatsSchema,
      detail: {
        tags,
        summary: "Views, plays and clicks of a brand (its widgets and wall) per day and per testimonial",
      },
    });
}
