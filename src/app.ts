/**
 * The HTTP app: error handling and the request limits on the root (so unknown routes are covered too), the `/v1`
 * and `/public` routes of every module, the CDN files, the dashboard, the modules' pages and the API reference.
 * `httpApp` is called by the composition root (src/composition.ts), whose `buildApp(deps)` assembles the modules of
 * src/modules.ts and returns the app; this file imports neither.
 */
import { Elysia } from "elysia";
import type { Deps } from "./platform/deps";
import type { DomainModule } from "./platform/module";
import { errorHandling } from "./platform/http/errors";
import { requestLimits } from "./platform/http/request-limits";
import { bodyLimits } from "./platform/http/body-limits";
import { cdnPlugin } from "./platform/http/cdn";
import { prefixes, hostRouter } from "./platform/http/hosts";
import { dashboardPlugin, loadWebAssets, type WebAsset } from "./platform/http/web-assets";
import { anonymousRoutes, credentialGate } from "./domains/accounts/credential-gate";
import { notePeer } from "./platform/client-address";
import { fastAnswer, setFastPath } from "./platform/http/fast-lane";
import { undeclaredRoutes } from "./platform/access";
import { apiReference } from "./platform/http/reference";
import { skipResponseChecks } from "./platform/http/response-checks";
import { VERSION } from "./version";

/** Lets the event loop run what is waiting (a macrotask turn). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What `/healthz` answers. */
const HEALTH = { ok: true, version: VERSION };

/** Options for building the app. */
export interface AppOptions {
  /** Serve the browser bundles (dashboard…). API tests leave them out to skip building them. */
  web?: boolean;
}

/** Builds the HTTP app from the given modules' routes and pages (call through `assemble`, which wires their hooks). */
export async function httpApp(deps: Deps, modules: readonly DomainModule[], opts: AppOptions = {}) {
  const p = prefixes(deps.config);
  const assets: Map<string, WebAsset> = opts.web === false ? new Map() : await loadWebAssets();
  const api = new Elysia();
  for (const m of modules) {
    for (const plugin of [m.routes?.(deps) ?? []].flat()) api.use(plugin);
    // `serve` listens while the app is built: between modules, requests waiting (the health check) are answered.
    await turn();
  }
  // Answers are checked against their schemas under test only (platform/http/response-checks.ts).
  if (!deps.config.validateResponses) skipResponseChecks(api);
  // The finished app, for the credential gate to read the anonymous routes from on the first request.
  let built: { routes: Parameters<typeof anonymousRoutes>[0] } | null = null;
  const root = new Elysia({ normalize: false })
    .use(errorHandling(deps.log))
    // Before any route: the address and headers are bounded; then a /v1 route that needs a caller refuses
    // requests without valid credentials; then every body is read within its limits.
    .use(requestLimits())
    .onRequest(credentialGate(deps, () => anonymousRoutes(built?.routes ?? [])))
    .use(bodyLimits())
    .get("/healthz", () => HEALTH);
  // The same answer from the fast lane: a restarted box answers its health check without waiting for the
  // framework's first-request compilation (issue 28; `serve` compiles it right after the port opens).
  setFastPath(deps, "healthz", "/healthz", (_request, path, _search, extra) =>
    path === "/healthz" ? Response.json(HEALTH, { headers: extra }) : null,
  );
  // The bare address opens the dashboard, unless the dashboard is that address (its own host name).
  if (p.app) root.get("/", ({ redirect }) => redirect(`${deps.config.appUrl}/`, 302));
  const app = root.use(apiReference(deps, api)).use(api);
  // Files under the CDN address that are not stored files (the widget script) go before the CDN's file routes.
  for (const m of modules) if (m.cdnPages) app.use(m.cdnPages(deps, assets));
  app.use(cdnPlugin(deps, p.cdn)).use(dashboardPlugin(assets, deps.config));
  await turn();
  for (const m of modules) if (m.pages) app.use(m.pages(deps, assets));
  await turn();
  built = app as unknown as { routes: Parameters<typeof anonymousRoutes>[0] };
  // Permissions are route data (src/platform/access/route-access.ts): a route that declares none does not start.
  const undeclared = undeclaredRoutes(app.routes);
  if (undeclared.length)
    throw new Error(
      `These routes declare no access (access: a permission, "person" or "public"): ${undeclared.join(", ")}`,
    );
  return app;
}

/** What `Bun.serve` passes its handler besides the request: the connecting peer's address. */
type PeerSource = { requestIP(request: Request): { address: string } | null };

/**
 * The request handler `Bun.serve` uses: routes areas that have their own host name, answers documents kept ready
 * from the fast lane (src/platform/http/fast-lane.ts), notes the connecting peer's address (the rate limits'
 * client address, src/platform/client-address.ts), then the app.
 */
export function requestHandler(
  app: App,
  deps: Deps,
): (request: Request, server?: PeerSource) => Response | Promise<Response> {
  const route = hostRouter(deps.config);
  const routers = deps.hooks.routers;
  return (request, server) => {
    let routed = request;
    for (const r of routers) {
      const out = r(request);
      if (out instanceof Response) return out;
      if (out) {
        routed = out;
        break;
      }
    }
    if (routed === request) routed = route(request);
    // Documents kept ready (widget documents, the embed script, wall pages) go out before the framework.
    const fast = fastAnswer(deps, routed);
    if (fast instanceof Response) return fast;
    notePeer(routed, server?.requestIP(request)?.address);
    if (fast) {
      const asked = routed;
      return fast.then((r) => r ?? app.handle(asked));
    }
    return app.handle(routed);
  };
}

/** The app's type, for tests. */
export type App = Awaited<ReturnType<typeof httpApp>>;
