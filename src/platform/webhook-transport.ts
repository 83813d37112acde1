/**
 * The outbound edge of webhooks (`deps.webhooks`): how names are resolved, which fetch sends, which extra
 * certificate authority is trusted, how long a receiver may take, and whether the development allowance for private
 * targets is on. Production uses `createWebhookTransport(config, http)`; tests and benchmarks replace fields of it on
 * their Deps (a table resolver, a loopback-only fetch, their receiver's certificate).
 */
import { lookup } from "node:dns/promises";
import type { Config } from "../config";
import type { HttpClient } from "./http-client";

/** Resolves a host name to every address it has (A and AAAA). */
export type Resolver = (hostname: string) => Promise<string[]>;

/** Everything the webhook sender and the URL check depend on. */
export interface WebhookTransport {
  resolve: Resolver;
  /** Sends the request (Bun's fetch with its `tls` options). */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
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

/** The production transport: the system resolver, the Deps' HTTP client, the system's roots, the config's allowance. */
export function createWebhookTransport(
  config: Pick<Config, "webhooksAllowPrivate">,
  http: HttpClient,
): WebhookTransport {
  return {
    resolve: systemResolver,
    fetch: (url, init) => http.fetch(url, init),
    ca: null,
    timeoutMs: RESPONSE_TIMEOUT_MS,
    allowPrivate: config.webhooksAllowPrivate,
  };
}
