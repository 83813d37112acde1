/**
 * The one JSON client for the Plaudit API, used by the dashboard, the capture page and the removal page. Every error
 * becomes an `ApiError` whose `message` is written for a person (the server's `error.message`, or our own words for
 * network failures and timeouts). The answers' types come from the server's schemas (`src/domains/<domain>/model.ts`).
 */

/** Every list answers with this envelope. */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** What a 402 says about the allowance that would be exceeded. */
export interface LimitInfo {
  name: string;
  plan: string;
  upgrade_plan: string | null;
  upgrade_url: string;
}

/** A failed request: HTTP status (0 when the server was not reached), stable code, message for a person. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details?: Record<string, unknown>,
    public readonly requestId?: string,
    public readonly limit?: LimitInfo,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The request field the server named (`details.field`), e.g. `respondent.email`. */
  get field(): string | undefined {
    const field = this.details?.field;
    return typeof field === "string" ? field : undefined;
  }
}

/** Our own words for failures the server did not explain. */
export interface FailureWords {
  /** The server could not be reached. */
  offline: string;
  /** It took longer than the request's timeout. */
  timeout: string;
  /** A 5xx without a message. */
  server: string;
  /** A 4xx without a message (`{status}` is replaced by the status). */
  refused: string;
}

const DEFAULT_WORDS: FailureWords = {
  offline: "Could not reach the server. Check your connection and try again.",
  timeout: "The server took too long to answer. Please try again.",
  server: "The server had a problem. Please try again in a moment.",
  refused: "The request was refused (HTTP {status}).",
};

/** How a client is set up. `headers` is asked on every request (e.g. the current organisation and mode). */
export interface ApiOptions {
  baseUrl: string;
  headers?: () => Record<string, string>;
  /** Called on any 401 (the session ended), before the error is thrown. */
  onUnauthorized?: (error: ApiError) => void;
  timeoutMs?: number;
  /**
   * The dashboard's way (default true): cookies go with every request and writes carry `X-Svc-Csrf: 1`. The public
   * pages (capture, removal) send neither: they call the API from another origin and have no session.
   */
  session?: boolean;
  /** Replaces some of our own words for failures. */
  words?: Partial<FailureWords>;
}

/** Extra settings for one request. */
export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** The client's methods; a `path` is under `baseUrl`, or an absolute address the server handed out. */
export interface Api {
  get<T>(path: string, opts?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T>;
  del<T>(path: string, opts?: RequestOptions): Promise<T>;
  upload<T>(path: string, form: FormData, opts?: RequestOptions): Promise<T>;
}

function withQuery(url: string, query: RequestOptions["query"]): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}${url.includes("?") ? "&" : "?"}${qs}` : url;
}

async function toError(res: Response, words: FailureWords): Promise<ApiError> {
  let body: {
    error?: {
      code?: string;
      message?: string;
      details?: Record<string, unknown>;
      request_id?: string;
      limit?: LimitInfo;
    };
  } | null = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  const e = body?.error;
  if (e?.message) return new ApiError(res.status, e.code ?? "error", e.message, e.details, e.request_id, e.limit);
  const fallback = res.status >= 500 ? words.server : words.refused.replace("{status}", String(res.status));
  return new ApiError(res.status, e?.code ?? "http_error", fallback, e?.details, e?.request_id, e?.limit);
}

/** Makes a client. With a session (the default), non-GET requests carry `X-Svc-Csrf: 1` and cookies are sent. */
export function createApi(options: ApiOptions): Api {
  const base = options.baseUrl.replace(/\/+$/, "");
  const session = options.session ?? true;
  const words = { ...DEFAULT_WORDS, ...options.words };

  async function request<T>(
    method: string,
    path: string,
    body: BodyInit | undefined,
    json: boolean,
    opts: RequestOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json", ...options.headers?.(), ...opts.headers };
    if (method !== "GET" && session) headers["x-svc-csrf"] = "1";
    if (json && body !== undefined) headers["content-type"] = "application/json";
    let res: Response;
    try {
      const url = /^https?:\/\//.test(path) ? path : base + path;
      res = await fetch(withQuery(url, opts.query), {
        method,
        headers,
        body,
        credentials: session ? "include" : "omit",
        signal: AbortSignal.timeout(opts.timeoutMs ?? options.timeoutMs ?? 30_000),
      });
    } catch (err) {
      const timedOut = err instanceof DOMException && err.name === "TimeoutError";
      throw new ApiError(0, timedOut ? "timeout" : "network", timedOut ? words.timeout : words.offline);
    }
    if (!res.ok) {
      const error = await toError(res, words);
      if (res.status === 401) options.onUnauthorized?.(error);
      throw error;
    }
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  const json = (b: unknown) => (b === undefined ? undefined : JSON.stringify(b));
  return {
    get: (path, opts) => request("GET", path, undefined, false, opts),
    post: (path, body, opts) => request("POST", path, json(body), true, opts),
    patch: (path, body, opts) => request("PATCH", path, json(body), true, opts),
    put: (path, body, opts) => request("PUT", path, json(body), true, opts),
    del: (path, opts) => request("DELETE", path, undefined, false, opts),
    upload: (path, form, opts) => request("POST", path, form, false, { timeoutMs: 120_000, ...opts }),
  };
}

/** A fresh random UUID for `Idempotency-Key` (also on plain-http pages, where `crypto.randomUUID` is missing). */
export function idempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Turns anything thrown into a message for a person. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong. Please try again.";
}
