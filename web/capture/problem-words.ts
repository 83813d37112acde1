/**
 * The page's own words for a refusal the server explains by its code (issue 26): a closed link by its reason, a
 * changed consent, a month's allowance reached, a file too large or not a recording, an expired upload, too many
 * tries. The server's English message is kept only for what has no code of its own here.
 */
import type { Problem } from "./api";
import { t } from "./i18n";

/** Words for a closed link, by the reason the server gives (`details.reason`). */
const CLOSED: Record<string, () => string> = {
  paused: () => t("closed.paused"),
  closed: () => t("closed.closed"),
  expired: () => t("closed.expired"),
  full: () => t("closed.full"),
};

/** Words for the other refusals, by code. */
const BY_CODE: Record<string, () => string> = {
  consent_changed: () => t("problem.consentChanged"),
  not_accepting: () => t("problem.notAccepting"),
  file_too_large: () => t("problem.fileTooLarge"),
  unsupported_media_type: () => t("problem.unsupportedMedia"),
  upload_expired: () => t("problem.uploadExpired"),
  too_many_requests: () => t("problem.tooMany"),
  rate_limited: () => t("problem.tooMany"),
};

/** What the respondent reads for a refusal: the page's words in its language, else the server's message. */
export function problemWords(p: Pick<Problem, "code" | "message" | "details">): string {
  if (p.code === "link_closed") {
    const reason = p.details?.reason;
    return (typeof reason === "string" && CLOSED[reason]?.()) || t("closed.paused");
  }
  return BY_CODE[p.code]?.() ?? p.message;
}
