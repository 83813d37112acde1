/**
 * Trim and cover routes of a recording: `PUT /v1/submissions/{id}/edit` (the part kept and the cover frame, made by
 * a job), `GET /v1/submissions/{id}/filmstrip` and its frames (to pick the cover from).
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { accessPlugin, command } from "../../platform/access";
import { reader } from "../../platform/db/unit-of-work";
import { filmstripSchema, frameParams, idParams, mediaEditBody, submissionDetailSchema } from "./model";
import { requestMediaEdit } from "./media-edit";
import { submissionDetail } from "./read";
import { filmstrip, filmstripFrame } from "./filmstrip";
import { fileResponse } from "./media-links";

/** The trim-and-cover routes. */
export function editRoutes(deps: Deps) {
  return new Elysia()
    .use(accessPlugin(deps))
    .use(
      command(deps, "PUT", "/v1/submissions/:id/edit", {
        permission: "submission:moderate",
        brand: "path",
        params: idParams,
        body: mediaEditBody,
        response: { 202: submissionDetailSchema },
        detail: {
          tags: ["Submissions"],
          summary:
            "Trim a recording (edges snapped to words) and choose a video's cover frame; a job makes the public copies (edit.progress), the original is kept; trim null and no cover go back to the full recording",
        },
        run: (tx, { params, body }) => {
          requestMediaEdit(tx, params.id, body);
          return submissionDetail(tx, params.id);
        },
      }),
    )
    .get("/v1/submissions/:id/filmstrip", ({ ctx, params }) => filmstrip(reader(deps, ctx), params.id), {
      access: { permission: "submission:read", brand: "path" },
      params: idParams,
      response: filmstripSchema,
      detail: {
        tags: ["Submissions"],
        summary: "Twelve evenly spaced frames of a video (made once, then kept), to choose a cover frame from",
      },
    })
    .get(
      "/v1/submissions/:id/filmstrip/:index",
      async ({ ctx, params, request }) =>
        fileResponse(request, deps, await filmstripFrame(reader(deps, ctx), params.id, params.index), "image/jpeg", {
          "cache-control": "private, max-age=3600",
        }),
      {
        access: { permission: "submission:read", brand: "path" },
        params: frameParams,
        detail: {
          tags: ["Submissions"],
          summary: "One filmstrip frame as JPEG",
          responses: {
            200: {
              description: "The JPEG frame.",
              content: { "image/jpeg": { schema: { type: "string" as const, format: "binary" } } },
            },
          },
        },
      },
    );
}
