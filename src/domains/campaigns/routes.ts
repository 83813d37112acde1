/**
 * Campaign routes. Making (and so sending), stopping or deleting a campaign needs `link:write` (key scope
 * `brands:write`); reading campaigns and their recipients, who are people's names and addresses, needs
 * `submission:read` (key scope `submissions:read`), as reading respondents does. Whoever runs the server (owners and
 * admins of the operator organisation, signed in) sees and stops every organisation's campaigns under
 * `/v1/operator/campaigns`.
 */
import { Elysia } from "elysia";
import { reader } from "../../platform/db/unit-of-work";
import type { Deps } from "../../platform/deps";
import { pageRequest } from "../../platform/http/pagination";
import { accessPlugin, command } from "../../platform/access";
import {
  campaignDeletedSchema,
  campaignPageSchema,
  campaignSchema,
  createBody,
  createdSchema,
  idParams,
  listQuery,
  operatorCampaignPageSchema,
  operatorCampaignSchema,
  operatorListQuery,
  recipientPageSchema,
  recipientsQuery,
} from "./model";
import { createCampaign } from "./create";
import { deleteCampaign, getCampaign, listCampaigns, listRecipients } from "./service";
import { stopCampaign } from "./stop";
import { listAllCampaigns, stopAnyCampaign } from "./operator";

/** `/v1/campaigns…`. */
export function campaignRoutes(deps: Deps) {
  return new Elysia()
    .use(accessPlugin(deps))
    .use(
      command(deps, "POST", "/v1/campaigns", {
        permission: "link:write",
        body: createBody,
        response: { 201: createdSchema },
        detail: {
          tags: ["Campaigns"],
          summary: "Ask a list of people for a testimonial by email: each gets a personal link, one optional reminder",
        },
        run: (tx, { body, headers }) => createCampaign(tx, body, headers["idempotency-key"]),
      }),
    )
    .get(
      "/v1/campaigns",
      ({ ctx, query }) =>
        listCampaigns(
          reader(deps, ctx),
          pageRequest(deps.signer, "campaigns", query, { link_id: query.link_id }),
          query.link_id,
        ),
      {
        access: { permission: "submission:read", brand: "list" },
        query: listQuery,
        response: campaignPageSchema,
        detail: { tags: ["Campaigns"], summary: "List request campaigns, newest first, with counts per status" },
      },
    )
    .get("/v1/campaigns/:id", ({ ctx, params }) => getCampaign(reader(deps, ctx), params.id), {
      access: { permission: "submission:read", brand: "path" },
      params: idParams,
      response: campaignSchema,
      detail: { tags: ["Campaigns"], summary: "One campaign with its counts (sent, answered, unsubscribed…)" },
    })
    .get(
      "/v1/campaigns/:id/recipients",
      ({ ctx, params, query }) =>
        listRecipients(
          reader(deps, ctx),
          params.id,
          pageRequest(deps.signer, `campaigns/${params.id}/recipients`, query, { status: query.status }),
          query.status,
        ),
      {
        access: { permission: "submission:read", brand: "path" },
        params: idParams,
        query: recipientsQuery,
        response: recipientPageSchema,
        detail: { tags: ["Campaigns"], summary: "A campaign's recipients in list order, each with their status" },
      },
    )
    .use(
      command(deps, "POST", "/v1/campaigns/:id/stop", {
        permission: "link:write",
        params: idParams,
        response: campaignSchema,
        detail: {
          tags: ["Campaigns"],
          summary: "Stop a campaign: emails not yet sent are not sent and nobody is reminded (safe to repeat)",
        },
        run: (tx, { params }) => stopCampaign(tx, params.id),
      }),
    )
    .get(
      "/v1/operator/campaigns",
      ({ ctx, query }) =>
        listAllCampaigns(
          reader(deps, ctx),
          pageRequest(deps.signer, "operator/campaigns", query, { sending: query.sending ?? null }),
          query.sending === "true",
        ),
      {
        access: "server:manage",
        query: operatorListQuery,
        response: operatorCampaignPageSchema,
        detail: {
          tags: ["Campaigns"],
          summary: "Every organisation's live campaigns, newest first (the server's operator only, signed in)",
        },
      },
    )
    .use(
      command(deps, "POST", "/v1/operator/campaigns/:id/stop", {
        permission: "server:manage",
        params: idParams,
        response: operatorCampaignSchema,
        detail: {
          tags: ["Campaigns"],
          summary: "Stop any organisation's campaign (the server's operator only, signed in)",
        },
        run: (tx, { params }) => stopAnyCampaign(tx, params.id),
      }),
    )
    .use(
      command(deps, "DELETE", "/v1/campaigns/:id", {
        permission: "link:write",
        params: idParams,
        response: campaignDeletedSchema,
        detail: {
          tags: ["Campaigns"],
          summary: "Delete a campaign, its list and its emails' outbox copies; unsent emails are not sent",
        },
        run: (tx, { params }) => deleteCampaign(tx, params.id),
      }),
    );
}
