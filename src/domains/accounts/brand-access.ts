/**
 * When a brand is deleted, the client logins and client invitations that named it lose it, in the deleting
 * transaction. A client login whose only brand it was stays a member with no brand (it sees nothing until an owner or
 * admin gives it another); a pending invitation left with no brand is revoked, since accepting it would make such a
 * login.
 */
import type { Tx } from "../../platform/db/unit-of-work";
import { and, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { inOrg } from "../../platform/db/tenancy";
import type { GoingBrand } from "../../platform/hooks";
import { invitations, members } from "./tables";

/** The accounts module's part in a brand's deletion (inside the deleting transaction). */
export function forgetDeletedBrand(tx: Tx, brand: GoingBrand): void {
  const { db, ctx } = tx;
  const now = ctx.clock.now();
  const clients = db
    .select({ id: members.id, brandIds: members.brandIds })
    .from(members)
    .where(and(inOrg(members, brand.orgId), isNotNull(members.brandIds)))
    .all();
  for (const m of clients) {
    if (!m.brandIds?.includes(brand.id)) continue;
    db.update(members)
      .set({ brandIds: m.brandIds.filter((id) => id !== brand.id) })
      .where(eq(members.id, m.id))
      .run();
  }
  const pending = db
    .select({ id: invitations.id, email: invitations.email, brandIds: invitations.brandIds })
    .from(invitations)
    .where(
      and(
        inOrg(invitations, brand.orgId),
        isNotNull(invitations.brandIds),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .all();
  for (const inv of pending) {
    if (!inv.brandIds?.includes(brand.id)) continue;
    const left = inv.brandIds.filter((id) => id !== brand.id);
    db.update(invitations)
      .set(left.length ? { brandIds: left } : { brandIds: left, revokedAt: now })
      .where(eq(invitations.id, inv.id))
      .run();
    if (!left.length) tx.audit("invitation.revoked", inv.id, { email: inv.email, reason: "brand_deleted" });
  }
}
