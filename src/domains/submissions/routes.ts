/** Testimonial routes: list and search, detail, transcript, media. */
import { Elysia, t } from "elysia";
import type { Deps } from "../../platform/deps";
import { notFound } from "../../platform/errors";
import { pageQuerySchema, pageRequest } from "../../platform/http/pagination";
import { authPlugin, can } from "../accounts";
import { listSubmissions } from "./list";
import { getSubmissionRow, getTranscriptRow, submissionDetail } from "./read";
import { presentTranscript } from "./present";
import { editTranscript } from "./transcript-edit";
import { reprocessSubmission } from "./status";
import { approve, deleteSubmission, reject, setVisibility, unapprove } from "./moderation";
import { bulkModerate, BULK_ACTIONS } from "./bulk";
import { presentSubmission } from "./present";
import { requireVariant, signedMediaUrl } from "./media-links";
import { mediaCdnRoutes } from "./media-cdn";

const idParams = t.Object({ id: t.String({ maxLength: 64 }) });
const bool = t.Union([t.Literal("true"), t.Literal("false")]);

/** Filters of the list route (also used by exports). */
export const listQuery = t.Object({
  ...pageQuerySchema,
  brand_id: t.Optional(t.String({ maxLength: 64 })),
  status: t.Optional(t.Union(["uploading", "processing", "ready", "failed"].map((s) => t.Literal(s)))),
  origin: t.Optional(t.Union([t.Literal("collected"), t.Literal("imported")])),
  is_approved: t.Optional(bool),
  is_public: t.Optional(bool),
  tag_id: t.Optional(t.String({ maxLength: 64 })),
  q: t.Optional(
    t.String({ minLength: 1, maxLength: 200, description: "Full-text search; results ordered by relevance." }),
  ),
});

/** Query strings → typed filters. */
export function filtersFromQuery(q: typeof listQuery.static) {
  return {
    brand_id: q.brand_id,
    status: q.status,
    origin: q.origin,
    is_approved: q.is_approved === undefined ? undefined : q.is_approved === "true",
    is_public: q.is_public === undefined ? undefined : q.is_public === "true",
    tag_id: q.tag_id,
    q: q.q,
  };
}

