/**
 * Permissions as route data (issue 27). Every `/v1` route declares, in its hook, who may call it:
 *
 *     .get("/brands", ({ ctx }) => listBrands(reader(deps, ctx)), { access: { permission: "brand:read", brand: "list" }, … })
 *     .post("/auth/login", …, { access: "public", … })
 *     .get("/me", …, { access: "person", … })
 *
 * One declaration, three readers:
 * - the router: the `access` macro of `accessPlugin` authenticates the caller and authorises the permission before
 *   the handler runs (401/402/403), and hands the handler its `ctx`; `public` routes get `security: []`, which the
 *   credential gate (src/domains/accounts/credential-gate.ts) and the document read;
 * - the OpenAPI document: the declaration, completed with the permission's scope and roles, is the operation's
 *   `x-access` extension property (and a session-only route's `security` names only the session);
 * - the tests: the authorization matrix (test/integration/auth-matrix.test.ts) reads `x-access` from the served
 *   document and runs each of its cases on each route from it.
 * `undeclaredRoutes` lists `/v1` routes without a declaration: `buildApp` refuses to start with any.
 */
import { Elysia } from "elysia";
import type { Deps } from "../deps";
import type { Role } from "../context";
import { AppError, forbidden } from "../errors";
import { isOperatorOrg } from "./plans";
import { can } from "./guard";
import { PERMISSIONS, type Permission, type Scope } from "./permissions";
import type { CommandCtx } from "./command";

/**
 * How a route finds the brand a client login is limited to (src/platform/db/brand-scope.ts):
 * - `path`: the object a path parameter names belongs to one brand (another brand's answers 404, as if missing);
 * - `body`: the body or query names brands' objects (another brand's answer 404 or 422, as if missing);
 * - `list`: a list or a count, of the caller's brands only;
 * - `none`: not about one brand (the organisation, the signed-in person).
 */
export type BrandRef = "path" | "body" | "list" | "none";

/**
 * What a route declares: a permission (with its brand finder, and `modes: "both"` for the few organisation reads
 * that show both modes by design, each line naming its mode), the signed-in person, or nobody at all.
 */
export type AccessDecl = Permission | { permission: Permission; brand: BrandRef; modes?: "both" } | "person" | "public";

/** The declaration as the document and the tests read it (`x-access`). */
export type RouteAccess =
  | {
      kind: "permission";
      permission: Permission;
      /** The API key scope that opens it; null: signed-in members only. */
      scope: Scope | null;
      /** The member roles that may call it. */
      roles: readonly Role[];
      /** Whether a client login (a customer's person, limited to some brands) may call it. */
      clients: boolean;
      brand: BrandRef;
      /** Only the server's own (operator) organisation: what whoever runs the server does across organisations. */
      operator: boolean;
      /** The modes the answer covers: the caller's (`one`), or both for an organisation-wide record. */
      modes: "one" | "both";
    }
  /** A route about the signed-in person (`/v1/me…`): a session, never an API key. */
  | { kind: "person" }
  /** No credential: sign-in, invitations, password resets, the reference. */
  | { kind: "public" };

/** The extension property of an operation that carries its access. */
export const ACCESS_PROPERTY = "x-access";

/** Completes a declaration from the permission table. Throws when a route clients may use names no brand finder. */
export function routeAccess(decl: AccessDecl): RouteAccess {
  if (decl === "person" || decl === "public") return { kind: decl };
  const permission = typeof decl === "string" ? decl : decl.permission;
  const rule = PERMISSIONS[permission];
  if (!rule) throw new Error(`Unknown permission "${permission}".`);
  const roles = rule.roles as readonly Role[];
  const clients = roles.includes("client");
  const brand = typeof decl === "string" ? null : decl.brand;
  if (clients && !brand)
    throw new Error(`A route with "${permission}" is open to client logins: declare how it finds its brand.`);
  const operator = "operator" in rule && rule.operator === true;
  const modes = typeof decl === "string" ? "one" : (decl.modes ?? "one");
  return { kind: "permission", permission, scope: rule.scope, roles, clients, brand: brand ?? "none", operator, modes };
}

/** The route detail a declaration adds: `x-access`, and the credentials the document lists. */
function accessDetail(access: RouteAccess): Record<string, unknown> {
  const detail: Record<string, unknown> = { [ACCESS_PROPERTY]: access };
  if (access.kind === "public") detail.security = [];
  else if (access.kind === "person" || access.scope === null) detail.security = [{ session: [] }];
  return detail;
}

/**
 * How the kernel learns who calls: the accounts domain supplies it (`DomainModule.caller`) and the composition
 * root puts it on `deps.hooks.caller`, so the kernel needs no domain.
 */
export interface CallerPort {
  /** The caller of an organisation route: an API key or a member's session (401, 402 or 403 otherwise). */
  member(request: Request, requestId?: string): CommandCtx;
  /** Checks that a signed-in person calls (401 without a session; the same-site check for changes). */
  person(request: Request): void;
}

function callerOf(deps: Deps): CallerPort {
  const port = deps.hooks.caller;
  if (!port) throw new AppError("internal", 500, "No module tells who calls (the accounts module is missing).");
  return port;
}

/**
 * The plugin every routes app `.use`s: the `access` macro (see the file's comment) and `auth()` for the few
 * handlers that need the caller before deciding (idempotent replays, say). The resolved `ctx` of a permission
 * route is authenticated and authorised; `person` and `public` routes resolve none.
 */
export function accessPlugin(deps: Deps) {
  return new Elysia()
    .derive({ as: "scoped" }, ({ request, requestId }: { request: Request; requestId?: string }) => {
      let cached: CommandCtx | null = null;
      return { auth: () => (cached ??= callerOf(deps).member(request, requestId)) };
    })
    .macro({
      access(decl: AccessDecl) {
        const access = routeAccess(decl);
        return {
          detail: accessDetail(access) as { [key: string]: unknown },
          resolve({ auth, request }) {
            if (access.kind === "permission") {
              const ctx = can(auth!(), access.permission);
              if (access.operator && !isOperatorOrg(deps.db, ctx.orgId))
                throw forbidden("Only the people who run this server see and change every organisation's things.", {
                  reason: "operator_only",
                });
              return { ctx };
            }
            if (access.kind === "person") callerOf(deps).person(request);
            return { ctx: undefined as never as CommandCtx };
          },
        };
      },
    });
}

/** A route as Elysia lists it (`app.routes`). */
interface RouteInfo {
  method: string;
  path: string;
  hooks?: unknown;
}

/** The access a route declared, or null. */
export function accessOfRoute(route: RouteInfo): RouteAccess | null {
  const detail = (route.hooks as { detail?: Record<string, unknown> } | undefined)?.detail;
  return (detail?.[ACCESS_PROPERTY] as RouteAccess | undefined) ?? null;
}

/** `/v1` routes that declare no access ("METHOD /path"); the app refuses to start while any is left. */
export function undeclaredRoutes(routes: readonly RouteInfo[]): string[] {
  return routes
    .filter((r) => r.path.startsWith("/v1/") && r.method !== "OPTIONS" && !r.path.includes("*"))
    .filter((r) => !accessOfRoute(r))
    .map((r) => `${r.method} ${r.path}`);
}
