/**
 * A member's new-testimonial alert settings, per organisation (the membership) and mode. Until the member saves a
 * choice the role decides: owners and admins get an email for each new testimonial, members and client logins none.
 * Why: someone must hear of a testimonial by default, and the people answerable for the organisation are the ones
 * who asked for the product; a large team's members (or an agency's clients, who may not expect mail from the
 * agency's tools) would otherwise each get every email without having asked. Everyone can change it in a click.
 */
import type { Reader, Tx } from "../../platform/db/unit-of-work";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import type { Ctx, Mode, Role } from "../../platform/context";
import type { Db } from "../../platform/db/client";
import type { Deps } from "../../platform/deps";
import { AppError, invalid } from "../../platform/errors";
import { brands } from "../brands";
import { members, users } from "../accounts";
import { alertSettings, type AlertSettingsRow, type Frequency } from "./tables";
import type { NotificationsPatch, NotificationsView } from "./model";

/** Each role's choice before the member makes one. */
export const DEFAULT_FREQUENCY: Record<Role, Frequency> = {
  owner: "each",
  admin: "each",
  member: "off",
  client: "off",
};

/** The digest's hour and time zone before the member picks them. */
export const DEFAULT_DIGEST = { hour: 8, timeZone: "UTC" } as const;

/** A member's settings as they apply (saved, or the role's default). */
export interface EffectiveSettings {
  frequency: Frequency;
  brandIds: string[] | null;
  digestHour: number;
  timeZone: string;
  isDefault: boolean;
}

/** The settings a saved row (or none) gives a member of `role`. */
export function effectiveSettings(row: AlertSettingsRow | null | undefined, role: Role): EffectiveSettings {
  if (!row)
    return {
      frequency: DEFAULT_FREQUENCY[role],
      brandIds: null,
      digestHour: DEFAULT_DIGEST.hour,
      timeZone: DEFAULT_DIGEST.timeZone,
      isDefault: true,
    };
  return {
    frequency: row.newTestimonials,
    brandIds: row.brandIds ?? null,
    digestHour: row.digestHour,
    timeZone: row.timeZone,
    isDefault: false,
  };
}

/** The signed-in member behind a context (404 when the person is not a member: the route cannot be theirs). */
function memberOf(db: Db, ctx: Ctx) {
  if (ctx.actor.type !== "user") throw new AppError("forbidden", 403, "Notification settings are a person's own.");
  const row = db
    .select({ id: members.id, role: members.role, email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(scoped(members, ctx), eq(members.userId, ctx.actor.userId)))
    .get();
  if (!row) throw new AppError("not_found", 404, "You are not a member of this organisation.");
  return row;
}

const settingsRow = (db: Db, memberId: string, mode: Mode) =>
  db
    .select()
    .from(alertSettings)
    .where(and(eq(alertSettings.memberId, memberId), eq(alertSettings.mode, mode)))
    .get();

function present(deps: Deps, ctx: Ctx, email: string, s: EffectiveSettings): NotificationsView {
  return {
    mode: ctx.mode,
    email,
    new_testimonials: s.frequency,
    brand_ids: s.brandIds,
    digest_hour: s.digestHour,
    time_zone: s.timeZone,
    is_default: s.isDefault,
    delivered: ctx.mode === "live" && deps.mailer.delivers,
  };
}

/** The caller's settings in the context's organisation and mode. */
export function readNotifications({ db, ctx, deps }: Reader): NotificationsView {
  const m = memberOf(db, ctx);
  return present(deps, ctx, m.email, effectiveSettings(settingsRow(db, m.id, ctx.mode), m.role));
}

/** An IANA time zone name as the runtime spells it, or a 400. */
export function checkTimeZone(name: string): string {
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone: name.trim() }).resolvedOptions().timeZone;
  } catch {
    throw invalid(
      `"${name}" is not a time zone this server knows; use an IANA name such as Europe/London.`,
      "time_zone",
    );
  }
}

/**
 * Brands a member may limit alerts to: brands of the organisation and mode that are not being deleted and that the
 * member sees (a client: its own). At least one; an empty list would be "off" by another name.
 */
function checkBrands(db: Db, ctx: Ctx, ids: string[]): string[] {
  const unique = [...new Set(ids)];
  if (unique.length === 0)
    throw invalid(
      "Choose at least one brand, send null for every brand, or turn new-testimonial emails off.",
      "brand_ids",
    );
  const found = new Set(
    db
      .select({ id: brands.id })
      .from(brands)
      .where(and(scoped(brands, ctx), isNull(brands.deletingAt), inArray(brands.id, unique)))
      .all()
      .map((b) => b.id)
      .filter((id) => !ctx.brandIds || ctx.brandIds.includes(id)),
  );
  const missing = unique.find((id) => !found.has(id));
  if (missing) throw invalid(`No brand ${missing} that you can see in this mode.`, "brand_ids");
  return unique;
}

/**
 * Saves the caller's settings (what the body names; the rest stays). Choosing `daily` starts the digest from now, so
 * the first one never lists what arrived before the choice.
 */
export function updateNotifications(tx: Tx, patch: NotificationsPatch): NotificationsView {
  const { db, ctx, deps } = tx;
  const m = memberOf(db, ctx);
  const row = settingsRow(db, m.id, ctx.mode);
  const before = effectiveSettings(row, m.role);
  const now = ctx.clock.now();
  // Elysia coerces "25" into an integer without its bounds: they are checked on the final value.
  if (
    patch.digest_hour !== undefined &&
    (!Number.isInteger(patch.digest_hour) || patch.digest_hour < 0 || patch.digest_hour > 23)
  )
    throw invalid("digest_hour is a whole hour from 0 to 23.", "digest_hour");
  const next: EffectiveSettings = {
    frequency: patch.new_testimonials ?? before.frequency,
    brandIds:
      patch.brand_ids === undefined ? before.brandIds : patch.brand_ids && checkBrands(db, ctx, patch.brand_ids),
    digestHour: patch.digest_hour ?? before.digestHour,
    timeZone: patch.time_zone === undefined ? before.timeZone : checkTimeZone(patch.time_zone),
    isDefault: false,
  };
  const startsDaily = next.frequency === "daily" && before.frequency !== "daily";
  const values = {
    newTestimonials: next.frequency,
    brandIds: next.brandIds,
    digestHour: next.digestHour,
    timeZone: next.timeZone,
    updatedAt: now,
    ...(startsDaily ? { digestFrom: now, lastDigestAt: null } : {}),
  };
  db.insert(alertSettings)
    .values({ memberId: m.id, mode: ctx.mode, orgId: ctx.orgId, digestFrom: now, ...values })
    .onConflictDoUpdate({ target: [alertSettings.memberId, alertSettings.mode], set: values })
    .run();
  return present(deps, ctx, m.email, next);
}

/** Turns a member's alerts off in one mode (the one-click stop link), in the caller's unit of work. */
export function stopAlerts(tx: Tx, orgId: string, memberId: string, mode: Mode, now: number): void {
  const values = { newTestimonials: "off" as const, updatedAt: now };
  tx.db
    .insert(alertSettings)
    .values({ memberId, mode, orgId, digestFrom: now, ...values })
    .onConflictDoUpdate({ target: [alertSettings.memberId, alertSettings.mode], set: values })
    .run();
}

/** A member's settings as they apply now (saved or the role's default). */
export function settingsOf(db: Db, memberId: string, role: Role, mode: Mode): EffectiveSettings {
  return effectiveSettings(settingsRow(db, memberId, mode), role);
}
