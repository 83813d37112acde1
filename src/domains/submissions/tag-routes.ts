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

const color = t.String({ pattern: "^#[0-9a-fA-F]{6}$" });
const tagParams = t.Object({ tag_id: t.String({ maxLength: 64 }) });
const subParams = t.Object({ id: t.String({ maxLength: 64 }) });

/** `/v1/tags…` and `/v1/submissions/{id}/tags…`. */
export function tagRoutes(deps: Deps) {
  return new Elysia({ prefix: "/v1" })
    .use(authPlugin(deps))
    .get(
      "/tags",
      ({ auth, query }) => listTags(deps, can(auth(), "submission:read"), pageRequest(deps.signer, "tags", query)),
      { query: t.Object(pageQuerySchema), detail: { tags: ["Tags"], summary: "List tags, newest first" } },
    )
    .post(
      "/tags",
      ({ auth, body, set }) => {
        set.status = 201;
        return createTag(deps, can(auth(), "submission:moderate"), body);
      },
      {
        body: t.Object(
          { name: t.String({ minLength: 1, maxLength: 40 }), color: t.Optional(color) },
          { additionalProperties: false },
        ),
        detail: { tags: ["Tags"], summary: "Create a tag" },
      },
    )
    .get(
      "/tags/:tag_id",
      ({ auth, params }) => presentTag(getTag(deps.db, can(auth(), "submission:read"), params.tag_id)),
      { params: tagParams, detail: { tags: ["Tags"], summary: "Get a tag" } },
    )
    .patch(
      "/tags/:tag_id",
      ({ auth, params, body }) => updateTag(deps, can(auth(), "submission:moderate"), params.tag_id, body),
      {
        params: tagParams,
        body: t.Object(
          { name: t.Optional(t.String({ minLength: 1, maxLength: 40 })), color: t.Optional(color) },
          { additionalProperties: false },
        ),
        detail: { tags: ["Tags"], summary: "Rename or recolour a tag" },
      },
    )
    .delete(
      "/tags/:tag_id",
      ({ auth, params }) => {
        deleteTag(deps, can(auth(), "submission:moderate"), params.tag_id);
        return { id: params.tag_id, deleted: true };
      },
      { params: tagParams, detail: { tags: ["Tags"], summary: "Delete a tag (taken off every testimonial)" } },
    )
    .get(
      "/submissions/:id/tags",
      ({ auth, params }) => {
        const ctx = can(auth(), "submission:read");
        getSubmissionRow(deps.db, ctx, params.id);
        return { data: tagsOf(deps.db, params.id) };
      },
      { params: subParams, detail: { tags: ["Tags"], summary: "A testimonial's tags" } },
    )
    .post(
      "/submissions/:id/tags",
      ({ auth, params, body }) => ({
        data: tagSubmission(deps, can(auth(), "submission:moderate"), params.id, body.tag_id),
      }),
      {
        params: subParams,
        body: t.Object({ tag_id: t.String({ maxLength: 64 }) }, { additionalProperties: false }),
        detail: { tags: ["Tags"], summary: "Tag a testimonial" },
      },
    )
    .delete(
      "/submissions/:id/tags/:tag_id",
      ({ auth, params }) => ({
        data: untagSubmission(deps, can(auth(), "submission:moderate"), params.id, params.tag_id),
      }),
      {
        params: t.Object({ id: t.String({ maxLength: 64 }), tag_id: t.String({ maxLength: 64 }) }),
        detail: { tags: ["Tags"], summary: "Untag a testimonial" },
      },
    );
}
