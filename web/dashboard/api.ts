/**
 * The dashboard's API client: sends the chosen organisation (`X-Svc-Org`) and mode (`X-Svc-Mode`) on every
 * request, and reports a 401 (session ended) to whoever listens.
 */
import { createApi } from "../shared/api";
import { readConfig } from "../shared/config";
import type { Mode } from "./types";

/** Addresses injected by the server. */
export const config = readConfig();

const scope: { orgId: string | null; mode: Mode } = { orgId: null, mode: "live" };
let sessionEnded: (() => void) | null = null;

/** Sets the organisation and mode sent with every request from now on. */
export function setScope(orgId: string | null, mode: Mode) {
  scope.orgId = orgId;
  scope.mode = mode;
}

/** Registers what happens when any request answers 401. */
export function onSessionEnded(handler: (() => void) | null) {
  sessionEnded = handler;
}

/** The organisation and mode headers every request carries (also for file downloads made with `fetch`). */
export const scopeHeaders = (): Record<string, string> => ({
  "x-svc-mode": scope.mode,
  ...(scope.orgId ? { "x-svc-org": scope.orgId } : {}),
});

/** The client every page uses. */
export const api = createApi({
  baseUrl: config.apiUrl,
  headers: scopeHeaders,
  onUnauthorized: () => sessionEnded?.(),
});
