/**
 * The two public calls of the capture page. Every failure becomes a `Problem` whose message is written for a
 * person: the server's `error.message`, or our own words when the server could not be reached.
 */
import type { LinkView, Started } from "./types";

/** A failed call: HTTP status (0 when offline), the server's code and a message for the respondent. */
export class Problem extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly field?: string,
  ) {
    super(message);
  }
}

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { accept: "application/json", ...init.headers } });
  } catch {
    throw new Problem(0, "offline", "We could not reach the server. Please check your connection and try again.");
  }
  if (res.ok) return (await res.json()) as T;
  let error: { code?: string; message?: string; details?: { field?: string } } | undefined;
  try {
    error = ((await res.json()) as { error?: typeof error }).error;
  } catch {
    error = undefined;
  }
  const fallback =
    res.status >= 500
      ? "The server had a problem. Please try again in a moment."
      : "Something went wrong. Please try again.";
  throw new Problem(res.status, error?.code ?? "error", error?.message || fallback, error?.details?.field);
}

/** The link's page data. */
export const getLink = (apiUrl: string, linkId: string) =>
  call<LinkView>(`${apiUrl}/public/links/${encodeURIComponent(linkId)}`);

/** Sends a written testimonial, or starts a recording's upload. */
export const startSubmission = (apiUrl: string, linkId: string, body: unknown, idempotencyKey: string) =>
  call<Started>(`${apiUrl}/public/links/${encodeURIComponent(linkId)}/submissions`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": idempotencyKey },
    body: JSON.stringify(body),
  });
