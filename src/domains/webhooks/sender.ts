/**
 * One HTTP attempt of a webhook: check the URL and resolve its host (or reuse that check made for the same URL in
 * the last few seconds: target-cache.ts), connect to the address that passed the check (TLS server name and
 * certificate checked against the host name), POST the body, never follow a redirect, give up after the response
 * time limit, and keep the status and the first kilobyte of the answer.
 * Bun's fetch ignores Node agents and custom lookups, so the request goes to `https://<checked address>` with
 * the `Host` header and `tls.serverName` set to the URL's host (test/integration/webhooks-delivery.test.ts
 * checks that the receiver sees that name and that a certificate for another name is refused).
 */
import { AppError } from "../../platform/errors";
import { checkTarget, keptTarget } from "./target-cache";
import type { WebhookTransport } from "../../platform/webhook-transport";

/** What one attempt sent and got back. */
export interface AttemptOutcome {
  /** Every header set on the request, signature included. */
  requestHeaders: Record<string, string>;
  responseStatus: number | null;
  /** The first kilobyte of the answer, as text. */
  responseBody: string | null;
  durationMs: number;
  /** Text for an attempt that got no response (timeout, refused connection, refused certificate, refused address). */
  error: string | null;
  /** A 2xx within the time limit. */
  ok: boolean;
  /** Why it failed, in a few words (the delivery's `failure_reason`); null on success. */
  reason: string | null;
}

/** Bytes of the response body kept in the log. */
export const RESPONSE_BODY_LIMIT = 1024;

const CERT_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ALTNAME|TLS|SSL|HOSTNAME_MISMATCH/i;

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);

/** Waits for `p` unless the signal aborts first (a DNS lookup cannot be cancelled, but we stop waiting). */
function withSignal<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Reads at most the first kilobyte of a body, then lets the rest go. */
async function firstKilobyte(res: Response): Promise<string> {
  if (!res.body) return "";
  // A plain body declared to fit is read whole, without a stream reader (the common short "ok").
  const length = res.headers.get("content-length");
  if (length !== null && Number(length) <= RESPONSE_BODY_LIMIT && !res.headers.has("content-encoding")) {
    try {
      return await res.text();
    } catch {
      return "";
    }
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_BODY_LIMIT) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // A body cut short (timeout, reset) still shows what arrived.
  } finally {
    reader.cancel().catch(() => {});
  }
  const all = new Uint8Array(Math.min(size, RESPONSE_BODY_LIMIT));
  let at = 0;
  for (const c of chunks) {
    const part = c.subarray(0, all.length - at);
    all.set(part, at);
    at += part.length;
    if (at >= all.length) break;
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(all);
}

/** Words for an attempt that got no response. */
export function describeError(e: unknown, timeoutMs: number): string {
  if (e instanceof AppError) return `refused before sending: ${e.message}`;
  const err = e as { name?: string; code?: string | number; message?: string };
  if (err?.name === "TimeoutError" || err?.name === "AbortError")
    return `timeout: no response within ${seconds(timeoutMs)}`;
  const code = typeof err?.code === "string" ? err.code : "";
  if (code === "ECONNREFUSED" || code === "ConnectionRefused") return "connection refused";
  if (code === "ECONNRESET" || code === "ConnectionReset") return "connection reset by the receiver";
  if (CERT_CODES.test(code)) return `certificate refused: ${err.message ?? code} (${code})`;
  return `${code || err?.name || "error"}: ${err?.message ?? String(e)}`;
}

/** The failure reason of an answer that is not a 2xx. */
function statusReason(res: Response): string {
  if (res.status >= 300 && res.status < 400) {
    const to = res.headers.get("location");
    return `HTTP ${res.status}: redirect not followed${to ? ` (Location: ${to.slice(0, 200)})` : ""}`;
  }
  return `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""}`;
}

/** Sends one signed POST to `rawUrl` and reports what happened; never throws. */
export async function sendWebhook(
  t: WebhookTransport,
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const signal = AbortSignal.timeout(t.timeoutMs);
  let sent: Record<string, string> = { ...headers };
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const target = keptTarget(t, rawUrl) ?? (await withSignal(checkTarget(t, rawUrl), signal));
    // Set here rather than left to fetch, so the log shows every header that went out (fetch adds only Connection).
    sent = {
      Host: target.host,
      ...headers,
      "Content-Length": String(Buffer.byteLength(body)),
      Accept: "*/*",
      "Accept-Encoding": "identity",
    };
    const tls = {
      ...(target.isIpLiteral ? {} : { serverName: target.hostname }),
      ...(t.ca ? { ca: t.ca } : {}),
      rejectUnauthorized: true,
    };
    const res = await t.fetch(target.connectUrl, {
      method: "POST",
      headers: sent,
      body,
      redirect: "manual",
      signal,
      tls,
    } as RequestInit);
    const text = await firstKilobyte(res);
    const ok = res.status >= 200 && res.status < 300;
    return {
      requestHeaders: sent,
      responseStatus: res.status,
      responseBody: text,
      durationMs: elapsed(),
      error: null,
      ok,
      reason: ok ? null : statusReason(res),
    };
  } catch (e) {
    const error = describeError(e, t.timeoutMs);
    return {
      requestHeaders: sent,
      responseStatus: null,
      responseBody: null,
      durationMs: elapsed(),
      error,
      ok: false,
      reason: error,
    };
  }
}
