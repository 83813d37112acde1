/**
 * Testimonial routes: list and search, detail, corrections of the respondent's details, transcript, moderation (and
 * of a photo waiting for review), media. Adding one by hand (`POST /v1/submissions`) is the imports module's.
 */
import { shareCard } from "./share-card";
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { notFound } from "../../platform/errors";
import { pageRequest } from "../../platform/http/pagination";
import { accessPlugin, command } from "../../platform/access";
import { reader } from "../../platform/db/unit-of-work";
import { listSubmissions } from "./list";
import { getSubmissionRow, getTranscriptRow, submissionDetail } from "./read";
import { presentTranscript } from "./present";
import { editTranscript } from "./transcript-edit";
import { confirmTranscript } from "./transcript-confirm";
import { reprocessSubmission } from "./status";
import { approve, deleteSubmission, reject, setVisibility, unapprove } from "./moderation";
import { bulkModerate } from "./bulk";
import { correctDetails } from "./correct";
import { correctionBody } from "./correction-model";
import { approvePendingPhoto, rejectPendingPhoto } from "./photo-review";
import {
  approveBody,
  bulkBody,
  bulkResultSchema,
  deletedSchema,
  idParams,
  cardQuery,
  listQuery,
  rejectBody,
  signedMediaSchema,
  submissionDetailSchema,
  submissionPageSchema,
  submissionSchema,
  transcriptBody,
  transcriptSchema,
  variantParams,
  visibilityBody,
} from "./model";
import { presentSubmission } from "./present";
import { requireVariant, signedMediaUrl } from "./media-links";
import { mediaCdnRoutes } from "./media-cdn";
import { editRoutes } from "./edit-routes";

