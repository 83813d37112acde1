/**
 * The outbound edge of webhooks as a dependency: how names are resolved, which fetch sends, which extra
 * certificate authority is trusted, how long a receiver may take, and whether the development allowance for
 * private targets is on. Production uses the defaults; tests swap parts per `Deps` with `configureWebhooks`.
 */
import { lookup } from "node:dns/promises";
import type { Deps } from "../../platform/deps";
import type { Resolver } from "./ssrf";

/** The part of fetch the sender uses. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Everything the sender and the URL check depend on. */
export interface WebhookTransport {
  resolve: Resolver;
  fetch: FetchLike;
  /** Extra PEM certificate authority to trust (tests' self-signed receivers); null trusts the system's roots only. */
  ca: string | null;
  /** A receiver must answer within this (the contract's 10 seconds). */
  timeoutMs: number;
  allowPrivate: boolean;
}

/** Resolves with the system resolver: every A and AAAA address, in the resolver's order. */
export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** The contract's response time limit. */
export const RESPONSE_TIMEOUT_MS = 10_000;

const overrides = new WeakMap<Deps, Partial<WebhookTransport>>();

/** Replaces parts of the transport for one set of dependencies (tests, benchmarks). */
export function configureWebhooks(deps: Deps, parts: Partial<WebhookTransport>): void {
  overrides.set(deps, { ...overrides.get(deps), ...parts });
}

/** The transport in force for these dependencies. */
export function transportFor(deps: Deps): WebhookTransport {
  const o = overrides.get(deps) ?? {};
  return {
    resolve: o.resolve ?? systemResolver,
    fetch: o.fetch ?? fetch,
    ca: o.ca ?? null,
    timeoutMs: o.timeoutMs ?? RESPONSE_TIMEOUT_MS,
    allowPrivate: o.allowPrivate ?? deps.config.webhooksAllowPrivate,
  };
}
