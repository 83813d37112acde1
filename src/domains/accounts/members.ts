/** Members of an organisation and their roles. At least one owner always remains. */
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { scoped, byId, inOrg, preparedScoped, scopeValues } from "../../platform/db/tenancy";
import type { MemberView } from "./model";
import type { Db } from "../../platform/db/client";
import type { Reader, Tx } from "../../platform/db/unit-of-work";
import type { Ctx, Role } from "../../platform/context";
import { iso } from "../../platform/clock";
import { newId } from "../../platform/ids";
import { conflict, forbidden, invalid, notFound } from "../../platform/errors";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { afterId } from "../../platform/db/org-page";
import { prepared, preparedAs } from "../../platform/db/prepared";
import { brands } from "../brands";
import { members, orgs, users } from "./tables";
import { createUser, findUserByEmail, normaliseEmail } from "./users";
import { revokeInvitationsBeyond } from "./inviter-rights";

const ROLES: Role[] = ["owner", "admin", "member", "client"];

/** The most brands one client membership names. */
export const MAX_CLIENT_BRANDS = 100;

/** Checks a role from input. */
export function parseRole(role: string): Role {
  if ((ROLES as string[]).includes(role)) return role as Role;
  throw invalid(`Unknown role "${role}". Roles: ${ROLES.join(", ")}.`, "role");
}

/**
 * The brands a membership of `role` is limited to: for a client, the given brand ids, each a brand of the
 * organisation (either mode), at least one; for every other role null (they see every brand), and naming brands
 * is refused rather than ignored.
 */
export function checkClientBrands(db: Db, orgId: string, role: Role, brandIds: string[] | undefined): string[] | null {
  if (role !== "client") {
    if (brandIds !== undefined && brandIds.length > 0)
      throw invalid(
        `Only a client is limited to brands; an ${role} sees every brand. Leave out brand_ids.`,
        "brand_ids",
      );
    return null;
  }
  const ids = [...new Set(brandIds ?? [])];
  if (ids.length === 0) throw invalid("A client needs at least one brand: name them in brand_ids.", "brand_ids");
  if (ids.length > MAX_CLIENT_BRANDS)
    throw invalid(`A client can have at most ${MAX_CLIENT_BRANDS} brands.`, "brand_ids");
  const found = new Set(
    db
      .select({ id: brands.id })
      .from(brands)
      .where(and(inOrg(brands, orgId), inArray(brands.id, ids)))
      .all()
      .map((b) => b.id),
  );
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw invalid(`No brand ${missing} in this organisation.`, "brand_ids");
  return ids;
}

type MemberJoin = { member: typeof members.$inferSelect; user: typeof users.$inferSelect };

/** What the API shows of a member. */
export const presentMember = ({ member, user }: MemberJoin): MemberView => ({
  id: member.id,
  user_id: user.id,
  email: user.email,
  name: user.name,
  role: member.role as Role,
  brand_ids: member.brandIds ?? null,
  created_at: iso(member.createdAt),
});

/** A user's memberships with their org's name, look and plan (every dashboard request runs it: prepared once). */
const membershipsStatement = (db: Db) =>
  db
    .select({
      org_id: orgs.id,
      org_name: orgs.name,
      role: members.role,
      plan: orgs.plan,
      operator: orgs.operator,
      brand_ids: members.brandIds,
      logo_key: orgs.logoKey,
      color: orgs.color,
    })
    .from(members)
    .innerJoin(orgs, eq(orgs.id, members.orgId))
    .where(eq(members.userId, sql.placeholder("user")))
    .orderBy(orgs.id)
    .prepare();

/** Organisations a user belongs to, with their role and plan. */
export function membershipsOf(db: Db, userId: string) {
  return prepared(db, membershipsStatement).all({ user: userId });
}

/** A page of members, newest first. */
export function listMembers({ db, ctx, deps }: Reader, page: PageRequest) {
  const after = afterId(page);
  const statement = preparedAs(db, `members-list:${after ? "a" : ""}`, (db) =>
    db
      .select({ member: members, user: users })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(and(preparedScoped(members), after ? lt(members.id, sql.placeholder("after")) : undefined))
      .orderBy(desc(members.id))
      .limit(sql.placeholder("limit"))
      .prepare(),
  );
  const rows = statement.all({ ...scopeValues(ctx), after, limit: page.limit + 1 });
  return toPage(deps.signer, page, rows, (r) => [r.member.id], presentMember);
}

function getMember(db: Db, ctx: Ctx, id: string): MemberJoin {
  const row = db
    .select({ member: members, user: users })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(byId(members, ctx, id))
    .get();
  if (!row) throw notFound("member");
  return row;
}

function ownerCount(db: Db, orgId: string) {
  return db
    .select()
    .from(members)
    .where(and(inOrg(members, orgId), eq(members.role, "owner")))
    .all().length;
}