export { listQuery } from "./model";

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
  return (
    new Elysia()
      .use(accessPlugin(deps))
      .get(
        "/v1/submissions",
        ({ ctx, query }) => {
          const filters = filtersFromQuery(query);
          return listSubmissions(reader(deps, ctx), filters, pageRequest(deps.signer, "submissions", query, filters));
        },
        {
          access: { permission: "submission:read", brand: "list" },
          query: listQuery,
          response: submissionPageSchema,
          detail: { tags: ["Submissions"], summary: "List testimonials (newest first, or by relevance with q)" },
        },
      )
      .get("/v1/submissions/:id", ({ ctx, params }) => submissionDetail(reader(deps, ctx), params.id), {
        access: { permission: "submission:read", brand: "path" },
        params: idParams,
        response: submissionDetailSchema,
        detail: { tags: ["Submissions"], summary: "One testimonial with its words, consent and media" },
      })
      .get(
        "/v1/submissions/:id/card.png",
        async ({ ctx, params, query }) => {
          const row = getSubmissionRow(reader(deps, ctx), params.id);
          const size = query.size ?? "square";
          const png = await shareCard(deps, row, size);
          return new Response(png as BodyInit, {
            headers: {
              "content-type": "image/png",
              "content-disposition": `${query.download === "1" ? "attachment" : "inline"}; filename="${row.id}-${size}.png"`,
              "cache-control": "private, max-age=300",
            },
          });
        },
        {
          access: { permission: "submission:read", brand: "path" },
          params: idParams,
          query: cardQuery,
          detail: {
            tags: ["Submissions"],
            summary:
              "A share image of the testimonial: square 1080×1080, story 1080×1920 or landscape 1200×630 (brand colour, logo and letters, the person, the stars, the words set to fit)",
            responses: {
              200: {
                description: "The PNG.",
                content: { "image/png": { schema: { type: "string" as const, format: "binary" } } },
              },
            },
          },
        },
      )
      .get(
        "/v1/submissions/:id/transcript",
        ({ ctx, params }) => {
          const row = getSubmissionRow(reader(deps, ctx), params.id);
          const tr = getTranscriptRow(deps.db, params.id);
          if (!tr) throw notFound("transcript (written testimonials and recordings without speech have none)");
          return presentTranscript(tr, row);
        },
        {
          access: { permission: "submission:read", brand: "path" },
          params: idParams,
          response: transcriptSchema,
          detail: { tags: ["Submissions"], summary: "Transcript with word timings" },
        },
      )
      // Not a command: a new photo is decoded and stored (awaited) before the correction is written.
      .patch("/v1/submissions/:id", ({ ctx, params, body }) => correctDetails(deps, ctx, params.id, body), {
        access: { permission: "submission:moderate", brand: "path" },
        params: idParams,
        body: correctionBody,
        response: submissionDetailSchema,
        detail: {
          tags: ["Submissions"],
          summary:
            "Correct the respondent's details (name, title, company, photo, answers); the first values are kept and shown as `original`",
          description:
            "Fields not sent stay as they are; any other field is refused (400), and so is a blank name. The first value of each corrected field is kept (`original` in the answer, `corrected_at` set) and an audit entry `submission.corrected` names the fields changed. Widgets, walls and share images show the corrected details at once.",
        },
      })
      // Not a command: the edit awaits the re-timing of the words before it writes.
      .patch(
        "/v1/submissions/:id/transcript",
        ({ ctx, params, body }) => editTranscript(deps, ctx, params.id, body.text),
        {
          access: { permission: "submission:moderate", brand: "path" },
          params: idParams,
          body: transcriptBody,
          response: transcriptSchema,
          detail: { tags: ["Submissions"], summary: "Correct the transcript (original kept, words re-timed)" },
        },
      )
      .use(
        command(deps, "POST", "/v1/submissions/:id/transcript/confirm", {
          permission: "submission:moderate",
          brand: "path",
          params: idParams,
          response: transcriptSchema,
          detail: {
            tags: ["Submissions"],
            summary: "Confirm the transcript as it is: a machine draft becomes checked words public places may show",
          },
          run: (tx, { params }) => confirmTranscript(tx, params.id),
        }),
      )
      .use(
        command(deps, "POST", "/v1/submissions/:id/approve", {
          permission: "submission:moderate",
          brand: "path",
          params: idParams,
          body: approveBody,
          response: submissionSchema,
          detail: {
            tags: ["Moderation"],
            summary: "Approve (emits submission.approved); optionally publish in the same step",
          },
          run: (tx, { params, body }) =>
            presentSubmission(
              approve(tx, params.id, { publish: body?.publish, hideWords: body?.hide_words }),
              deps.config.cdnUrl,
            ),
        }),
      )
      .use(
        command(deps, "POST", "/v1/submissions/:id/unapprove", {
          permission: "submission:moderate",
          brand: "path",
          params: idParams,
          response: submissionSchema,
          detail: { tags: ["Moderation"], summary: "Withdraw an approval" },
          run: (tx, { params }) => presentSubmission(unapprove(tx, params.id), deps.config.cdnUrl),
        }),
      )
      .use(
        command(deps, "POST", "/v1/submissions/:id/reject", {
          permission: "submission:moderate",
          brand: "path",
          params: idParams,
          body: rejectBody,
          response: submissionSchema,
          detail: { tags: ["Moderation"], summary: "Reject with a reason (emits submission.rejected)" },
          run: (tx, { params, body }) => presentSubmission(reject(tx, params.id, body.reason), deps.config.cdnUrl),
        }),
      )
      .use(
        command(deps, "POST", "/v1/submissions/:id/visibility", {
          permission: "submission:moderate",
          brand: "path",
          params: idParams,
          body: visibilityBody,
          response: submissionSchema,
          detail: { tags: ["Moderation"], summary: "Make public or private" },
          run: (tx, { params, body }) =>
            presentSubmission(
              setVisibility(tx, params.id, body.is_public, { hideWords: body.hide_words }),
              deps.config.cdnUrl,
            ),
        }),
      )
      .use(
        command(deps, "DELETE", "/v1/submissions/:id", {
          permission: "submission:moderate",
          brand: "path",
          params: idParams,
          response: deletedSchema,
          detail: { tags: ["Moderation"], summary: "Delete: hidden at once, erased moments later" },
          run: (tx, { params }) => {
            deleteSubmission(tx, params.id);
            return { id: params.id, deleted: true as const };
          },
        }),
      )
      // Each testimonial's change is a savepoint: one that fails rolls back alone, the rest commit together.
      .use(
        command(deps, "POST", "/v1/submissions/bulk", {
          permission: "submission:moderate",
          brand: "body",
          body: bulkBody,
          response: bulkResultSchema,
          detail: { tags: ["Moderation"], summary: "One action on up to 100 testimonials" },
          run: (tx, { body }) =>
            bulkModerate(tx, body.action, body.ids, body.reason, { hideDraftWords: body.hide_draft_words }),
        }),
      )
      .use(
        command(deps, "POST", "/v1/submissions/:id/photo/approve", {
          permission: "submission:moderate",
          brand: "path",
          params: idParams,
          response: submissionDetailSchema,
          detail: {
            tags: ["Moderation"],
            summary:
              "Accept the photo waiting for review: it becomes the photo, and the published avatar where the testimonial is shown",
          },
          run: (tx, { params }) => {
            approvePendingPhoto(tx, params.id);
            return submissionDetail(tx, params.id);
          },
        }),
      )
      .use(
        command(deps, "POST", "/v1/submissions/:id/photo/reject", {
          permission: "submission:moderate",
          brand: "path",
          params: idParams,
          response: submissionDetailSchema,
          detail: {
            tags: ["Moderation"],
            summary: "Discard the photo waiting for review; the accepted photo stays",
          },
          run: (tx, { params }) => {
            rejectPendingPhoto(tx, params.id);
            return submissionDetail(tx, params.id);
          },
        }),
      )
      .use(
        command(deps, "POST", "/v1/submissions/:id/reprocess", {
          permission: "submission:moderate",
          brand: "path",
          params: idParams,
          response: { 202: submissionDetailSchema },
          detail: { tags: ["Submissions"], summary: "Process a failed recording again" },
          run: (tx, { params }) => {
            reprocessSubmission(tx, getSubmissionRow(tx, params.id));
            return submissionDetail(tx, params.id);
          },
        }),
      )
      .get(
        "/v1/submissions/:id/media/:variant",
        ({ ctx, params }) => {
          const row = getSubmissionRow(reader(deps, ctx), params.id);
          const variant = requireVariant(row, params.variant, !!getTranscriptRow(deps.db, row.id));
          return signedMediaUrl(deps, row, variant);
        },
        {
          access: { permission: "submission:read", brand: "path" },
          params: variantParams,
          response: signedMediaSchema,
          detail: { tags: ["Submissions"], summary: "A signed, expiring URL of one media variant" },
        },
      )
      .use(editRoutes(deps))
      .use(mediaCdnRoutes(deps))
  );
}
