/**
 * Serves the built browser bundles. `loadWebAssets` reads `web/dist/manifest.ts` (embedded in the compiled
 * binary; built on demand when running from source), and `dashboardPlugin` serves the dashboard SPA under the
 * path of `appUrl`: hashed files cached forever, `index.html` for every other path with the runtime config
 * injected and a strict Content-Security-Policy.
 */
import { Elysia } from "elysia";
import type { Config } from "../../config";
import { notFound } from "../errors";
import { contentType } from "../mime";

/** One servable file: where Bun can read it and its Content-Type. */
export interface WebAsset {
  path: string;
  type: string;
}

const compiled = import.meta.url.includes("$bunfs");
let loading: Promise<Map<string, WebAsset>> | null = null;

async function load(): Promise<Map<string, WebAsset>> {
  if (!compiled) {
    // Running from source: build when the bundles are missing or older than web/ (never inside the binary).
    const { buildWeb, webIsStale } = await import("../../../scripts/build-web.ts");
    if (webIsStale()) await buildWeb();
  }
  // `as string` keeps the type checker from requiring the generated file while the bundler still embeds it.
  const manifest = (await import("../../../web/dist/manifest.ts" as string)) as { files: Record<string, string> };
  const assets = new Map<string, WebAsset>();
  for (const [key, path] of Object.entries(manifest.files)) assets.set(key, { path, type: contentType(key) });
  return assets;
}

/** Every built web file keyed by `/<bundle>/<file name>` (e.g. `/dashboard/main-1a2b.js`). Loaded once. */
export function loadWebAssets(): Promise<Map<string, WebAsset>> {
  loading ??= load().catch((e) => {
    loading = null;
    throw e;
  });
  return loading;
}

const origin = (u: string) => new URL(u).origin;

/** The Content-Security-Policy for dashboard pages. */
export function dashboardCsp(
  config: Pick<Config, "baseUrl" | "cdnUrl"> & { cdnOriginUrl?: string; siteUrl?: string },
): string {
  // The box's own CDN address (signed private files) too, when the CDN address is a bucket on another host.
  const box = config.cdnOriginUrl ? origin(config.cdnOriginUrl) : null;
  const cdn = box && box !== origin(config.cdnUrl) ? `${origin(config.cdnUrl)} ${box}` : origin(config.cdnUrl);
  const api = origin(config.baseUrl);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // Private recordings and posters come from the API address (signed URLs), published ones from the CDN.
    `img-src 'self' data: blob: ${cdn} ${api}`,
    `media-src 'self' data: blob: ${cdn} ${api}`,
    `connect-src 'self' ${api}`,
    "font-src 'self'",
    // The link editor's live preview frames the capture page's preview from the site address.
    `frame-src ${config.siteUrl ? origin(config.siteUrl) : "'self'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** What the SPA reads from `<meta name="plaudit-config">`. */
export interface WebConfig {
  apiUrl: string;
  cdnUrl: string;
  siteUrl: string;
  appUrl: string;
  /** The page's language, when the server chose one (a collect link's own); `?lang=` still overrides it. */
  lang?: string;
  /** The languages the page may be shown in (a brand's); absent: all of them. */
  languages?: string[];
  /** The language when the visitor's browser prefers none of `languages`. */
  default_language?: string;
}

const escapeAttr = (s: string) =>
  s
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");

/** The runtime config every bundle's page receives. */
export const webConfigOf = (config: Pick<Config, "appUrl" | "baseUrl" | "cdnUrl" | "siteUrl">): WebConfig => ({
  apiUrl: config.baseUrl,
  cdnUrl: config.cdnUrl,
  siteUrl: config.siteUrl,
  appUrl: config.appUrl,
});

/**
 * A bundle's `index.html` with `<base href=basePath>` and the runtime config injected, read once at start (so a
 * rebuild from source cannot pair this server's asset list with a newer page); an Error when it is missing.
 */
export function loadBundlePage(
  assets: Map<string, WebAsset>,
  bundle: string,
  basePath: string,
  config: Pick<Config, "appUrl" | "baseUrl" | "cdnUrl" | "siteUrl">,
): Promise<string | Error> {
  const indexAsset = assets.get(`/${bundle}/index.html`);
  if (!indexAsset)
    return Promise.resolve(new Error(`the ${bundle} bundle has no index.html; run \`bun run build:web\``));
  return Bun.file(indexAsset.path)
    .text()
    .then(
      (html) => injectConfig(html, basePath, webConfigOf(config)),
      (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
    );
}

