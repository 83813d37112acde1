/**
 * The two listeners of a box that serves HTTPS itself (issue 24):
 * - plain HTTP (`PLAUDIT_PORT`, default 80) only answers ACME HTTP-01 challenges and sends everything else to the
 *   same path over HTTPS (308, so a POST stays a POST). The redirect keeps the name asked for when the box holds a
 *   certificate for it (its own domain, a brand's custom domain), else it goes to the box's own domain: the Host
 *   header never sends a visitor to an address of someone else's choosing.
 * - HTTPS (`PLAUDIT_HTTPS_PORT`, default 443) serves the app with each name's certificate (SNI; the box's own for
 *   any other name) and `Strict-Transport-Security` on every answer.
 *
 * New certificates (a renewal, a custom domain, the operator's files changed) are swapped in without a restart: a
 * new HTTPS listener opens on the same port (`reusePort`, so both accept for a moment) and the old one closes after
 * its requests finish. The plain HTTP listener binds its port exclusively first, so a second `plaudit serve` on the
 * same ports stops there instead of sharing the HTTPS port.
 */
import type { Server } from "bun";
import type { Logger } from "../log";
import type { Certificates, ServedCert } from "./service";

/** One year, without `includeSubDomains`: other names under the agency's domain are not ours to pin. */
export const HSTS = "max-age=31536000";

/** What the listeners need. */
export interface ListenerOptions {
  hostname: string;
  httpPort: number;
  httpsPort: number;
  certificates: Certificates;
  log: Logger;
  /** The app's handler (the same one plain HTTP serves without built-in HTTPS). */
  fetch: (request: Request, server: Server<undefined>) => Response | Promise<Response>;
  /** Extra options for both servers (body and header limits). */
  serverOptions: Record<string, unknown>;
  /** Answers the plain HTTP listener gives itself besides ACME challenges (the custom-domain proof), or null. */
  plain?: (request: Request, host: string) => Response | null;
}

/** The running listeners. */
export interface Listeners {
  http: Server<undefined>;
  /** Null until a first certificate exists (the HTTP listener answers 503 meanwhile). */
  https(): Server<undefined> | null;
  /** Opens (or swaps) the HTTPS listener with what `certificates` serves now. */
  refresh(): void;
  stop(force?: boolean): Promise<void>;
}

/** The host name of a request, lower-cased, without a port. */
const hostOf = (request: Request) =>
  (request.headers.get("host") ?? new URL(request.url).host)
    .replace(/:\d+$/, "")
    .replace(/^\[|\]$/g, "")
    .toLowerCase();

/** Adds HSTS to an answer (copying it when its headers cannot change). */
function withHsts(res: Response): Response {
  try {
    res.headers.set("strict-transport-security", HSTS);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    copy.headers.set("strict-transport-security", HSTS);
    return copy;
  }
}

/** Starts the plain HTTP listener now and the HTTPS one as soon as there is a certificate to serve. */
export function startListeners(opts: ListenerOptions): Listeners {
  const { certificates, log } = opts;
  const known = () => new Set(certificates.served().map((c) => c.name));
  const suffix = opts.httpsPort === 443 ? "" : `:${opts.httpsPort}`;
  let current: Server<undefined> | null = null;
  let served: ServedCert[] = [];

  const http = Bun.serve({
    ...opts.serverOptions,
    hostname: opts.hostname,
    port: opts.httpPort,
    reusePort: false,
    fetch(request) {
      const url = new URL(request.url);
      const challenge = /^\/\.well-known\/acme-challenge\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
      if (challenge) {
        const answer = certificates.challenges.answer(challenge[1]!);
        return answer
          ? new Response(answer, { headers: { "content-type": "text/plain" } })
          : new Response("No such challenge.", { status: 404, headers: { "content-type": "text/plain" } });
      }
      if (url.pathname === "/healthz") return new Response("ok", { headers: { "content-type": "text/plain" } });
      const own = opts.plain?.(request, hostOf(request));
      if (own) return own;
      if (!current)
        return new Response("This server is getting its HTTPS certificate. Try again in a minute.", {
          status: 503,
          headers: { "content-type": "text/plain", "retry-after": "30" },
        });
      const host = hostOf(request);
      const target = known().has(host) ? host : (certificates.domain ?? host);
      return new Response(null, {
        status: 308,
        headers: { location: `https://${target}${suffix}${url.pathname}${url.search}`, "cache-control": "no-store" },
      });
    },
  });

  const open = (certs: ServedCert[]) =>
    Bun.serve({
      ...opts.serverOptions,
      hostname: opts.hostname,
      port: opts.httpsPort,
      // Only while a new listener takes over from the old one; the HTTP port above is the exclusive one.
      reusePort: true,
      idleTimeout: 120,
      tls: certs.map((c) => ({ serverName: c.name, cert: c.cert, key: c.key })),
      fetch: async (request, server) => withHsts(await opts.fetch(request, server)),
    });

  const refresh = () => {
    const next = certificates.served();
    if (next.length === 0) return;
    if (current && JSON.stringify(next) === JSON.stringify(served)) return;
    const old = current;
    current = open(next);
    served = next;
    // The old listener stops accepting and closes once its requests are answered.
    if (old) void old.stop();
    log.info(old ? "HTTPS certificates swapped" : "serving HTTPS", {
      port: opts.httpsPort,
      names: next.map((c) => c.name),
    });
  };
  certificates.onChange(refresh);
  refresh();

  return {
    http,
    https: () => current,
    refresh,
    async stop(force = false) {
      await Promise.all([http.stop(force), current?.stop(force)]);
    },
  };
}
