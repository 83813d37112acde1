/**
 * Limits on the request line and headers, answered in the error shape with a request id: an address longer than
 * `REQUEST_LIMITS.urlBytes` is `414 uri_too_long`, headers larger than `headerBytes` are `431 headers_too_large`.
 *
 * Bun's HTTP server refuses headers (request line included) over 16 KiB itself, before any JavaScript runs, with
 * a bare 431 and no body. `serverOptions()` raises that ceiling to `serverHeaderBytes`, so requests between our
 * limits and that ceiling reach the app and get a proper answer; only a request over the ceiling still gets
 * Bun's bare 431.
 */
import { Elysia } from "elysia";
import { AppError } from "../errors";
import { REQUEST_LIMITS, serverOptions } from "./server-options";

export { REQUEST_LIMITS, serverOptions };

/** Refuses an over-long address or over-large headers; null when the request is within the limits. */
export function requestLimitError(request: Request): AppError | null {
  const url = request.url;
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const target = start === -1 ? 0 : url.length - start;
  if (target > REQUEST_LIMITS.urlBytes) {
    return new AppError(
      "uri_too_long",
      414,
      `The address (path and query) is longer than ${REQUEST_LIMITS.urlBytes} bytes.`,
      { max_bytes: REQUEST_LIMITS.urlBytes },
    );
  }
  let headers = 0;
  request.headers.forEach((value, name) => {
    headers += name.length + value.length + 4;
  });
  if (headers > REQUEST_LIMITS.headerBytes) {
    return new AppError(
      "headers_too_large",
      431,
      `The request headers are larger than ${REQUEST_LIMITS.headerBytes} bytes.`,
      { max_bytes: REQUEST_LIMITS.headerBytes },
    );
  }
  return null;
}

/** Plugin for the root app: checks every request (unknown routes included) before routing. */
export function requestLimits() {
  return new Elysia({ name: "request-limits" }).onRequest(({ request }) => {
    const error = requestLimitError(request);
    if (error) throw error;
  });
}