/** Only an owner may make or unmake owners. */
export function guardOwnerChange(ctx: Ctx, from: string | null, to: string) {
  const isOwner = ctx.actor.type === "system" || (ctx.actor.type === "user" && ctx.actor.role === "owner");
  if ((from === "owner" || to === "owner") && !isOwner) {
    throw forbidden("Only an owner can add, change or remove owners.");
  }
}

/**
 * Operators only (the CLI, fixtures): adds a person by email straight away, creating their account when new with
 * an optional password hash the operator chose. An existing account keeps its own password: a hash given for it
 * is refused rather than silently dropped. Organisations invite people instead (invitations.ts); no organisation
 * may choose the password of an account that could later belong to another.
 */
export function addMember(
  tx: Tx,
  input: { email: string; role: string; name?: string; passwordHash?: string | null; brandIds?: string[] },
) {
  const { db, ctx } = tx;
  if (ctx.actor.type !== "system")
    throw forbidden("Members join through an invitation; only operators add them directly.");
  const email = normaliseEmail(input.email);
  const role = parseRole(input.role);
  const brandIds = checkClientBrands(db, ctx.orgId, role, input.brandIds);
  const existing = findUserByEmail(db, email);
  if (existing && input.passwordHash)
    throw conflict(
      "email_taken",
      `${email} already has an account with its own password; add them without --password.`,
      { field: "email" },
    );
  const user =
    existing ?? createUser(db, ctx.clock, { email, name: input.name, passwordHash: input.passwordHash ?? null });
  return insertMember(tx, user, role, brandIds);
}

/**
 * Makes `user` a member with `role` in the context's org (409 when already one), in the caller's unit of work; a
 * client's `brandIds` are the brands it sees (checked by `checkClientBrands`).
 */
export function insertMember(tx: Tx, user: typeof users.$inferSelect, role: Role, brandIds: string[] | null = null) {
  const { db, ctx } = tx;
  const exists = db
    .select()
    .from(members)
    .where(and(scoped(members, ctx), eq(members.userId, user.id)))
    .get();
  if (exists) throw conflict("already_member", `${user.email} is already a member.`, { field: "email" });
  const member = {
    id: newId("member", ctx.clock.now()),
    orgId: ctx.orgId,
    userId: user.id,
    role,
    brandIds: role === "client" ? brandIds : null,
    createdAt: ctx.clock.now(),
  };
  db.insert(members).values(member).run();
  tx.audit("member.added", member.id, { email: user.email, role, brand_ids: member.brandIds });
  return presentMember({ member, user });
}

/**
 * Changes a member's role, and a client's brands (`brandIds`; a client keeps its brands when none are given); the
 * last owner cannot stop being one. Pending invitations the member made and could not make in the new role are
 * revoked with it.
 */
export function changeRole(tx: Tx, id: string, roleInput: string, brandIdsInput?: string[]) {
  const { db, ctx } = tx;
  const role = parseRole(roleInput);
  const row = getMember(db, ctx, id);
  guardOwnerChange(ctx, row.member.role, role);
  if (row.member.role === "owner" && role !== "owner" && ownerCount(db, ctx.orgId) <= 1) {
    throw conflict("last_owner", "An organisation needs at least one owner. Make someone else an owner first.");
  }
  const kept = role === "client" && brandIdsInput === undefined ? (row.member.brandIds ?? undefined) : brandIdsInput;
  const brandIds = checkClientBrands(db, ctx.orgId, role, kept);
  db.update(members).set({ role, brandIds }).where(eq(members.id, id)).run();
  tx.audit("member.role_changed", id, {
    from: row.member.role,
    to: role,
    ...(role === "client" || row.member.role === "client" ? { brand_ids: brandIds } : {}),
  });
  revokeInvitationsBeyond(tx, row.user.id, role, "inviter_role_changed");
  return presentMember({ member: { ...row.member, role, brandIds }, user: row.user });
}

/** Removes a member, revoking the invitations they made that are still pending; the last owner cannot be removed. */
export function removeMember(tx: Tx, id: string) {
  const { db, ctx } = tx;
  const row = getMember(db, ctx, id);
  guardOwnerChange(ctx, row.member.role, row.member.role);
  if (row.member.role === "owner" && ownerCount(db, ctx.orgId) <= 1)
    throw conflict("last_owner", "The last owner cannot be removed.");
  db.delete(members).where(eq(members.id, id)).run();
  tx.audit("member.removed", id, { email: row.user.email });
  revokeInvitationsBeyond(tx, row.user.id, null, "inviter_removed");
}

/** A user's role in an org, or null when not a member. */
export function roleIn(db: Db, orgId: string, userId: string): Role | null {
  const row = db
    .select({ role: members.role })
    .from(members)
    .where(and(inOrg(members, orgId), eq(members.userId, userId)))
    .get();
  return (row?.role as Role) ?? null;
}

/** The addresses of the organisation's owners and admins: who hears about what needs the agency's hand. */
export function staffEmails(db: Db, orgId: string): string[] {
  return db
    .select({ email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(inOrg(members, orgId), inArray(members.role, ["owner", "admin"])))
    .all()
    .map((p) => p.email);
}
