/**
 * The one-click stop of alert emails: every alert email carries a link (and `List-Unsubscribe`, RFC 8058) that turns
 * its member's new-testimonial emails off in that organisation and mode. Looking asks; only a POST (the page's button,
 * or a mail client's one-click request) turns them off. The link works as long as its email exists: it can only
 * stop mail to the person who got it.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Tx } from "../../platform/db/unit-of-work";
import type { Deps } from "../../platform/deps";
import { orgLogoUrl, orgs } from "../accounts";
import { alertMember } from "./recipients";
import { stopAlerts } from "./settings";
import type { PageOrg } from "./button-view";
import { mailByStopToken } from "./tokens";

/** What the stop page shows. */
export interface StopView {
  state: "unknown" | "ask" | "stopped" | "not_member";
  status: number;
  org: PageOrg | null;
  email: string | null;
  test: boolean;
}

const UNKNOWN: StopView = { state: "unknown", status: 404, org: null, email: null, test: false };

function read(db: Db, deps: Deps, token: string) {
  const am = mailByStopToken(db, token);
  if (!am) return null;
  const org = db.select().from(orgs).where(eq(orgs.id, am.orgId)).get();
  if (!org) return null;
  const look: PageOrg = { name: org.name, color: org.color, logoUrl: orgLogoUrl(deps.config.cdnUrl, org.logoKey) };
  return { am, look, member: alertMember(db, am.orgId, am.memberId, am.mode) };
}

/** The stop page's view (reads only). */
export function viewStop(deps: Deps, token: string): StopView {
  const found = read(deps.db, deps, token);
  if (!found) return UNKNOWN;
  const { am, look, member } = found;
  const test = am.mode === "test";
  if (!member) return { state: "not_member", status: 200, org: look, email: null, test };
  const state = member.settings.frequency === "off" ? "stopped" : "ask";
  return { state, status: 200, org: look, email: member.email, test };
}

/**
 * Turns the alerts off (the page's POST, or a one-click request), in a unit of work of the link's organisation and
 * mode, audited as the member; saying so twice is fine.
 */
export function confirmStop(tx: Tx, token: string): StopView {
  const { db, deps } = tx;
  const found = read(db, deps, token);
  if (!found) return UNKNOWN;
  const { am, look, member } = found;
  const test = am.mode === "test";
  if (!member) return { state: "not_member", status: 200, org: look, email: null, test };
  if (member.settings.frequency !== "off") {
    stopAlerts(tx, am.orgId, am.memberId, am.mode, deps.clock.now());
    tx.as({
      orgId: am.orgId,
      mode: am.mode,
      actor: { type: "user", userId: member.userId, role: member.role, sessionId: null },
      clock: deps.clock,
    }).audit("alert.stopped", am.memberId, { via: "email_link" });
  }
  return { state: "stopped", status: 200, org: look, email: member.email, test };
}
