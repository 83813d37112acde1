/**
 * The one error type. Services throw `AppError`; the root error handler turns it into
 * `{"error": {"code", "message", "details"?, "request_id"}}` (402s add `error.limit`).
 */

/** What a 402 says about the allowance that would be exceeded. */
export interface LimitInfo {
  name: string;
  plan: string;
  upgrade_plan: string | null;
  upgrade_url: string;
  limit?: number | null;
  used?: number;
}

/** An expected failure with an HTTP status, a stable machine code and a message for a person. */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: number,
    message: string,
    public readonly details?: Record<string, unknown>,
    public readonly limit?: LimitInfo,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** 400 `validation_failed`; `field` is a path like `rows[3].rating`. */
export const invalid = (message: string, field?: string, extra?: Record<string, unknown>) =>
  new AppError("validation_failed", 400, message, field ? { field, ...extra } : extra);

/** 404 that says nothing about whether the thing exists elsewhere (another org, another mode). */
export const notFound = (what = "resource") => new AppError("not_found", 404, `No such ${what}.`);

/** 409 for a state conflict. */
export const conflict = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(code, 409, message, details);

/** 422 for a request that is well formed but cannot be carried out. */
export const unprocessable = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(code, 422, message, details);

/** 403 for a missing scope or role. */
export const forbidden = (message: string, details?: Record<string, unknown>) =>
  new AppError("forbidden", 403, message, details);

/** 401 for missing or bad credentials. */
export const unauthorized = (message = "Sign in or send an API key as Authorization: Bearer <key>.") =>
  new AppError("unauthorized", 401, message);

/** The message of a thrown value, for logs (its name when the message is empty; anything else as a string). */
export const messageOf = (e: unknown): string => (e instanceof Error ? e.message || e.name : String(e));
