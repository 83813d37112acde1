/** Import routes: schema, guard, one service call each. */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { accessPlugin, command } from "../../platform/access";
import { reader } from "../../platform/db/unit-of-work";
import { importBody, importListQuery, importPageSchema, importResultSchema } from "./model";
import { importReviews } from "./create";
import { listImports } from "./list";
import { validateImport } from "./validate";

/** `POST /v1/imports` and `GET /v1/imports`. */
export function importRoutes(deps: Deps) {
  return new Elysia({ prefix: "/v1" })
    .use(accessPlugin(deps))
    .use(
      command(deps, "POST", "/imports", {
        permission: "submission:import",
        body: importBody,
        response: { 201: importResultSchema },
        detail: {
          tags: ["Imports"],
          summary: "Import existing reviews as unapproved, private text testimonials (needs attested: true)",
        },
        // Every row is checked before the write lock is taken; the import itself is the command's unit of work.
        prepare: (ctx, { body }) => validateImport(body, ctx.clock.now()),
        run: (tx, _input, clean) => importReviews(tx, clean),
      }),
    )
    .get("/imports", ({ ctx, query }) => listImports(reader(deps, ctx), query.brand_id), {
      access: { permission: "submission:read", brand: "list" },
      query: importListQuery,
      response: importPageSchema,
      detail: {
        tags: ["Imports"],
        summary: "The latest 50 import records, newest first",
        description:
          "The page envelope `{data, next_cursor}`; only the latest 50 are listed, so `next_cursor` is always null.",
      },
    });
}
