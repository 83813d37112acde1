/**
 * Export routes. Reading exports and previews needs `submission:read`; starting or deleting one needs
 * `submission:moderate` (key scope `submissions:write`), as the scope table says. The file is downloaded from
 * `/public/exports/{token}` (signed, one hour).
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { pageRequest } from "../../platform/http/pagination";
import { accessPlugin, command } from "../../platform/access";
import { reader } from "../../platform/db/unit-of-work";
import {
  createBody,
  exportDeletedSchema,
  exportPageSchema,
  exportPreviewSchema,
  exportRecordSchema,
  exportSchema,
  idParams,
  listQuery,
  previewBody,
  tokenParams,
} from "./model";
import { createExport, deleteExport, getExport, listExports, previewExport } from "./service";
import { downloadResponse } from "./download";

/** `/v1/exports…` and `/public/exports/{token}`. */
export function exportRoutes(deps: Deps) {
  return new Elysia()
    .use(accessPlugin(deps))
    .use(
      command(deps, "POST", "/v1/exports", {
        permission: "submission:moderate",
        brand: "body",
        body: createBody,
        response: { 201: exportSchema },
        detail: {
          tags: ["Exports"],
          summary: "Export testimonials (CSV or JSON) with the list's filters; built by a job, then export.ready",
        },
        run: (tx, { body }) => createExport(tx, body),
      }),
    )
    .post("/v1/exports/preview", ({ ctx, body }) => previewExport(reader(deps, ctx), body), {
      access: { permission: "submission:read", brand: "body" },
      body: previewBody,
      response: exportPreviewSchema,
      detail: { tags: ["Exports"], summary: "The count and first records an export would hold; nothing is built" },
    })
    .get(
      "/v1/exports",
      ({ ctx, query }) => listExports(reader(deps, ctx), pageRequest(deps.signer, "exports", query)),
      {
        access: { permission: "submission:read", brand: "list" },
        query: listQuery,
        response: exportPageSchema,
        detail: { tags: ["Exports"], summary: "List exports, newest first" },
      },
    )
    .get("/v1/exports/:id", ({ ctx, params }) => getExport(reader(deps, ctx), params.id), {
      access: { permission: "submission:read", brand: "path" },
      params: idParams,
      response: exportSchema,
      detail: { tags: ["Exports"], summary: "One export; a ready one carries a fresh download URL (valid one hour)" },
    })
    .use(
      command(deps, "DELETE", "/v1/exports/:id", {
        permission: "submission:moderate",
        brand: "path",
        params: idParams,
        response: exportDeletedSchema,
        detail: { tags: ["Exports"], summary: "Delete an export and its file" },
        run: (tx, { params }) => deleteExport(tx, params.id),
      }),
    )
    .get("/public/exports/:token", ({ params }) => downloadResponse(deps, params.token), {
      params: tokenParams,
      detail: {
        tags: ["Exports"],
        summary: "Download an export's file (signed URL)",
        responses: {
          200: {
            description: "The file, as an attachment.",
            content: {
              "text/csv": { schema: { type: "string", description: "CSV with a header line (the columns)." } },
              "application/json": {
                schema: { type: "array", items: exportRecordSchema as unknown as Record<string, unknown> },
              },
            },
          },
        },
      },
    });
}
