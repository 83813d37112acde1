/**
 * Public capture routes (no account): the link's page data, sending a testimonial, and the resumable upload
 * (tus 1.0: OPTIONS, HEAD, PATCH, and DELETE from the termination extension; every one but OPTIONS must say
 * `Tus-Resumable: 1.0.0`, tus-version.ts). The capture page may live on another origin (`site_url`), so these answer
 * CORS.
 */
import { readCapped, readForm } from "../../platform/http/body-limits";
import { Elysia, t } from "elysia";
import type { Deps } from "../../platform/deps";
import { AppError } from "../../platform/errors";
import { linkView } from "./link-view";
import { startSubmission } from "./start";
import { appendChunk, discardUpload, resolveUpload, uploadOffset } from "./uploads";
import {
  linkParam,
  linkViewSchema,
  photoAddedSchema,
  startBody,
  startedSchema,
  submissionParam,
  CAPTURE_LIMITS,
  PHOTO_LIMITS,
  TUS_ANSWERS,
} from "./model";
import { attachPhoto, checkPhotoAddress } from "./photo";
import { CaptureLimits } from "./limits";
import { clientAddress } from "../../platform/client-address";
import { noteRequestAnswer } from "../campaigns";
import { siteOrigin } from "../brands";
import { requireTusVersion, TUS_HEADERS, TUS_VERSION } from "./tus-version";

/** The tus version check, before anything else of an upload request (412 with Tus-Version otherwise). */
const speaksTus = ({ request, set }: { request: Request; set: { headers: Record<string, string | number> } }) =>
  requireTusVersion(request, set.headers);

function cors(deps: Deps, request: Request): Record<string, string> {
  return {
    "access-control-allow-origin": siteOrigin(deps, request),
    "access-control-allow-methods": "GET, POST, HEAD, PATCH, DELETE, OPTIONS",
    "access-control-allow-headers":
      "content-type, idempotency-key, tus-resumable, upload-offset, upload-length, upload-metadata, x-http-method-override",
    "access-control-expose-headers": "upload-offset, upload-length, tus-resumable, location",
    "access-control-max-age": "600",
    vary: "Origin",
  };
}

const uploadQuery = t.Object({
  exp: t.Optional(t.String({ maxLength: 20 })),
  sig: t.Optional(t.String({ maxLength: 64 })),
});
const uploadParams = t.Object({ upload_id: t.String({ maxLength: 64 }) });

/** The photo upload's body, for the OpenAPI document (the route reads the form itself). */
const PHOTO_BODY = {
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object" as const,
        required: ["file"],
        properties: {
          file: {
            type: "string" as const,
            format: "binary",
            description: `JPEG, PNG, WebP, GIF or AVIF, up to ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB; cropped square, metadata removed.`,
          },
        },
      },
    },
  },
};

