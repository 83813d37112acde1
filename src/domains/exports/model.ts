/**
 * Request and response schemas of the export routes: the list route's filters as JSON fields, the format, and an
 * export and a preview as answers show them (an export's `filters` is the request's filter fields).
 */
import { t, type Static } from "elysia";
import { Type } from "@sinclair/typebox";
import { pageQuerySchema, pageSchema } from "../../platform/http/pagination";
import { bodyInteger } from "../../platform/http/strict-schema";
import {
  address,
  count,
  maybeTimestamp,
  modeField,
  nullable,
  oneOf,
  timestamp,
} from "../../platform/http/response-schema";
import { submissionFilterFields } from "../submissions";
import { COLUMNS, type Column } from "./columns";

/** The testimonial list's filters as JSON fields, defined once by submissions. */
const filterFields = submissionFilterFields;

const format = oneOf(["csv", "json"]);

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

/** The filters an export holds: the request's filter fields (and, on a client's export, its brands). */
export const exportFiltersSchema = t.Object({
  ...filterFields,
  brand_ids: t.Optional(
    t.Array(t.String(), { description: "Set on an export a client asked for: the only brands it holds." }),
  ),
});

/** An export; a ready one carries a fresh download URL. */
export const exportSchema = t.Object({
  id: t.String(),
  format,
  status: oneOf(
    ["queued", "building", "ready", "failed", "expired"],
    "queued → building → ready or failed; expired once the file is gone.",
  ),
  filters: exportFiltersSchema,
  row_count: nullable(count(), "Records in the file (known once building counted them)."),
  progress: t.Object({ done: count(), total: nullable(count()) }),
  byte_size: nullable(count(), "Size of the file when ready."),
  download_url: nullable(address(), "Signed download address, valid one hour (ready exports)."),
  download_url_expires_at: maybeTimestamp(),
  file_expires_at: maybeTimestamp("When the file is deleted."),
  reason: nullable(t.String(), "Why it failed or expired: time_up, erased, deleted, or a build error."),
  mode: modeField,
  created_at: timestamp(),
  ready_at: maybeTimestamp(),
  updated_at: timestamp(),
});
/** The export answer's type. */
export type ExportView = Static<typeof exportSchema>;

/** One value of a record: JSON keeps its type (tags are a list); CSV writes it as text. */
const cell = t.Union([t.String(), Type.Number(), t.Boolean(), t.Null(), t.Array(t.String())]);

/** One testimonial as an export record: every column, in file order, then its answers to the link's questions. */
export const exportRecordSchema = t.Object({
  ...(Object.fromEntries(COLUMNS.map((c) => [c, cell])) as Record<Column, typeof cell>),
  custom_fields: t.Array(t.Object({ id: t.String(), label: t.String(), value: t.Union([t.String(), t.Boolean()]) }), {
    description:
      "Answers to the link's own questions, each with the question as asked (yes/no answers are true or false). A CSV file has one `answer: <label>` column per question instead, empty where a testimonial's link did not ask it.",
  }),
});

/** POST /v1/exports/preview answer. */
export const exportPreviewSchema = t.Object({
  format,
  filters: exportFiltersSchema,
  count: count("Records the export would hold now."),
  columns: t.Array(t.String(), {
    description:
      "Column names, in file order. CSV: the fixed columns, then one `answer: <label>` column per question answered; JSON: the fixed fields, then `custom_fields`.",
  }),
  data: t.Array(exportRecordSchema, { description: "The first records." }),
});

/** DELETE /v1/exports/{id} answer. */
export const exportDeletedSchema = t.Object({ id: t.String(), deleted: t.Literal(true) });

/** GET /v1/exports answer. */
export const exportPageSchema = pageSchema(exportSchema);
