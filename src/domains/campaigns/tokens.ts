/**
 * A recipient's personal token (192 bits): the HMAC of their id under the data directory's secret, so it is never
 * stored; the recipients table keeps its SHA-256 to find them by it. The same token makes the personal link
 * (`{link_url}?r={token}`) and the unsubscribe address (`{site_url}/u/{token}`). Unsubscribed addresses are kept as an
 * HMAC of the address (never the address), per organisation and mode.
 */
import { and, eq } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import type { Db } from "../../platform/db/client";
import type { Mode } from "../../platform/context";
import { sha256, type Signer } from "../../platform/crypto";
import { campaignRecipients, campaignSuppressions, type RecipientRow } from "./tables";

/** The personal token of a recipient. */
export const recipientToken = (signer: Signer, recipientId: string): string =>
  signer.mac("campaign.recipient.v1", recipientId).slice(0, 32);

/** What the recipients table keeps of a token. */
export const tokenHashOf = (token: string) => sha256(token);

/** The key of an address on the unsubscribe list (and on each recipient row). */
export const emailHashOf = (signer: Signer, email: string) =>
  signer.mac("campaign.email.v1", email.trim().toLowerCase());

/** The unsubscribe page of a token. */
export const unsubscribeUrl = (siteUrl: string, token: string) => `${siteUrl}/u/${token}`;

/** The personal link: the link's address with the token as `r`. */
export const personalLinkUrl = (linkUrl: string, token: string) =>
  `${linkUrl}${linkUrl.includes("?") ? "&" : "?"}r=${token}`;

/** Tokens are base64url; anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/** The recipient a token belongs to, or null. */
export function recipientByToken(db: Db, token: string | null | undefined): RecipientRow | null {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  return (
    db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.tokenHash, tokenHashOf(token)))
      .get() ?? null
  );
}

/** True when the address (by its hash) unsubscribed from this organisation's requests in this mode. */
export function isSuppressed(db: Db, orgId: string, mode: Mode, emailHash: string): boolean {
  return !!db
    .select({ h: campaignSuppressions.emailHash })
    .from(campaignSuppressions)
    .where(and(scoped(campaignSuppressions, { orgId, mode }), eq(campaignSuppressions.emailHash, emailHash)))
    .get();
}

/** True when the address unsubscribed from this organisation's mail in this mode (for mail other modules send). */
export const isUnsubscribed = (db: Db, signer: Signer, orgId: string, mode: Mode, email: string) =>
  isSuppressed(db, orgId, mode, emailHashOf(signer, email));