/** `/public/links/{id}`, `/public/links/{id}/submissions`, `/public/submissions/{id}/photo`, `/public/uploads/{id}`. */
export function captureRoutes(deps: Deps) {
  const limits = new CaptureLimits(deps.clock);
  return (
    new Elysia({ prefix: "/public" })
      .onAfterHandle(({ request, set }) => {
        Object.assign(set.headers, cors(deps, request), { "cache-control": "no-store" });
      })
      .options(
        "/*",
        ({ request }) =>
          new Response(null, {
            status: 204,
            headers: {
              ...cors(deps, request),
              ...TUS_HEADERS,
              "tus-version": TUS_VERSION,
              "tus-extension": "termination",
              "tus-max-size": String(CAPTURE_LIMITS.maxVideoBytes),
            },
          }),
      )
      .get("/links/:link_id", ({ params }) => linkView(deps, params.link_id), {
        params: linkParam,
        response: linkViewSchema,
        detail: { tags: ["Capture"], summary: "What the capture page shows for a link" },
      })
      .post(
        "/links/:link_id/submissions",
        ({ params, body, set, headers, request, server }) => {
          const sent = limits.guard(params.link_id, clientAddress(request, server, deps.config), set, () =>
            startSubmission(deps, params.link_id, body, headers["idempotency-key"], headers["accept-language"]),
          );
          // A personal link's token (request campaigns): the campaigns module ties the testimonial to that person.
          noteRequestAnswer(deps, sent.submission_id, body.request_token);
          set.status = 201;
          return sent;
        },
        {
          params: linkParam,
          body: startBody,
          response: { 201: startedSchema },
          detail: { tags: ["Capture"], summary: "Send a testimonial: written at once, or start a recording's upload" },
        },
      )
      // The form is read only once the signed address checks out (a stranger's upload is never parsed).
      .post(
        "/submissions/:submission_id/photo",
        async ({ params, query, request }) => {
          checkPhotoAddress(deps, params.submission_id, query.exp, query.sig);
          const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
          if (type !== "multipart/form-data")
            throw new AppError(
              "validation_failed",
              400,
              "Send the photo as multipart form field `file` (Content-Type: multipart/form-data).",
              { field: "file" },
            );
          const form = await readForm(request);
          return attachPhoto(deps, params.submission_id, form.file as Blob | undefined);
        },
        {
          params: submissionParam,
          query: uploadQuery,
          parse: "none",
          response: photoAddedSchema,
          detail: {
            tags: ["Capture"],
            summary: "Add the respondent's photo to a testimonial just sent (the signed address from the send answer)",
            requestBody: PHOTO_BODY,
          },
        },
      )
      .head(
        "/uploads/:upload_id",
        async ({ params, query, request }) => {
          const row = resolveUpload(deps, params.upload_id, query.exp, query.sig);
          return new Response(null, {
            status: 200,
            headers: {
              ...cors(deps, request),
              ...TUS_HEADERS,
              "upload-offset": String(await uploadOffset(deps, row)),
              "upload-length": String(row.length),
              "cache-control": "no-store",
            },
          });
        },
        {
          params: uploadParams,
          query: uploadQuery,
          beforeHandle: speaksTus,
          detail: { tags: ["Capture"], summary: "tus: how many bytes the server has", responses: TUS_ANSWERS.head },
        },
      )
      .patch(
        "/uploads/:upload_id",
        async ({ params, query, request }) => {
          const row = resolveUpload(deps, params.upload_id, query.exp, query.sig);
          if (!(request.headers.get("content-type") ?? "").startsWith("application/offset+octet-stream")) {
            throw new AppError(
              "unsupported_media_type",
              415,
              "Send upload chunks with Content-Type: application/offset+octet-stream.",
            );
          }
          const offset = Number(request.headers.get("upload-offset"));
          if (!Number.isInteger(offset) || offset < 0)
            throw new AppError("validation_failed", 400, "Upload-Offset must be a whole number of bytes.", {
              field: "Upload-Offset",
            });
          // Read at most twice the agreed chunk size: a larger chunk is refused as soon as its bytes pass the cap.
          const chunk = await readCapped(request, CAPTURE_LIMITS.chunkBytes * 2).catch((e) => {
            if (e instanceof AppError && e.status === 413)
              throw new AppError("chunk_too_large", 413, `Send chunks of at most ${CAPTURE_LIMITS.chunkBytes} bytes.`);
            throw e;
          });
          const now = await appendChunk(deps, row, offset, chunk);
          return new Response(null, {
            status: 204,
            headers: { ...cors(deps, request), ...TUS_HEADERS, "upload-offset": String(now) },
          });
        },
        {
          params: uploadParams,
          query: uploadQuery,
          parse: "none",
          beforeHandle: speaksTus,
          detail: { tags: ["Capture"], summary: "tus: append bytes at Upload-Offset", responses: TUS_ANSWERS.patch },
        },
      )
      .delete(
        "/uploads/:upload_id",
        ({ params, query, request }) => {
          discardUpload(deps, resolveUpload(deps, params.upload_id, query.exp, query.sig));
          return new Response(null, { status: 204, headers: { ...cors(deps, request), ...TUS_HEADERS } });
        },
        {
          params: uploadParams,
          query: uploadQuery,
          beforeHandle: speaksTus,
          detail: {
            tags: ["Capture"],
            summary: "tus termination: discard an unfinished recording (its partial file and its testimonial)",
            responses: TUS_ANSWERS.delete,
          },
        },
      )
  );
}
