/**
 * The site's pages behind alert emails: `{site_url}/alert/{token}` (a button: GET asks, one POST of its form acts)
 * and `{site_url}/alert/stop/{token}` (GET asks, POST, or a mail client's RFC 8058 one-click request, stops these
 * emails). No session: the token in the address is the credential, and a cross-site page cannot learn it; a POST
 * that a browser marks as coming from another site is refused anyway. A GET never changes anything (mail scanners
 * fetch links). Limited per client address (a button's GET and POST, the stop page's GET; the stop POST is not,
 * since one-click requests come from a few mail providers' addresses for all their users). Never cached, indexed,
 * framed or referred.
 */
import { Elysia, t } from "elysia";
import type { Deps } from "../../platform/deps";
import { mountPrefix } from "../../platform/http/hosts";
import { clientAddress } from "../../platform/client-address";
import { RateLimiter } from "../../platform/rate-limit";
import { systemCtx, type Mode } from "../../platform/context";
import { unitOfWork } from "../../platform/db/unit-of-work";
import { AppError } from "../../platform/errors";
import { refusedButton, useButton, viewButton } from "./buttons";
import { buttonByToken, mailByStopToken } from "./tokens";
import type { ButtonView, Choice } from "./button-view";
import { buttonPage, pageOf, stopPage } from "./page";
import { confirmStop, viewStop } from "./stop";

/** Requests one client address may make to the button pages in ten minutes. */
export const ALERT_PAGE_LIMIT = { requests: 30, windowMs: 10 * 60_000 };

const params = t.Object({ token: t.String({ maxLength: 200 }) });
const CHOICES: readonly Choice[] = ["default", "without_words", "approve_only"];

const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-robots-tag": "noindex, nofollow",
  "cache-control": "no-store",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
};

const answer = (status: number, page: { html: string; csp: string }) =>
  new Response(page.html, { status, headers: { ...HEADERS, "content-security-policy": page.csp } });

const plain = (status: number, title: string, text: string) =>
  answer(status, pageOf(null, title, `<h1>${title}</h1><p class="lead">${text}</p>`, []));

/** The choice a button's form sent (`choice=…`, form-encoded, read by the app's bounded body parser), or null. */
function choiceOf(body: unknown): Choice | null {
  const value = body && typeof body === "object" ? (body as Record<string, unknown>).choice : undefined;
  return typeof value === "string" && (CHOICES as readonly string[]).includes(value) ? (value as Choice) : null;
}

/** A unit of work of the organisation and mode a link's row belongs to (the system acts; the services act as the member). */
const linkUnit = (deps: Deps, row: { orgId: string; mode: Mode }) => systemCtx(row.orgId, row.mode, deps.clock);

/** Elysia plugin of the alert pages, mounted where the site lives. */
export function alertPagePlugin(deps: Deps) {
  const { config } = deps;
  const mount = mountPrefix(config, "site");
  const limiter = new RateLimiter(deps.clock, ALERT_PAGE_LIMIT);
  const own = new Set([new URL(config.siteUrl).origin, new URL(config.baseUrl).origin, new URL(config.appUrl).origin]);
  const images = [new URL(config.cdnUrl).origin, new URL(config.cdnOriginUrl).origin];
  const limited = (request: Request, server: Parameters<typeof clientAddress>[1]) =>
    limiter.take(clientAddress(request, server, config)) > 0;
  const tooMany = () =>
    plain(429, "Please wait", "Too many requests came from your connection. Please wait a few minutes and try again.");
  const page = (v: ButtonView) => answer(v.status, buttonPage(v, images));
  /** A form posted from another site (a browser says so) is refused: the button's own page posts to itself. */
  const crossSite = (request: Request) => {
    const origin = request.headers.get("origin");
    if (origin && origin !== "null") return !own.has(origin);
    return request.headers.get("sec-fetch-site") === "cross-site";
  };
  return new Elysia({ name: "alert-pages", seed: config.siteUrl })
    .get(
      `${mount}/alert/stop/:token`,
      ({ params, request, server }) => {
        if (limited(request, server)) return tooMany();
        const v = viewStop(deps, params.token);
        return answer(v.status, stopPage(v));
      },
      { params, detail: { hide: true } },
    )
    .post(
      `${mount}/alert/stop/:token`,
      ({ params }) => {
        const am = mailByStopToken(deps.db, params.token);
        const v = am
          ? unitOfWork(deps, linkUnit(deps, am), (tx) => confirmStop(tx, params.token))
          : viewStop(deps, params.token);
        return answer(v.status, stopPage(v));
      },
      { params, parse: "none", detail: { hide: true } },
    )
    .get(
      `${mount}/alert/:token`,
      ({ params, request, server }) => (limited(request, server) ? tooMany() : page(viewButton(deps, params.token))),
      { params, detail: { hide: true } },
    )
    .post(
      `${mount}/alert/:token`,
      ({ params, request, server, body }) => {
        if (limited(request, server)) return tooMany();
        if (crossSite(request)) return plain(403, "Not from this page", "Use the button on the page this link opens.");
        const choice = choiceOf(body);
        if (!choice) return plain(400, "Not understood", "Choose one of the buttons on the page this link opens.");
        const b = buttonByToken(deps.db, params.token);
        if (!b) return page(viewButton(deps, params.token));
        try {
          return page(unitOfWork(deps, linkUnit(deps, b), (tx) => useButton(tx, params.token, choice)));
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          return page(refusedButton(deps, params.token, e));
        }
      },
      { params, detail: { hide: true } },
    );
}
