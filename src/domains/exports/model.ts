/** Request schemas of the export routes: the list route's filters as JSON fields, and the format. */
import { t } from "elysia";
import { pageQuerySchema } from "../../platform/http/pagination";
import { bodyInteger } from "../../platform/http/strict-schema";

const filterFields = {
  brand_id: t.Optional(t.String({ minLength: 1, maxLength: 64, description: "Only this brand's testimonials." })),
  status: t.Optional(t.Union(["uploading", "processing", "ready", "failed"].map((s) => t.Literal(s)))),
  origin: t.Optional(t.Union([t.Literal("collected"), t.Literal("imported")])),
  is_approved: t.Optional(t.Boolean()),
  is_public: t.Optional(t.Boolean()),
  tag_id: t.Optional(t.String({ minLength: 1, maxLength: 64 })),
  q: t.Optional(t.String({ minLength: 1, maxLength: 200, description: "Full-text search, as on the list route." })),
};

const format = t.Union([t.Literal("csv"), t.Literal("json")]);

/** `POST /v1/exports`. */
export const createBody = t.Object({ format, ...filterFields }, { additionalProperties: false });

/** `POST /v1/exports/preview`. */
export const previewBody = t.Object(
  {
    format: t.Optional(format),
    limit: t.Optional(bodyInteger({ minimum: 1, maximum: 25, description: "Records to show (default 10)." })),
    ...filterFields,
  },
  { additionalProperties: false },
);

/** `GET /v1/exports`. */
export const listQuery = t.Object(pageQuerySchema);

/** `{id}` of an export. */
export const idParams = t.Object({ id: t.String({ maxLength: 64 }) });

/** `{token}` of a download. */
export const tokenParams = t.Object({ token: t.String({ maxLength: 300 }) });
