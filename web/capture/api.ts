/**
 * The public calls of the capture page (the link, sending, the photo), through the one web client
 * (web/shared/api.ts) without a session: the page may live on another origin. Every failure becomes a `Problem`
 * whose message is written for a person: the server's `error.message`, or our own words when the server could not
 * be reached.
 */
import { ApiError, createApi } from "../shared/api";
import type { LinkView, StartBody, Started } from "./types";
import { t } from "./i18n";

/** A failed call: HTTP status (0 when offline), the server's code, a message for the respondent and its `field`. */
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

/** The link's page data. */
export const getLink = (apiUrl: string, linkId: string) =>
  client().get<LinkView>(`${apiUrl}/public/links/${encodeURIComponent(linkId)}`);

/** The `r` of a personal link from a request email (request campaigns), passed on so the person counts as answered. */
const requestToken = () => new URLSearchParams(location.search).get("r")?.slice(0, 128) || null;

/** Sends a written testimonial, or starts a recording's upload. */
export const startSubmission = (apiUrl: string, linkId: string, body: StartBody, idempotencyKey: string) => {
  const r = requestToken();
  return client().post<Started>(
    `${apiUrl}/public/links/${encodeURIComponent(linkId)}/submissions`,
    r ? { ...body, request_token: r } : body,
    { headers: { "idempotency-key": idempotencyKey } },
  );
};

/** Sends the respondent's photo to the signed address the send answer gave. */
export const uploadPhoto = (ticket: { url: string; field: string }, photo: Blob) => {
  const form = new FormData();
  form.append(ticket.field, photo, "photo");
  return client().upload<{ submission_id: string }>(ticket.url, form);
};
