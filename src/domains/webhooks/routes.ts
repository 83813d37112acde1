/**
 * Webhook routes: reads call one service; writes are commands (src/platform/access/command.ts). All need `webhook:manage`
 * (scope webhooks:manage, or an owner's or admin's session).
 */
import { Elysia, t } from "elysia";
import { reader } from "../../platform/db/unit-of-work";
import type { Deps } from "../../platform/deps";
import { pageQuerySchema, pageRequest } from "../../platform/http/pagination";
import { accessPlugin, command } from "../../platform/access";
import {
  addEndpoint,
  changeEndpoint,
  checkEndpointPatch,
  checkEndpointUrl,
  deleteEndpoint,
  enableEndpoint,
  getEndpointRow,
  listEndpoints,
  rotateSecret,
} from "./endpoint-service";
import { listDeliveries, replayDelivery, sendTestEvent } from "./delivery-service";
import { presentEndpoint } from "./present";
import {
  deliveryPageSchema,
  deliveryParams,
  deliverySchema,
  endpointDeletedSchema,
  endpointPageSchema,
  endpointParams,
  endpointPatchBody,
  endpointSchema,
  endpointWithSecretSchema,
  newEndpointBody,
  rotateBody,
  testBody,
} from "./model";

const tags = ["Webhooks"];

/**
 * `/v1/webhooks…`.
 */
export function webhookRoutes(deps: Deps) {
  return new Elysia({ prefix: "/v1/webhooks" })
    .use(accessPlugin(deps))
    .get(
      "",
      ({ ctx, query }) => {
        return listEndpoints(reader(deps, ctx), pageRequest(deps.signer, "webhooks", query));
      },
      {
        access: "webhook:manage",
        query: t.Object(pageQuerySchema),
        response: endpointPageSchema,
        detail: { tags, summary: "List webhook endpoints, newest first" },
      },
    )
    .use(
      command(deps, "POST", "", {
        permission: "webhook:manage",
        allowance: { name: "webhook_endpoints" },
        body: newEndpointBody,
        response: { 201: endpointWithSecretSchema },
        detail: {
          tags,
          summary: "Add an endpoint (the answer carries its secret, once)",
          description:
            "At most 20 endpoints per organisation, live and test together: the 21st is 402 `plan_limit_exceeded` with `limit.name` `webhook_endpoints`.",
        },
        // The URL's addresses are looked up (and refused first) before the transaction, which counts the allowance.
        prepare: (_ctx, { body }) => checkEndpointUrl(deps, body.url),
        run: (tx, { body }, url) => addEndpoint(tx, url, body.events, body.format),
      }),
    )
    .use(
      command(deps, "POST", "/deliveries/:id/replay", {
        permission: "webhook:manage",
        params: deliveryParams,
        response: { 202: deliverySchema },
        detail: { tags, summary: "Send a delivery's identical bytes again, as a new delivery" },
        run: (tx, { params }) => replayDelivery(tx, params.id),
      }),
    )
    .get(
      "/:id",
      ({ ctx, params }) => {
        return presentEndpoint(getEndpointRow(deps.db, ctx, params.id), ctx.clock.now());
      },
      {
        access: "webhook:manage",
        params: endpointParams,
        response: endpointSchema,
        detail: { tags, summary: "Get an endpoint" },
      },
    )
    .use(
      command(deps, "PATCH", "/:id", {
        permission: "webhook:manage",
        params: endpointParams,
        body: endpointPatchBody,
        response: endpointSchema,
        detail: { tags, summary: "Change an endpoint's URL or events" },
        prepare: (ctx, { params, body }) => checkEndpointPatch(deps, ctx, params.id, body),
        run: (tx, { params, body }, url) => changeEndpoint(tx, params.id, body, url),
      }),
    )
    .use(
      command(deps, "DELETE", "/:id", {
        permission: "webhook:manage",
        params: endpointParams,
        response: endpointDeletedSchema,
        detail: { tags, summary: "Delete an endpoint: stops sending and deletes its delivery log" },
        run: (tx, { params }) => deleteEndpoint(tx, params.id),
      }),
    )
    .use(
      command(deps, "POST", "/:id/enable", {
        permission: "webhook:manage",
        params: endpointParams,
        response: endpointSchema,
        detail: { tags, summary: "Enable a disabled endpoint again" },
        run: (tx, { params }) => enableEndpoint(tx, params.id),
      }),
    )
    .use(
      command(deps, "POST", "/:id/rotate-secret", {
        permission: "webhook:manage",
        params: endpointParams,
        body: rotateBody,
        response: endpointWithSecretSchema,
        detail: { tags, summary: "Make a new secret; the previous one keeps signing for grace_hours (default 24)" },
        run: (tx, { params, body }) => rotateSecret(tx, params.id, body?.grace_hours),
      }),
    )
    .use(
      command(deps, "POST", "/:id/test", {
        permission: "webhook:manage",
        params: endpointParams,
        body: testBody,
        response: { 202: deliverySchema },
        detail: { tags, summary: "Queue a sample event, signed and retried like a real one" },
        run: (tx, { params, body }) => sendTestEvent(tx, params.id, body?.type),
      }),
    )
    .get(
      "/:id/deliveries",
      ({ ctx, params, query }) => {
        return listDeliveries(
          reader(deps, ctx),
          params.id,
          pageRequest(deps.signer, "webhook-deliveries", query, { endpoint_id: params.id }),
        );
      },
      {
        access: "webhook:manage",
        params: endpointParams,
        query: t.Object(pageQuerySchema),
        response: deliveryPageSchema,
        detail: { tags, summary: "A page of an endpoint's deliveries, newest first" },
      },
    );
}
