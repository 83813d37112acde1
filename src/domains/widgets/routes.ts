/**
 * Widget routes: reads call one service; writes are commands (src/platform/access/command.ts). All need `widget:manage` (scope
 * widgets:manage, or any member's session).
 */
import { Elysia } from "elysia";
import { reader } from "../../platform/db/unit-of-work";
import type { Deps } from "../../platform/deps";
import { pageRequest } from "../../platform/http/pagination";
import { accessPlugin, command } from "../../platform/access";
import {
  createWidget,
  deleteWidget,
  getWidgetRow,
  listWidgets,
  presentWidgetOf,
  previewWidget,
  updateWidget,
} from "./service";
import {
  newWidgetBody,
  widgetDeletedSchema,
  widgetDocumentSchema,
  widgetListQuery,
  widgetPageSchema,
  widgetParams,
  widgetPatchBody,
  widgetSchema,
} from "./model";

const tags = ["Widgets"];

/** `/v1/widgets…`. */
export function widgetRoutes(deps: Deps) {
  return new Elysia({ prefix: "/v1/widgets" })
    .use(accessPlugin(deps))
    .get(
      "",
      ({ ctx, query }) => {
        return listWidgets(
          reader(deps, ctx),
          query.brand_id,
          pageRequest(deps.signer, "widgets", query, { brand_id: query.brand_id }),
        );
      },
      {
        access: { permission: "widget:manage", brand: "list" },
        query: widgetListQuery,
        response: widgetPageSchema,
        detail: { tags, summary: "List widgets (of one brand with brand_id), newest first" },
      },
    )
    .use(
      command(deps, "POST", "", {
        permission: "widget:manage",
        brand: "body",
        body: newWidgetBody,
        response: { 201: widgetSchema },
        detail: {
          tags,
          summary: "Create a widget; the answer carries its snippet, height, script and document addresses",
        },
        run: (tx, { body }) => createWidget(tx, body),
      }),
    )
    .post("/preview", ({ ctx, body }) => previewWidget({ ...reader(deps, ctx), ctx }, body), {
      access: { permission: "widget:manage", brand: "body" },
      body: newWidgetBody,
      response: widgetDocumentSchema,
      detail: { tags, summary: "The document a draft's settings would publish; nothing is saved" },
    })
    .get(
      "/:id",
      ({ ctx, params }) => {
        return presentWidgetOf(reader(deps, ctx), getWidgetRow(deps.db, ctx, params.id));
      },
      {
        access: { permission: "widget:manage", brand: "path" },
        params: widgetParams,
        response: widgetSchema,
        detail: { tags, summary: "Get a widget with its snippet" },
      },
    )
    .use(
      command(deps, "PATCH", "/:id", {
        permission: "widget:manage",
        brand: "path",
        params: widgetParams,
        body: widgetPatchBody,
        response: widgetSchema,
        detail: { tags, summary: "Change a widget's settings; within fields, only the given keys change" },
        run: (tx, { params, body }) => updateWidget(tx, params.id, body),
      }),
    )
    .use(
      command(deps, "DELETE", "/:id", {
        permission: "widget:manage",
        brand: "path",
        params: widgetParams,
        response: widgetDeletedSchema,
        detail: { tags, summary: "Delete a widget; its document answers 404 from then on" },
        run: (tx, { params }) => deleteWidget(tx, params.id),
      }),
    );
}
