/** Reel routes (`/v1/reels…`, permission `reel:manage`); the signed render files and music previews are on the CDN (cdn-routes.ts). */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { reader, unitOfWork } from "../../platform/db/unit-of-work";
import { pageRequest } from "../../platform/http/pagination";
import { accessPlugin, command } from "../../platform/access";
import {
  addClipBody,
  createBody,
  idParams,
  listQuery,
  musicPageSchema,
  patchBody,
  putClipsBody,
  reelDeletedSchema,
  reelPageSchema,
  reelSchema,
  renderStartedSchema,
} from "./model";
import {
  appendClip,
  deleteReel,
  draftReel,
  getReelRow,
  insertReel,
  listReels,
  patchReel,
  putClips,
  suggestClip,
} from "./reel-service";
import { startRender } from "./render-service";
import { shareReel, unshareReel } from "./share";
import { presentReel } from "./present";
import { musicList, reelCdnRoutes } from "./cdn-routes";

const tags = ["Reels"];

/** `/v1/reels…`, and the render files and music previews on the CDN address (cdn-routes.ts). */
export function reelRoutes(deps: Deps) {
  return (
    new Elysia()
      .use(accessPlugin(deps))
      .get("/v1/reels/music", () => musicList(deps), {
        access: { permission: "reel:manage", brand: "none" },
        response: musicPageSchema,
        detail: {
          tags,
          summary: "The music tracks a reel can use",
          description:
            "Every track in the page envelope (`next_cursor` always null); `preview_url` is on the CDN address.",
        },
      })
      .get(
        "/v1/reels",
        ({ ctx, query }) => {
          return listReels(
            reader(deps, ctx),
            query.brand_id,
            pageRequest(deps.signer, "reels", query, { brand_id: query.brand_id }),
            (r) => presentReel(deps, ctx, r),
          );
        },
        {
          access: { permission: "reel:manage", brand: "list" },
          query: listQuery,
          response: reelPageSchema,
          detail: { tags, summary: "List reels, newest first" },
        },
      )
      // Not a command: the suggested clips await the transcripts' analysis before the write.
      .post(
        "/v1/reels",
        async ({ ctx, body, set }) => {
          const drafted = await draftReel(deps, ctx, body);
          const row = unitOfWork(deps, ctx, (tx) => insertReel(tx, drafted));
          set.status = 201;
          return presentReel(deps, ctx, row);
        },
        {
          access: { permission: "reel:manage", brand: "body" },
          body: createBody,
          response: { 201: reelSchema },
          detail: { tags, summary: "Create a reel from testimonials (clips suggested)" },
        },
      )
      .get(
        "/v1/reels/:id",
        ({ ctx, params }) => {
          return presentReel(deps, ctx, getReelRow(deps.db, ctx, params.id));
        },
        {
          access: { permission: "reel:manage", brand: "path" },
          params: idParams,
          response: reelSchema,
          detail: { tags, summary: "One reel (poll it for render progress)" },
        },
      )
      .use(
        command(deps, "PATCH", "/v1/reels/:id", {
          permission: "reel:manage",
          brand: "path",
          params: idParams,
          body: patchBody,
          response: reelSchema,
          detail: { tags, summary: "Change the title or any setting" },
          run: (tx, { params, body }) => presentReel(deps, tx.ctx, patchReel(tx, params.id, body)),
        }),
      )
      .use(
        command(deps, "DELETE", "/v1/reels/:id", {
          permission: "reel:manage",
          brand: "path",
          params: idParams,
          response: reelDeletedSchema,
          detail: { tags, summary: "Delete a reel, its files and its public copy" },
          // The files go after the commit (tx.afterCommit), before the answer.
          run: (tx, { params }) => {
            deleteReel(tx, params.id);
            return { id: params.id, deleted: true as const };
          },
        }),
      )
      .use(
        command(deps, "PUT", "/v1/reels/:id/clips", {
          permission: "reel:manage",
          brand: "path",
          params: idParams,
          body: putClipsBody,
          response: reelSchema,
          detail: { tags, summary: "Replace the clips, in play order" },
          run: (tx, { params, body }) => presentReel(deps, tx.ctx, putClips(tx, params.id, body.clips)),
        }),
      )
      // Not a command: the suggested span awaits the transcript analysis before the write.
      .post(
        "/v1/reels/:id/clips",
        async ({ ctx, params, body }) => {
          const clip = await suggestClip(deps, ctx, params.id, body.submission_id);
          return presentReel(
            deps,
            ctx,
            unitOfWork(deps, ctx, (tx) => appendClip(tx, params.id, body.submission_id, clip)),
          );
        },
        {
          access: { permission: "reel:manage", brand: "path" },
          params: idParams,
          body: addClipBody,
          response: reelSchema,
          detail: { tags, summary: "Add a testimonial at the end with a suggested span" },
        },
      )
      // The render-seconds allowance depends on the clips read in the transaction, so `startRender` checks it there.
      .use(
        command(deps, "POST", "/v1/reels/:id/render", {
          permission: "reel:manage",
          brand: "path",
          params: idParams,
          response: { 202: renderStartedSchema },
          detail: { tags, summary: "Start a render (202 with render_id)" },
          run: (tx, { params }) => startRender(tx, params.id),
        }),
      )
      .use(
        command(deps, "POST", "/v1/reels/:id/share", {
          permission: "reel:manage",
          brand: "path",
          params: idParams,
          response: reelSchema,
          detail: { tags, summary: "Publish a public copy (publishing, then live)" },
          run: (tx, { params }) => presentReel(deps, tx.ctx, shareReel(tx, params.id)),
        }),
      )
      .use(
        command(deps, "DELETE", "/v1/reels/:id/share", {
          permission: "reel:manage",
          brand: "path",
          params: idParams,
          response: reelSchema,
          detail: { tags, summary: "Stop sharing; the public copy is deleted" },
          run: (tx, { params }) => presentReel(deps, tx.ctx, unshareReel(tx, params.id)),
        }),
      )
      .use(reelCdnRoutes(deps))
  );
}
