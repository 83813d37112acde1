/**
 * Import routes: schema, guard, one service call each. `POST /v1/submissions` (adding one testimonial by hand) is
 * here too: it is the team's word like an import, with the same attestation and allowance.
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { accessPlugin, command } from "../../platform/access";
import { reader } from "../../platform/db/unit-of-work";
import { importBody, importListQuery, importPageSchema, importResultSchema } from "./model";
import { importReviews } from "./create";
import { listImports } from "./list";
import { validateImport } from "./validate";
import { addByHand } from "./manual";
import { manualBody, manualResultSchema } from "./manual-model";

/** `POST /v1/imports`, `GET /v1/imports` and `POST /v1/submissions`. */
export function importRoutes(deps: Deps) {
  return (
    new Elysia({ prefix: "/v1" })
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
      // Not a command: a photo sent with it is decoded and stored (awaited) before the testimonial is written.
      .post(
        "/submissions",
        async ({ ctx, body, set, headers }) => {
          const answer = await addByHand(deps, ctx, body, headers["idempotency-key"]);
          set.status = 201;
          return answer;
        },
        {
          access: "submission:import",
          body: manualBody,
          response: { 201: manualResultSchema },
          detail: {
            tags: ["Submissions"],
            summary:
              "Add a testimonial by hand (origin manual): words, or a video/audio file sent to the tus upload address in the answer",
            description:
              "Needs attested: true (the imports' attestation, stored with it). Counts against the imported_reviews allowance (402 once used up). It arrives unapproved and private. Words are ready at once (submission.created, submission.ready); a recording is processed like a collected one once its last byte reaches `upload.url` (tus 1.0, as the capture page sends). An optional photo comes as base64 in respondent.avatar. An Idempotency-Key header makes a resend answer the first result.",
          },
        },
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
      })
  );
}
