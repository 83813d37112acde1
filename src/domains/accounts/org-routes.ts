/**
 * The organisation's own settings: `GET /v1/org` (every member, and keys with brands:read), `PATCH /v1/org` (owners
 * and admins: name, colour), `POST /v1/org/logo` (multipart field `file`) and `DELETE /v1/org/logo`. The logo
 * routes write a file around their transaction, so they are hand-written handlers, not commands, and open their unit
 * of work themselves (org-logo.ts).
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { invalid } from "../../platform/errors";
import { readForm } from "../../platform/http/body-limits";
import { accessPlugin } from "../../platform/access";
import { command } from "../../platform/access";
import { getOrg } from "./orgs";
import { orgPatchBody, orgSchema } from "./org-model";
import { presentOrg, updateOrg } from "./org-settings";
import { removeOrgLogo, setOrgLogo } from "./org-logo";

/** The logo upload's body, for the OpenAPI document (the route reads the form itself). */
const LOGO_BODY = {
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
            description: "PNG, JPEG, WebP, GIF, SVG or AVIF, up to 5 MB; fitted into 512×512 and published as PNG.",
          },
        },
      },
    },
  },
};

/** `/v1/org` and its logo. */
export function orgRoutes(deps: Deps) {
  return (
    new Elysia()
      .use(accessPlugin(deps))
      .get("/org", ({ ctx }) => presentOrg(deps, getOrg(deps.db, ctx.orgId)), {
        access: { permission: "org:read", brand: "none" },
        response: orgSchema,
        detail: { tags: ["Organisation"], summary: "The organisation's name, logo and colour" },
      })
      .use(
        command(deps, "PATCH", "/org", {
          permission: "org:write",
          body: orgPatchBody,
          response: orgSchema,
          detail: {
            tags: ["Organisation"],
            summary: "Rename the organisation or change its colour (owners and admins)",
          },
          run: (tx, { body }) => updateOrg(tx, body),
        }),
      )
      // The form is read only after the caller may change the organisation (a stranger's upload is never parsed).
      .post(
        "/org/logo",
        async ({ ctx, request }) => {
          const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
          if (type !== "multipart/form-data")
            throw invalid("Send the image as multipart form field `file` (Content-Type: multipart/form-data).", "file");
          const form = await readForm(request);
          return setOrgLogo(deps, ctx, form.file as Blob | undefined);
        },
        {
          access: "org:write",
          parse: "none",
          response: orgSchema,
          detail: {
            tags: ["Organisation"],
            summary: "Upload the organisation's logo (multipart field `file`)",
            requestBody: LOGO_BODY,
          },
        },
      )
      .delete("/org/logo", ({ ctx }) => removeOrgLogo(deps, ctx), {
        access: "org:write",
        response: orgSchema,
        detail: { tags: ["Organisation"], summary: "Remove the organisation's logo" },
      })
  );
}
