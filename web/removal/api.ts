/**
 * The removal page's two calls. A failure becomes a `Problem` with a message for a person: the server's own
 * words, or ours when the server could not be reached.
 */

/** What the lookup answers. */
export type RemovalView =
  | { state: "unknown" }
  | { state: "removed"; removed_at: string | null }
  | {
      state: "pending";
      testimonial: {
        brand_name: string;
        kind: string;
        name: string | null;
        created_at: string;
        excerpt: string | null;
        is_published: boolean;
      };
    };

/** What confirming answers. */
export type RemovalResult =
  | { state: "unknown" }
  | { state: "removed"; removed_at: string | null; removed_now: boolean };

/** A failed call, with a message for the respondent. */
export class Problem extends Error {}

async function post<T>(url: string, token: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ token }),
    });
  } catch {
    throw new Problem("We could not reach the server. Please check your connection and try again.");
  }
  if (res.ok) return (await res.json()) as T;
  let message: string | undefined;
  try {
    message = ((await res.json()) as { error?: { message?: string } }).error?.message;
  } catch {
    message = undefined;
  }
  throw new Problem(
    message ||
      (res.status >= 500
        ? "The server had a problem. Please try again in a moment."
        : "Something went wrong. Please try again."),
  );
}

/** What the link would remove. */
export const lookup = (apiUrl: string, token: string) => post<RemovalView>(`${apiUrl}/public/removals/lookup`, token);

/** Removes the testimonial. */
export const confirm = (apiUrl: string, token: string) => post<RemovalResult>(`${apiUrl}/public/removals`, token);
