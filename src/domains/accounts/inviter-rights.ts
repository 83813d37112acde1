/**
 * An invitation is only as good as its inviter's right to make it (issue 30). An owner may invite any role, an
 * admin any role but owner (`guardOwnerChange`), nobody else anyone (`member:manage`). When a member loses that right
 * (demoted, removed), the pending invitations they could no longer make are revoked in the same transaction; and an
 * invitation is checked again when its link is used, so one that slipped past (an account deleted by hand, rows
 * from before this rule) cannot let someone in on the authority of a person who no longer has it.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import { scoped, inOrg } from "../../platform/db/tenancy";
import type { Db } from "../../platform/db/client";
import type { Role } from "../../platform/context";
import type { Tx } from "../../platform/db/unit-of-work";
import { PERMISSIONS } from "../../platform/access";
import { invitations, members } from "./tables";

/** Why pending invitations were revoked along with a change to their inviter's membership. */
export type InviterRevocationReason = "inviter_role_changed" | "inviter_removed";

/** True when a member holding `inviterRole` (null: not a member) may invite someone as `invitedRole`. */
export function mayInvite(inviterRole: Role | null, invitedRole: Role): boolean {
  if (!inviterRole || !(PERMISSIONS["member:manage"].roles as readonly Role[]).includes(inviterRole)) return false;
  return invitedRole !== "owner" || inviterRole === "owner";
}

/**
 * True when the invitation's inviter may still make it, read with `db` now. An invitation made by the system (the
 * CLI, an operator) has no inviter and stays good.
 */
export function inviterStillMay(db: Db, inv: { orgId: string; role: Role; invitedByUserId: string | null }): boolean {
  if (!inv.invitedByUserId) return true;
  const row = db
    .select({ role: members.role })
    .from(members)
    .where(and(inOrg(members, inv.orgId), eq(members.userId, inv.invitedByUserId)))
    .get();
  return mayInvite((row?.role as Role | undefined) ?? null, inv.role);
}

/**
 * Revokes, in the caller's unit of work, every pending invitation of the context's organisation made by `userId`
 * that a member holding `nowRole` (null once removed) could not make, with an `invitation.revoked` audit line naming
 * the reason for each. Returns how many were revoked.
 */
export function revokeInvitationsBeyond(
  tx: Tx,
  userId: string,
  nowRole: Role | null,
  reason: InviterRevocationReason,
): number {
  const { db, ctx } = tx;
  const now = ctx.clock.now();
  const pending = db
    .select()
    .from(invitations)
    .where(
      and(
        scoped(invitations, ctx),
        eq(invitations.invitedByUserId, userId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .all()
    .filter((inv) => !mayInvite(nowRole, inv.role));
  for (const inv of pending) {
    db.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, inv.id)).run();
    tx.audit("invitation.revoked", inv.id, { email: inv.email, role: inv.role, reason, inviter_user_id: userId });
  }
  return pending.length;
}
