/** Webhook routes: schema, guard, one service call each. All need `webhook:manage` (scope webhooks:manage, or an owner's or admin's session). */
import { Elysia, t } from "elysia";
import type { Deps } from "../../platform/deps";
import { pageQuerySchema, pageRequest } from "../../platform/http/pagination";
import { authPlugin, can } from "../accounts";
import {
  createEndpoint,
  deleteEndpoint,
  enableEndpoint,
  getEndpointRow,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
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
    .use(authPlugin(deps))
    .get(
      "",
      ({ auth, query }) => {
        const ctx = can(auth(), "webhook:manage");
        return listEndpoints(deps, ctx, pageRequest(deps.signer, "webhooks", query));
      },
      {
        query: t.Object(pageQuerySchema),
        response: endpointPageSchema,
        detail: { tags, summary: "List webhook endpoints, newest first" },
      },
    )
    .post(
      "",
      async ({ auth, body, set }) => {
        const ctx = can(auth(), "webhook:manage");
        const created = await createEndpoint(deps, ctx, body);
        set.status = 201;
        return created;
      },
      {
        body: newEndpointBody,
        response: { 201: endpointWithSecretSchema },
        detail: {
          tags,
          summary: "Add an endpoint (the answer carries its secret, once)",
          description:
            "At most 20 endpoints per organisation, live and test together: the 21st is 402 `plan_limit_exceeded` with `limit.name` `webhook_endpoints`.",
        },
      },
    )
    .post(
      "/deliveries/:id/replay",
      ({ auth, params, set }) => {
        const ctx = can(auth(), "webhook:manage");
        set.status = 202;
        return replayDelivery(deps, ctx, params.id);
      },
      {
        params: deliveryParams,
        response: { 202: deliverySchema },
        detail: { tags, summary: "Send a delivery's identical bytes again, as a new delivery" },
      },
    )
    .get(
      "/:id",
      ({ auth, params }) => {
        const ctx = can(auth(), "webhook:manage");
        return presentEndpoint(getEndpointRow(deps.db, ctx, params.id), ctx.clock.now());
      },
      { params: endpointParams, response: endpointSchema, detail: { tags, summary: "Get an endpoint" } },
    )
    .patch("/:id", ({ auth, params, body }) => updateEndpoint(deps, can(auth(), "webhook:manage"), params.id, body), {
      params: endpointParams,
      body: endpointPatchBody,
      response: endpointSchema,
      detail: { tags, summary: "Change an endpoint's URL or events" },
    })
    .delete("/:id", ({ auth, params }) => deleteEndpoint(deps, can(auth(), "webhook:manage"), params.id), {
      params: endpointParams,
      response: endpointDeletedSchema,
      detail: { tags, summary: "Delete an endpoint: stops sending and deletes its delivery log" },
    })
    .post("/:id/enable", ({ auth, params }) => enableEndpoint(deps, can(auth(), "webhook:manage"), params.id), {
      params: endpointParams,
      response: endpointSchema,
      detail: { tags, summary: "Enable a disabled endpoint again" },
    })
    .post(
      "/:id/rotate-secret",
      ({ auth, params, body }) => rotateSecret(deps, can(auth(), "webhook:manage"), params.id, body?.grace_hours),
      {
        params: endpointParams,
        body: rotateBody,
        response: endpointWithSecretSchema,
        detail: { tags, summary: "Make a new secret; the previous one keeps signing for grace_hours (default 24)" },
      },
    )
    .post(
      "/:id/test",
      ({ auth, params, body, set }) => {
        const ctx = can(auth(), "webhook:manage");
        set.status = 202;
        return sendTestEvent(deps, ctx, params.id, body?.type);
      },
      {
        params: endpointParams,
        body: testBody,
        response: { 202: deliverySchema },
        detail: { tags, summary: "Queue a sample event, signed and retried like a real one" },
      },
    )
    .get(
      "/:id/deliveries",
      ({ auth, params, query }) => {
        const ctx = can(auth(), "webhook:manage");
        return listDeliveries(
          deps,
          ctx,
          params.id,
          pageRequest(deps.signer, "webhook-deliveries", query, { endpoint_id: params.id }),
        );
      },
      {
        params: endpointParams,
        query: t.Object(pageQuerySchema),
        response: deliveryPageSchema,
        detail: { tags, summary: "A page of an endpoint's deliveries, newest first" },
      },
    );
}