/** `/v1/submissions…` and the signed media files under `{cdn_url}/signed/media/{token}`. */
export function submissionRoutes(deps: Deps) {
  return new Elysia()
    .use(authPlugin(deps))
    .get(
      "/v1/submissions",
      ({ auth, query }) => {
        const ctx = can(auth(), "submission:read");
        const filters = filtersFromQuery(query);
        return listSubmissions(deps, ctx, filters, pageRequest(deps.signer, "submissions", query, filters));
      },
      {
        query: listQuery,
        detail: { tags: ["Submissions"], summary: "List testimonials (newest first, or by relevance with q)" },
      },
    )
    .get(
      "/v1/submissions/:id",
      ({ auth, params }) => submissionDetail(deps, can(auth(), "submission:read"), params.id),
      {
        params: idParams,
        detail: { tags: ["Submissions"], summary: "One testimonial with its words, consent and media" },
      },
    )
    .get(
      "/v1/submissions/:id/transcript",
      ({ auth, params }) => {
        const ctx = can(auth(), "submission:read");
        getSubmissionRow(deps.db, ctx, params.id);
        const tr = getTranscriptRow(deps.db, params.id);
        if (!tr) throw notFound("transcript (written testimonials and recordings without speech have none)");
        return presentTranscript(tr);
      },
      { params: idParams, detail: { tags: ["Submissions"], summary: "Transcript with word timings" } },
    )
    .patch(
      "/v1/submissions/:id/transcript",
      ({ auth, params, body }) => editTranscript(deps, can(auth(), "submission:moderate"), params.id, body.text),
      {
        params: idParams,
        body: t.Object(
          {
            text: t.String({
              minLength: 1,
              maxLength: 20000,
              description: "The corrected words; timings are recomputed by forced alignment.",
            }),
          },
          { additionalProperties: false },
        ),
        detail: { tags: ["Submissions"], summary: "Correct the transcript (original kept, words re-timed)" },
      },
    )
    .post(
      "/v1/submissions/:id/approve",
      ({ auth, params, body }) =>
        presentSubmission(
          approve(deps, can(auth(), "submission:moderate"), params.id, { publish: body?.publish }),
          deps.config.cdnUrl,
        ),
      {
        params: idParams,
        body: t.Optional(
          t.Object(
            {
              publish: t.Optional(
                t.Boolean({
                  description:
                    "true: also make it public in the same step (approve and publish); false: also make it private; absent (or no body): visibility is left as it is.",
                }),
              ),
            },
            { additionalProperties: false },
          ),
        ),
        detail: {
          tags: ["Moderation"],
          summary: "Approve (emits submission.approved); optionally publish in the same step",
        },
      },
    )
    .post(
      "/v1/submissions/:id/unapprove",
      ({ auth, params }) =>
        presentSubmission(unapprove(deps, can(auth(), "submission:moderate"), params.id), deps.config.cdnUrl),
      { params: idParams, detail: { tags: ["Moderation"], summary: "Withdraw an approval" } },
    )
    .post(
      "/v1/submissions/:id/reject",
      ({ auth, params, body }) =>
        presentSubmission(reject(deps, can(auth(), "submission:moderate"), params.id, body.reason), deps.config.cdnUrl),
      {
        params: idParams,
        body: t.Object(
          {
            reason: t.String({
              minLength: 1,
              maxLength: 500,
              description: "Kept for the team; never shown to the respondent.",
            }),
          },
          { additionalProperties: false },
        ),
        detail: { tags: ["Moderation"], summary: "Reject with a reason (emits submission.rejected)" },
      },
    )
    .post(
      "/v1/submissions/:id/visibility",
      ({ auth, params, body }) =>
        presentSubmission(
          setVisibility(deps, can(auth(), "submission:moderate"), params.id, body.is_public),
          deps.config.cdnUrl,
        ),
      {
        params: idParams,
        body: t.Object({ is_public: t.Boolean() }, { additionalProperties: false }),
        detail: { tags: ["Moderation"], summary: "Make public or private" },
      },
    )
    .delete(
      "/v1/submissions/:id",
      ({ auth, params }) => {
        deleteSubmission(deps, can(auth(), "submission:moderate"), params.id);
        return { id: params.id, deleted: true };
      },
      { params: idParams, detail: { tags: ["Moderation"], summary: "Delete: hidden at once, erased moments later" } },
    )
    .post(
      "/v1/submissions/bulk",
      ({ auth, body }) => bulkModerate(deps, can(auth(), "submission:moderate"), body.action, body.ids, body.reason),
      {
        body: t.Object(
          {
            action: t.Union(BULK_ACTIONS.map((a) => t.Literal(a))),
            ids: t.Array(t.String({ maxLength: 64 }), { minItems: 1, maxItems: 100 }),
            reason: t.Optional(t.String({ minLength: 1, maxLength: 500 })),
          },
          { additionalProperties: false },
        ),
        detail: { tags: ["Moderation"], summary: "One action on up to 100 testimonials" },
      },
    )
    .post(
      "/v1/submissions/:id/reprocess",
      ({ auth, params, set }) => {
        const ctx = can(auth(), "submission:moderate");
        reprocessSubmission(deps.db, ctx, getSubmissionRow(deps.db, ctx, params.id));
        set.status = 202;
        return submissionDetail(deps, ctx, params.id);
      },
      { params: idParams, detail: { tags: ["Submissions"], summary: "Process a failed recording again" } },
    )
    .get(
      "/v1/submissions/:id/media/:variant",
      ({ auth, params }) => {
        const ctx = can(auth(), "submission:read");
        const row = getSubmissionRow(deps.db, ctx, params.id);
        const variant = requireVariant(row, params.variant, !!getTranscriptRow(deps.db, row.id));
        return signedMediaUrl(deps, row, variant);
      },
      {
        params: t.Object({ id: t.String({ maxLength: 64 }), variant: t.String({ maxLength: 20 }) }),
        detail: { tags: ["Submissions"], summary: "A signed, expiring URL of one media variant" },
      },
    )
    .use(mediaCdnRoutes(deps));
}
