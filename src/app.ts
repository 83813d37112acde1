/**
 * buildApp(deps) → the Elysia app: error handling and the request limits on the root (so unknown routes are
 * covered too), the `/v1` and `/public` routes of every domain, the CDN files, the dashboard and the API reference.
 */
import { Elysia } from "elysia";
import type { Deps } from "./platform/deps";
import { errorHandling } from "./platform/http/errors";
import { requestLimits } from "./platform/http/request-limits";
import { bodyLimits } from "./platform/http/body-limits";
import { cdnPlugin } from "./platform/http/cdn";
import { prefixes, hostRouter } from "./platform/http/hosts";
import { dashboardPlugin, loadWebAssets } from "./platform/http/web-assets";
import { accountRoutes } from "./domains/accounts";
import { anonymousRoutes, credentialGate } from "./domains/accounts/credential-gate";
import { assertCountersRegistered } from "./domains/accounts/plans";
import { notePeer } from "./platform/client-address";
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
  assertCountersRegistered();
  // The finished app, for the credential gate to read the anonymous routes from on the first request.
  let built: { routes: Parameters<typeof anonymousRoutes>[0] } | null = null;
  const root = new Elysia({ normalize: false })
    .use(errorHandling(deps.log))
    // Before any route: the address and headers are bounded; then a /v1 route that needs a caller refuses
    // requests without valid credentials; then every body is read within its limits.
    .use(requestLimits())
    .onRequest(credentialGate(deps, () => anonymousRoutes(built?.routes ?? [])))
    .use(bodyLimits())
    .get("/healthz", () => ({ ok: true, version: VERSION }));
  // The bare address opens the dashboard, unless the dashboard is that address (its own host name).
  if (p.app) root.get("/", ({ redirect }) => redirect(`${deps.config.appUrl}/`, 302));
  const app = root
    .use(apiReference(deps, api))
    .use(api)
    .use(widgetScriptPlugin(assets, deps))
    .use(cdnPlugin(deps, p.cdn))
    .use(dashboardPlugin(assets, deps.config))
    .use(capturePagePlugin(assets, deps))
    .use(wallPagesPlugin(deps))
    .use(removalPagePlugin(assets, deps));
  built = app as unknown as { routes: Parameters<typeof anonymousRoutes>[0] };
  return app;
}

/** What `Bun.serve` passes its handler besides the request: the connecting peer's address. */
type PeerSource = { requestIP(request: Request): { address: string } | null };

/**
 * The request handler `Bun.serve` uses: routes areas that have their own host name, notes the connecting peer's
 * address (the rate limits' client address, src/platform/client-address.ts), then the app.
 */
export function requestHandler(app: App, deps: Deps): (request: Request, server?: PeerSource) => Response | Promise<Response> {
  const route = hostRouter(deps.config);
  return (request, server) => {
    const routed = route(request);
    notePeer(routed, server?.requestIP(request)?.address);
    return app.handle(routed);
  };
}

/** The app's type, for tests. */
export type App = Awaited<ReturnType<typeof buildApp>>;
