/**
 * Outbound HTTP as a dependency (`deps.http`): every call the domains make to another service (Stripe, GitHub, the
 * operator's language model) goes through it, so tests swap one field instead of the process's global `fetch`, and a
 * proxy, a user agent or request logging can be added in one place later.
 */

/** The part of fetch outbound calls use (Bun's extra init fields, such as `tls`, pass through). */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/** Sends HTTP requests to other services. */
export interface HttpClient {
  fetch: FetchLike;
}

/** The real client: the runtime's fetch, looked up at each call. */
export function createHttpClient(): HttpClient {
  return { fetch: (url, init) => fetch(url, init) };
}
