/** Tag routes: the tag list and tagging testimonials. */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { pageRequest } from "../../platform/http/pagination";
import { accessPlugin, command } from "../../platform/access";
import { reader } from "../../platform/db/unit-of-work";
import {
  createTag,
  deleteTag,
  listTags,
  tagsOf,
  tagSubmission,
  untagSubmission,
  updateTag,
  getTag,
  presentTag,
} from "./tags";
import { getSubmissionRow } from "./read";

import {
  deletedSchema,
  idParams,
  newTagBody,
  submissionTagParams,
  tagListQuery,
  tagListSchema,
  tagPageSchema,
  tagParams,
  tagPatchBody,
  tagSchema,
  tagSubmissionBody,
} from "./model";

/** `/v1/tags…` and `/v1/submissions/{id}/tags…`. */
export function tagRoutes(deps: Deps) {
  return new Elysia({ prefix: "/v1" })
    .use(accessPlugin(deps))
    .get(
      "/tags",
      ({ ctx, query }) =>
        listTags(
          reader(deps, ctx),
          pageRequest(deps.signer, "tags", query, { brand_id: query.brand_id }),
          query.brand_id,
        ),
      {
        access: { permission: "submission:read", brand: "list" },
        query: tagListQuery,
        response: tagPageSchema,
        detail: {
          tags: ["Tags"],
          summary: "List tags, newest first, with their brand (client logins: their brands' tags only)",
        },
      },
    )
    .use(
      command(deps, "POST", "/tags", {
        permission: "tag:manage",
        brand: "body",
        body: newTagBody,
        response: { 201: tagSchema },
        detail: { tags: ["Tags"], summary: "Create a tag for a brand, or shared by every brand" },
        run: (tx, { body }) => createTag(tx, body),
      }),
    )
    .get("/tags/:tag_id", ({ ctx, params }) => presentTag(getTag(reader(deps, ctx), params.tag_id)), {
      access: { permission: "submission:read", brand: "path" },
      params: tagParams,
      response: tagSchema,
      detail: { tags: ["Tags"], summary: "Get a tag" },
    })
    .use(
      command(deps, "PATCH", "/tags/:tag_id", {
        permission: "tag:manage",
        brand: "path",
        params: tagParams,
        body: tagPatchBody,
        response: tagSchema,
        detail: { tags: ["Tags"], summary: "Rename or recolour a tag" },
        run: (tx, { params, body }) => updateTag(tx, params.tag_id, body),
      }),
    )
    .use(
      command(deps, "DELETE", "/tags/:tag_id", {
        permission: "tag:manage",
        brand: "path",
        params: tagParams,
        response: deletedSchema,
        detail: { tags: ["Tags"], summary: "Delete a tag (taken off every testimonial)" },
        run: (tx, { params }) => {
          deleteTag(tx, params.tag_id);
          return { id: params.tag_id, deleted: true as const };
        },
      }),
    )
    .get(
      "/submissions/:id/tags",
      ({ ctx, params }) => {
        const r = reader(deps, ctx);
        getSubmissionRow(r, params.id);
        return { data: tagsOf(r, params.id) };
      },
      {
        access: { permission: "submission:read", brand: "path" },
        params: idParams,
        response: tagListSchema,
        detail: { tags: ["Tags"], summary: "A testimonial's tags" },
      },
    )
    .use(
      command(deps, "POST", "/submissions/:id/tags", {
        permission: "submission:moderate",
        brand: "path",
        params: idParams,
        body: tagSubmissionBody,
        response: tagListSchema,
        detail: { tags: ["Tags"], summary: "Tag a testimonial" },
        run: (tx, { params, body }) => ({ data: tagSubmission(tx, params.id, body.tag_id) }),
      }),
    )
    .use(
      command(deps, "DELETE", "/submissions/:id/tags/:tag_id", {
        permission: "submission:moderate",
        brand: "path",
        params: submissionTagParams,
        response: tagListSchema,
        detail: { tags: ["Tags"], summary: "Untag a testimonial" },
        run: (tx, { params }) => ({ data: untagSubmission(tx, params.id, params.tag_id) }),
      }),
    );
}
