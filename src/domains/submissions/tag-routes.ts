/** Tag routes: the tag list and tagging testimonials. */
import { Elysia, t } from "elysia";
import type { Deps } from "../../platform/deps";
import { pageQuerySchema, pageRequest } from "../../platform/http/pagination";
import { authPlugin, can } from "../accounts";
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
    .use(authPlugin(deps))
    .get(
      "/tags",
      ({ auth, query }) => listTags(deps, can(auth(), "submission:read"), pageRequest(deps.signer, "tags", query)),
      {
        query: t.Object(pageQuerySchema),
        response: tagPageSchema,
        detail: { tags: ["Tags"], summary: "List tags, newest first" },
      },
    )
    .post(
      "/tags",
      ({ auth, body, set }) => {
        set.status = 201;
        return createTag(deps, can(auth(), "tag:manage"), body);
      },
      {
        body: newTagBody,
        response: { 201: tagSchema },
        detail: { tags: ["Tags"], summary: "Create a tag" },
      },
    )
    .get(
      "/tags/:tag_id",
      ({ auth, params }) => presentTag(getTag(deps.db, can(auth(), "submission:read"), params.tag_id)),
      { params: tagParams, response: tagSchema, detail: { tags: ["Tags"], summary: "Get a tag" } },
    )
    .patch(
      "/tags/:tag_id",
      ({ auth, params, body }) => updateTag(deps, can(auth(), "tag:manage"), params.tag_id, body),
      {
        params: tagParams,
        body: tagPatchBody,
        response: tagSchema,
        detail: { tags: ["Tags"], summary: "Rename or recolour a tag" },
      },
    )
    .delete(
      "/tags/:tag_id",
      ({ auth, params }) => {
        deleteTag(deps, can(auth(), "tag:manage"), params.tag_id);
        return { id: params.tag_id, deleted: true as const };
      },
      {
        params: tagParams,
        response: deletedSchema,
        detail: { tags: ["Tags"], summary: "Delete a tag (taken off every testimonial)" },
      },
    )
    .get(
      "/submissions/:id/tags",
      ({ auth, params }) => {
        const ctx = can(auth(), "submission:read");
        getSubmissionRow(deps.db, ctx, params.id);
        return { data: tagsOf(deps.db, params.id) };
      },
      { params: idParams, response: tagListSchema, detail: { tags: ["Tags"], summary: "A testimonial's tags" } },
    )
    .post(
      "/submissions/:id/tags",
      ({ auth, params, body }) => ({
        data: tagSubmission(deps, can(auth(), "submission:moderate"), params.id, body.tag_id),
      }),
      {
        params: idParams,
        body: tagSubmissionBody,
        response: tagListSchema,
        detail: { tags: ["Tags"], summary: "Tag a testimonial" },
      },
    )
    .delete(
      "/submissions/:id/tags/:tag_id",
      ({ auth, params }) => ({
        data: untagSubmission(deps, can(auth(), "submission:moderate"), params.id, params.tag_id),
      }),
      {
        params: submissionTagParams,
        response: tagListSchema,
        detail: { tags: ["Tags"], summary: "Untag a testimonial" },
      },
    );
}
