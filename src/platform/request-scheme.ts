/**
 * Whether a request reached the browser's side over HTTPS. Behind a reverse proxy that ends TLS, Plaudit hears
 * plain HTTP from the proxy; the proxy says what the browser used in `X-Forwarded-Proto`. That header is believed
 * only from a peer in `PLAUDIT_TRUSTED_PROXIES` (as `X-Forwarded-For` is, platform/client-address.ts): anyone else
 * could write it.
 *
 * What depends on it: the `Secure` attribute of cookies. Every absolute address and redirect Plaudit makes comes
 * from the configured addresses (`PLAUDIT_BASE_URL` and the others), never from the request's Host or scheme, so
 * behind a proxy those are set to `https://…` and nothing else needs the header.
 */
import type { Config } from "../config";
import { isTrustedProxy, peerAddress, type PeerSource } from "./client-address";

/**
 * True when the request came over HTTPS: Bun's own TLS (the request's address is `https:`), or a trusted proxy
 * saying `X-Forwarded-Proto: https`. Of a list (`https, http`), the last entry counts: the one the nearest proxy,
 * the trusted one, wrote.
 */
export function isHttpsRequest(
  request: Request,
  server: PeerSource | null | undefined,
  config: Pick<Config, "trustedProxies">,
): boolean {
  if (request.url.startsWith("https:")) return true;
  const proto = request.headers.get("x-forwarded-proto");
  if (!proto || !config.trustedProxies.length) return false;
  const peer = peerAddress(request, server);
  if (!peer || !isTrustedProxy(peer, config.trustedProxies)) return false;
  return proto.split(",").pop()!.trim().toLowerCase() === "https";
}

/**
 * True when cookies set in answer to `request` get `Secure`: always when the API's address is `https://` (browsers
 * reach it over HTTPS, so the cookie never needs to travel in clear), else when this request came over HTTPS.
 */
export function secureCookies(
  request: Request,
  server: PeerSource | null | undefined,
  config: Pick<Config, "baseUrl" | "trustedProxies">,
): boolean {
  return config.baseUrl.startsWith("https:") || isHttpsRequest(request, server, config);
}
