/**
 * Who hears of a testimonial: every member of its organisation whose settings in its mode are not `off`, whose brand
 * limit (if any) names its brand, and who may read its brand's testimonials at all. A client login only ever hears of
 * its own brands, and only in live mode (its brands are live ones). The same rule is asked again when an email leaves
 * and when a button is used, so a member removed or limited meanwhile hears nothing more and can change nothing.
 */
import { and, eq } from "drizzle-orm";
import { inOrg } from "../../platform/db/tenancy";
import type { Mode, Role } from "../../platform/context";
import type { Db } from "../../platform/db/client";
import { members, users } from "../accounts";
import { PERMISSIONS } from "../../platform/access";
import { alertSettings, type Frequency } from "./tables";
import { effectiveSettings, type EffectiveSettings } from "./settings";

/** A member as alerts see them. */
export interface AlertMember {
  memberId: string;
  userId: string;
  email: string;
  name: string;
  role: Role;
  /** A client's brands; null for other roles. */
  clientBrands: string[] | null;
  settings: EffectiveSettings;
}

/** True when a member of `role` (limited to `clientBrands`) may read testimonials of `brandId` in `mode`. */
export function maySee(m: Pick<AlertMember, "role" | "clientBrands">, brandId: string, mode: Mode): boolean {
  if (!(PERMISSIONS["submission:read"].roles as readonly Role[]).includes(m.role)) return false;
  if (m.role !== "client") return true;
  return mode === "live" && !!m.clientBrands?.includes(brandId);
}

/** True when the member's settings ask to hear of testimonials of `brandId` (brand limit), whatever the frequency. */
export const wantsBrand = (s: EffectiveSettings, brandId: string) =>
  s.brandIds === null || s.brandIds.includes(brandId);

/** Every member of the organisation (or the one of `memberId`) with their settings in `mode`. */
export function alertMembers(db: Db, orgId: string, mode: Mode, memberId?: string): AlertMember[] {
  return db
    .select({
      memberId: members.id,
      userId: members.userId,
      role: members.role,
      brandIds: members.brandIds,
      email: users.email,
      name: users.name,
      row: alertSettings,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .leftJoin(alertSettings, and(eq(alertSettings.memberId, members.id), eq(alertSettings.mode, mode)))
    .where(and(inOrg(members, orgId), memberId === undefined ? undefined : eq(members.id, memberId)))
    .all()
    .map((r) => ({
      memberId: r.memberId,
      userId: r.userId,
      email: r.email,
      name: r.name,
      role: r.role,
      clientBrands: r.brandIds ?? null,
      settings: effectiveSettings(r.row, r.role),
    }));
}

/** One member by membership id (null when removed), with their settings in `mode`. */
export function alertMember(db: Db, orgId: string, memberId: string, mode: Mode): AlertMember | null {
  return alertMembers(db, orgId, mode, memberId)[0] ?? null;
}

/** The members to tell of a testimonial of `brandId` with `frequency` (`each` or `daily`). */
export function recipientsOf(db: Db, orgId: string, mode: Mode, brandId: string, frequency: Frequency): AlertMember[] {
  return alertMembers(db, orgId, mode).filter(
    (m) => m.settings.frequency === frequency && wantsBrand(m.settings, brandId) && maySee(m, brandId, mode),
  );
}
