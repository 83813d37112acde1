/**
 * The production values of the outbound fields of `Deps` (src/platform/deps.ts): the HTTP client, the webhook
 * transport over it, the image operations (sharp, loaded on first use) and the reel renderer (ffmpeg, found on first
 * render). Made wherever a Deps is made (`createDeps`, test fixtures), so each Deps has its own and a test that
 * replaces one changes nothing for another app in the same process.
 */
import type { Config } from "../config";
import type { Deps } from "./deps";
import { createHttpClient } from "./http-client";
import { createWebhookTransport } from "./webhook-transport";
import { createImages } from "../media/images";
import { createReelRenderer } from "../media/reel/pipeline";

/** The outbound edges of one Deps. */
export type Edges = Pick<Deps, "http" | "webhooks" | "images" | "reelRenderer">;

/** The real outbound edges for a configuration. */
export function createEdges(config: Config): Edges {
  const http = createHttpClient();
  return {
    http,
    webhooks: createWebhookTransport(config, http),
    images: createImages(config),
    reelRenderer: createReelRenderer(config),
  };
}
