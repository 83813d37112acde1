/**
 * The secrets of alert emails. A button's token (192 bits) is the HMAC of the button's id under the data directory's
 * secret, and a stop link's the HMAC of its email's id: both are made when the email is handed to the SMTP server,
 * never stored; the tables keep their SHA-256 to find the row a token belongs to. The outbox copy holds a mark where
 * each link goes (`linkMark`), so no outbox reader, backup or database dump holds a link that works.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { sha256, type Signer } from "../../platform/crypto";
import { alertButtons, alertMails, type AlertButtonRow } from "./tables";

/** How long a button works. */
export const BUTTON_TTL_MS = 7 * 24 * 3600_000;

/** The mark in the outbox copy where a personal link goes: `ref` is a button id, or `stop`. */
export const linkMark = (ref: string) => `[personal link ${ref}: only in the email delivered to the recipient]`;

/** The `ref` of the stop link's mark. */
export const STOP_REF = "stop";

/** A button's token. */
export const buttonToken = (signer: Signer, buttonId: string) => signer.mac("alert.button.v1", buttonId).slice(0, 32);

/** An alert email's stop token. */
export const stopToken = (signer: Signer, mailId: string) => signer.mac("alert.stop.v1", mailId).slice(0, 32);

/** What the tables keep of a token. */
export const tokenHashOf = (token: string) => sha256(token);

/** The confirmation page of a button, on the site address. */
export const buttonUrl = (siteUrl: string, token: string) => `${siteUrl}/alert/${token}`;

/** The stop page of an alert email, on the site address. */
export const stopUrl = (siteUrl: string, token: string) => `${siteUrl}/alert/stop/${token}`;

/** Tokens are base64url; anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/** The button a token belongs to, or null. */
export function buttonByToken(db: Db, token: string | null | undefined): AlertButtonRow | null {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  return (
    db
      .select()
      .from(alertButtons)
      .where(eq(alertButtons.tokenHash, tokenHashOf(token)))
      .get() ?? null
  );
}

/** The alert email a stop token belongs to, or null. */
export function mailByStopToken(db: Db, token: string | null | undefined) {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  return (
    db
      .select()
      .from(alertMails)
      .where(eq(alertMails.stopHash, tokenHashOf(token)))
      .get() ?? null
  );
}