/**
 * The page with `extra` merged into the runtime config `injectConfig` put there (a collect link's languages), and
 * `<html lang dir>` set to `lang` (the page sets them again when it has chosen).
 */
export function extendConfig(html: string, extra: Partial<WebConfig>, lang: string, dir: "ltr" | "rtl"): string {
  const withConfig = html.replace(/<meta name="plaudit-config" content="([^"]*)">/, (_, content: string) => {
    const current = JSON.parse(
      content
        .replaceAll("&quot;", '"')
        .replaceAll("&#39;", "'")
        .replaceAll("&lt;", "<")
        .replaceAll("&gt;", ">")
        .replaceAll("&amp;", "&"),
    ) as WebConfig;
    return `<meta name="plaudit-config" content="${escapeAttr(JSON.stringify({ ...current, ...extra }))}">`;
  });
  return withConfig.replace(/<html[^>]*>/i, `<html lang="${escapeAttr(lang)}" dir="${dir}">`);
}

/** Puts `<base>` (so relative asset names work at any depth) and the runtime config into a bundle's HTML. */
export function injectConfig(html: string, basePath: string, web: WebConfig): string {
  const head = `<base href="${escapeAttr(basePath)}">\n<meta name="plaudit-config" content="${escapeAttr(JSON.stringify(web))}">`;
  // After `<meta charset>` when there is one, so the encoding is still declared first.
  const anchor = /<meta charset[^>]*>/i.test(html) ? /<meta charset[^>]*>/i : /<head[^>]*>/i;
  return html.replace(anchor, (m) => `${m}\n${head}`);
}

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
};

/** A request for something that looks like a file (has an extension) gets a 404, not the SPA page. */
const looksLikeFile = (rest: string) => /\.[a-z0-9]{1,8}$/i.test(rest);

/**
 * Elysia plugin serving the dashboard under the path of `config.appUrl` (default `/app`). When the dashboard
 * has its own host name, only requests for that host are answered; others fall through to a 404.
 */
export function dashboardPlugin(
  assets: Map<string, WebAsset>,
  config: Pick<Config, "appUrl" | "baseUrl" | "cdnUrl" | "siteUrl">,
) {
  const app = new URL(config.appUrl);
  const prefix = app.pathname.replace(/\/+$/, "");
  const ownHost = app.host !== new URL(config.baseUrl).host;
  const web = webConfigOf(config);
  const csp = dashboardCsp(config);
  const indexAsset = assets.get("/dashboard/index.html");
  // Read at once (not on first request) so a rebuild from source after start cannot pair this server's asset
  // list with a newer page; a failure is reported on each request instead of as an unhandled rejection.
  const index: Promise<string | Error> = indexAsset
    ? Bun.file(indexAsset.path)
        .text()
        .then(
          (html) => injectConfig(html, `${prefix}/`, web),
          (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
        )
    : Promise.resolve(new Error("the dashboard bundle has no index.html; run `bun run build:web`"));

  const page = async () => {
    const html = await index;
    if (html instanceof Error) throw html;
    return new Response(html, {
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-cache",
        "content-security-policy": csp,
        ...SECURITY_HEADERS,
      },
    });
  };

  const handler = async ({ request, params }: { request: Request; params?: Record<string, string | undefined> }) => {
    if (ownHost && new URL(request.url).host !== app.host) throw notFound("page");
    const rest = params?.["*"] ?? "";
    const asset = rest && rest !== "index.html" ? assets.get(`/dashboard/${rest}`) : undefined;
    if (asset) {
      return new Response(Bun.file(asset.path), {
        headers: {
          "content-type": asset.type,
          "cache-control": "public, max-age=31536000, immutable",
          ...SECURITY_HEADERS,
        },
      });
    }
    if (looksLikeFile(rest)) throw notFound("file");
    return page();
  };

  const plugin = new Elysia({ name: "dashboard", seed: config.appUrl });
  if (prefix) plugin.get(prefix, handler);
  return plugin.get(`${prefix}/*`, handler);
}
