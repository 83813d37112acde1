/**
 * Unsubscribing through `{site_url}/u/{token}`: what the page shows (`lookupUnsubscribe`) and the confirmation
 * (`confirmUnsubscribe`, also what a mail client's RFC 8058 one-click POST does). Confirming puts the address on
 * the organisation's unsubscribe list for that mode (as an HMAC), so no later campaign emails it, and stops this
 * campaign's reminder. Safe to do twice; never shows the address in full.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { systemCtx, type Mode } from "../../platform/context";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import { brands, links } from "../brands";
import { campaignRecipients, campaignSuppressions, campaigns, type RecipientRow } from "./tables";
import { recipientByToken } from "./tokens";

/** What the unsubscribe page shows. */
export type UnsubscribeView = { state: "unknown" } | { state: "pending" | "done"; brand: string; email: string | null };

/** `m•••@example.org`: enough for the person to recognise, not enough to read off a shared screen. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf("@");
  return at <= 0 ? "•••" : `${email[0]}•••${email.slice(at)}`;
}

function brandOf(deps: Deps, r: RecipientRow): string {
  const row = deps.db
    .select({ name: brands.name })
    .from(campaigns)
    .innerJoin(links, eq(links.id, campaigns.linkId))
    .innerJoin(brands, eq(brands.id, links.brandId))
    .where(eq(campaigns.id, r.campaignId))
    .get();
  return row?.name ?? "the team";
}

/** Whether a token unsubscribes someone, and whom (masked). */
export function lookupUnsubscribe(deps: Deps, token: string): UnsubscribeView {
  const r = recipientByToken(deps.db, token);
  if (!r) return { state: "unknown" };
  return {
    state: r.unsubscribedAt !== null ? "done" : "pending",
    brand: brandOf(deps, r),
    email: maskEmail(r.email),
  };
}

/** Puts a recipient's address on the unsubscribe list of their organisation and mode, in the unit of work. */
export function unsubscribeRecipient(tx: Tx, r: RecipientRow): void {
  const { db } = tx;
  const now = tx.ctx.clock.now();
  db.insert(campaignSuppressions)
    .values({ orgId: r.orgId, mode: r.mode, emailHash: r.emailHash, createdAt: now })
    .onConflictDoNothing()
    .run();
  if (r.unsubscribedAt !== null) return;
  db.update(campaignRecipients)
    .set(r.status === "answered" ? { unsubscribedAt: now } : { unsubscribedAt: now, status: "unsubscribed" })
    .where(eq(campaignRecipients.id, r.id))
    .run();
}

/** Unsubscribes the token's address from the organisation's requests (in that mode): the page's one unit of work. */
export function confirmUnsubscribe(deps: Deps, token: string): UnsubscribeView {
  const r = recipientByToken(deps.db, token);
  if (!r) return { state: "unknown" };
  unitOfWork(deps, systemCtx(r.orgId, r.mode as Mode, deps.clock), (tx) => unsubscribeRecipient(tx, r));
  return { state: "done", brand: brandOf(deps, r), email: maskEmail(r.email) };
}
