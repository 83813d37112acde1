/**
 * buildApp(deps) → the Elysia app: error handling on the root (so unknown routes are covered too), the `/v1`
 * and `/public` routes of every domain, the CDN files, the dashboard and the API reference.
 */
import { Elysia } from "elysia";
import type { Deps } from "./platform/deps";
import { errorHandling } from "./platform/http/errors";
import { cdnPlugin } from "./platform/http/cdn";
import { prefixes, hostRouter } from "./platform/http/hosts";
import { dashboardPlugin, loadWebAssets } from "./platform/http/web-assets";
import { accountRoutes } from "./domains/accounts";
import { brandRoutes } from "./domains/brands";
import { submissionRoutes, tagRoutes } from "./domains/submissions";
import { importRoutes } from "./domains/imports";
import { captureRoutes } from "./domains/capture";
import { webhookRoutes } from "./domains/webhooks";
import { exportRoutes } from "./domains/exports";
import { removalRoutes, removalPagePlugin } from "./domains/removals";
import { widgetRoutes, widgetScriptPlugin } from "./domains/widgets";
import { capturePagePlugin } from "./domains/capture/page";
import { wallRoutes, wallPagesPlugin } from "./domains/walls";
import { reelRoutes } from "./domains/reels";
import { apiReference } from "./platform/http/reference";
import { VERSION } from "./version";

/** Options for building the app. */
export interface AppOptions {
  /** Serve the browser bundles (dashboard…). API tests leave them out to skip building them. */
  web?: boolean;
}

/** Builds the whole HTTP app; tests call `app.handle(request)`. */
export async function buildApp(deps: Deps, opts: AppOptions = {}) {
  const p = prefixes(deps.config);
  const assets = opts.web === false ? new Map() : await loadWebAssets();
  const api = new Elysia()
    .use(accountRoutes(deps))
    .use(brandRoutes(deps))
    .use(submissionRoutes(deps))
    .use(tagRoutes(deps))
    .use(importRoutes(deps))
    .use(captureRoutes(deps))
    .use(webhookRoutes(deps))
    .use(wallRoutes(deps))
    .use(exportRoutes(deps))
    .use(removalRoutes(deps))
    .use(widgetRoutes(deps))
    .use(reelRoutes(deps));
  const root = new Elysia({ normalize: false })
    .use(errorHandling(deps.log))
    .get("/healthz", () => ({ ok: true, version: VERSION }));
  // The bare address opens the dashboard, unless the dashboard is that address (its own host name).
  if (p.app) root.get("/", ({ redirect }) => redirect(`${deps.config.appUrl}/`, 302));
  return root
    .use(apiReference(deps, api))
    .use(api)
    .use(widgetScriptPlugin(assets, deps))
    .use(cdnPlugin(deps, p.cdn))
    .use(dashboardPlugin(assets, deps.config))
    .use(capturePagePlugin(assets, deps))
    .use(wallPagesPlugin(deps))
    .use(removalPagePlugin(assets, deps));
}

/** The request handler `Bun.serve` uses: routes areas that have their own host name, then the app. */
export function requestHandler(app: App, deps: Deps): (request: Request) => Response | Promise<Response> {
  const route = hostRouter(deps.config);
  return (request) => app.handle(route(request));
}

/** The app's type, for tests. */
export type App = Awaited<ReturnType<typeof buildApp>>;
