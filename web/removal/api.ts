/**
 * The removal page's two calls, through the one web client (web/shared/api.ts) without a session: the page may live
 * on another origin and needs no account (the token is the credential). A failure is a `Problem` whose message is
 * for a person: the server's own words, or ours when the server could not be reached. The answers' types are the
 * server's schemas (src/domains/removals/model.ts).
 */
import { ApiError, createApi } from "../shared/api";
import type { RemovalResult, RemovalView } from "../../src/domains/removals/model";
import { t } from "./i18n";

/** What the lookup answers, and what confirming answers. */
export type { RemovalResult, RemovalView };

/** A failed call, with a message for the respondent (the shared client's error). */
export { ApiError as Problem };

/** The client, made on first use: its words are in the page's language, chosen before the page is drawn. */
let made: ReturnType<typeof createApi> | null = null;
function client() {
  made ??= createApi({
    baseUrl: "",
    session: false,
    words: { offline: t("api.offline"), timeout: t("api.timeout"), server: t("api.server"), refused: t("api.refused") },
  });
  return made;
}

/** What the link would remove. */
export const lookup = (apiUrl: string, token: string) =>
  client().post<RemovalView>(`${apiUrl}/public/removals/lookup`, { token });

/** Removes the testimonial. */
export const confirm = (apiUrl: string, token: string) =>
  client().post<RemovalResult>(`${apiUrl}/public/removals`, { token });
