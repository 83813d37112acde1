/**
 * Invitations: how a person joins an organisation. An owner or admin invites an email with a role; the answer
 * carries a one-time link (shown once, and mailed when SMTP is configured). With it the invitee either creates
 * their account, choosing their own name and password, or, when the email already has an account, accepts while
 * signed in as that account. No organisation ever chooses or learns the password of an account, because an
 * account can later belong to other organisations. Links expire after 7 days and can be revoked.
 *
 * The link's token is derived from the invitation's id and the data directory's secret (HMAC) and only its SHA-256
 * is stored; the emailed copy gets the link at sending time (`invitationMailLink`, the accounts module's mail link),
 * so the outbox, which admins read, and backups hold a placeholder, never a token that would let an admin accept an
 * owner's invitation in someone else's name.
 */
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { scoped, byId, inOrg, preparedScoped, scopeValues } from "../../platform/db/tenancy";
import type { Db } from "../../platform/db/client";
import type { Reader, Tx } from "../../platform/db/unit-of-work";
import type { Role } from "../../platform/context";
import type { InvitationView } from "./model";
import type { Deps } from "../../platform/deps";
import { iso } from "../../platform/clock";
import { newId } from "../../platform/ids";
import { sha256, type Signer } from "../../platform/crypto";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors";
import { MAIL_LINK_MARK, queueMail } from "../../platform/mail/queue-mail";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { idPageRows } from "../../platform/db/org-page";
import { invitations, members, orgs } from "./tables";
import { checkClientBrands, guardOwnerChange, insertMember, parseRole } from "./members";
import { brands } from "../brands";
import { createUser, findUser, findUserByEmail, normaliseEmail, type User } from "./users";
import { checkPassword, hashPassword } from "./passwords";
import { inviterStillMay } from "./inviter-rights";
import { orgLogoUrl } from "./org-settings";
import { orgSender } from "../../platform/access";

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;

type Invitation = typeof invitations.$inferSelect;

/** pending, accepted, revoked or expired, at `now`. */
export function invitationStatus(inv: Invitation, now: number): "pending" | "accepted" | "revoked" | "expired" {
  if (inv.acceptedAt != null) return "accepted";
  if (inv.revokedAt != null) return "revoked";
  return inv.expiresAt <= now ? "expired" : "pending";
}

/** What the API shows of an invitation to the organisation's admins (never the token). */
export const presentInvitation = (inv: Invitation, now: number): InvitationView => ({
  id: inv.id,
  email: inv.email,
  role: inv.role as Role,
  brand_ids: inv.brandIds ?? null,
  name: inv.name,
  status: invitationStatus(inv, now),
  invited_by_user_id: inv.invitedByUserId,
  created_at: iso(inv.createdAt),
  expires_at: iso(inv.expiresAt),
  accepted_at: iso(inv.acceptedAt),
  revoked_at: iso(inv.revokedAt),
});

/** The link an invitee opens: the token sits after `#`, so it never reaches server logs or Referer headers. */
export const invitationUrl = (appUrl: string, token: string) => `${appUrl}/invite#${token}`;

/** Invitation ids: `inv_` and the same time-ordered body as every other id. */
const invitationId = (now: number) => newId("invitation", now);

/** The token of an invitation (256 bits): HMAC of its id under the data directory's secret; only its hash is stored. */
export const invitationToken = (signer: Signer, invitationId: string): string =>
  signer.mac("invitation.token.v1", invitationId);

/** The mail link kind of invitation emails (made by `invitationMailLink` when the email is sent). */
export const INVITATION_LINK = "invitation";

/** An invitation email's link, made at sending time; null when the invitation is no longer pending. */
export function invitationMailLink(deps: Deps, invitationId: string): string | null {
  const inv = deps.db.select().from(invitations).where(eq(invitations.id, invitationId)).get();
  if (!inv || invitationStatus(inv, deps.clock.now()) !== "pending") return null;
  return invitationUrl(deps.config.appUrl, invitationToken(deps.signer, inv.id));
}

/**
 * Invites a person by email. Refuses a password (the invitee chooses their own). A newer invitation for the same
 * email replaces a pending one. A client invitation names the brands the client will see (`brand_ids`). Returns
 * the invitation with its `url`, which is shown only in this answer.
 */
export function inviteMember(tx: Tx, input: { email: string; role: string; name?: string; brand_ids?: string[] }) {
  const { db, ctx, deps } = tx;
  const email = normaliseEmail(input.email);
  const role = parseRole(input.role);
  guardOwnerChange(ctx, null, role);
  const brandIds = checkClientBrands(db, ctx.orgId, role, input.brand_ids);
  const now = ctx.clock.now();
  const id = invitationId(now);
  const token = invitationToken(deps.signer, id);
  const user = findUserByEmail(db, email);
  if (
    user &&
    db
      .select()
      .from(members)
      .where(and(scoped(members, ctx), eq(members.userId, user.id)))
      .get()
  ) {
    throw conflict("already_member", `${email} is already a member.`, { field: "email" });
  }
  const pendingForEmail = and(
    scoped(invitations, ctx),
    eq(invitations.email, email),
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, now),
  );
  const replaced = db.select({ id: invitations.id }).from(invitations).where(pendingForEmail).all().length;
  if (replaced) db.update(invitations).set({ revokedAt: now }).where(pendingForEmail).run();
  const inv: Invitation = {
    id,
    orgId: ctx.orgId,
    email,
    role,
    brandIds,
    name: (input.name ?? "").trim().slice(0, 120),
    tokenHash: sha256(token),
    invitedByUserId: ctx.actor.type === "user" ? ctx.actor.userId : null,
    createdAt: now,
    expiresAt: now + INVITATION_TTL_MS,
    acceptedAt: null,
    acceptedUserId: null,
    revokedAt: null,
  };
  db.insert(invitations).values(inv).run();
  tx.audit("invitation.created", inv.id, {
    email,
    role,
    ...(brandIds ? { brand_ids: brandIds } : {}),
    replaced_pending: replaced > 0,
  });
  const url = invitationUrl(deps.config.appUrl, token);
  const org = db.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, ctx.orgId)).get();
  const inviter = ctx.actor.type === "user" ? findUser(db, ctx.actor.userId) : undefined;
  // Mail only leaves the box with SMTP; without it there is no email to put the link in.
  const emailed = deps.mailer.delivers;
  const as = brandIds
    ? `a client, to see and approve the testimonials of ${brandNames(db, ctx.orgId, brandIds).join(", ")}`
    : role;
  if (emailed)
    queueMail(tx.queue, {
      orgId: ctx.orgId,
      to: email,
      ...invitationMail(org?.name ?? "an organisation", inviter, as, inv.expiresAt),
      link: { kind: INVITATION_LINK, ref: inv.id },
      sender: orgSender(db, ctx.orgId),
    });
  return { ...presentInvitation(inv, now), url, emailed };
}

function brandNames(db: Db, orgId: string, ids: string[]) {
  return db
    .select({ name: brands.name })
    .from(brands)
    .where(and(inOrg(brands, orgId), inArray(brands.id, ids)))
    .all()
    .map((b) => b.name);
}

/**
 * The invitation email, in the organisation's name (white label: "Join Bright Agency", from "Bright Agency" at the
 * server's address; the product is not named). It reads the same whether or not the address has an account: the
 * organisation's admins can read it in the outbox, and whether an email has an account (perhaps in another
 * organisation) is not theirs to learn. The accept page tells the invitee which way to go. `MAIL_LINK_MARK` stands
 * where the link is put in when the email is sent.
 */
function invitationMail(orgName: string, inviter: User | undefined, role: string, expiresAt: number) {
  const who = inviter ? `${inviter.name || inviter.email} invited you` : "You are invited";
  const next =
    "Open this link to join. If you already have an account with this email, sign in with it and accept; otherwise choose your password:";
  return {
    subject: `Join ${orgName}`,
    text: `${who} to join ${orgName} as ${role}.\n\n${next}\n${MAIL_LINK_MARK}\n\nThe link works once, until ${new Date(expiresAt).toUTCString()}. If you did not expect this, ignore this message.\n`,
  };
}

/** A page of the organisation's pending invitations, newest first. */
export function listInvitations({ db, ctx, deps }: Reader, page: PageRequest) {
  const now = ctx.clock.now();
  const rows = idPageRows(
    db,
    invitations,
    page,
    "pending",
    (p) => [
      preparedScoped(invitations),
      isNull(invitations.acceptedAt),
      isNull(invitations.revokedAt),
      gt(invitations.expiresAt, p("now")),
    ],
    { ...scopeValues(ctx), now },
  );
  return toPage(
    deps.signer,
    page,
    rows,
    (r) => [r.id],
    (r) => presentInvitation(r, now),
  );
}

/** Revokes a pending invitation; its link stops working at once. */
export function revokeInvitation(tx: Tx, id: string) {
  const { db, ctx } = tx;
  const inv = db
    .select()
    .from(invitations)
    .where(byId(invitations, ctx, id))
    .get();
  if (!inv) throw notFound("invitation");
  guardOwnerChange(ctx, null, inv.role);
  const now = ctx.clock.now();
  if (invitationStatus(inv, now) !== "pending")
    throw conflict("invitation_not_pending", `This invitation is already ${invitationStatus(inv, now)}.`);
  db.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, id)).run();
  tx.audit("invitation.revoked", id, { email: inv.email });
  return presentInvitation({ ...inv, revokedAt: now }, now);
}

const UNUSABLE =
  "This invitation link is not valid: it was revoked, already used, or replaced by a newer one. Ask the person who invited you for a new link.";

/**
 * The pending invitation behind a token; 404 for unknown, used or revoked links and for one its inviter could no
 * longer make, 410 for expired ones.
 */
function pendingByToken(db: Db, token: string, now: number): Invitation {
  const inv = token
    ? db
        .select()
        .from(invitations)
        .where(eq(invitations.tokenHash, sha256(token)))
        .get()
    : undefined;
  if (!inv) throw new AppError("invitation_not_found", 404, UNUSABLE);
  const status = invitationStatus(inv, now);
  if (status === "expired")
    throw new AppError(
      "invitation_expired",
      410,
      "This invitation link has expired. Ask the person who invited you for a new one.",
    );
  if (status !== "pending") throw new AppError("invitation_not_found", 404, UNUSABLE);
  // Its inviter may have been demoted or removed since (normally revoking it then): no longer their invitation to give.
  if (!inviterStillMay(db, inv)) throw new AppError("invitation_not_found", 404, UNUSABLE);
  return inv;
}

/**
 * What the accept page shows: the organisation, the invited email and role, and whether that email has an account
 * (so the page asks the invitee to sign in or to choose a password). Only the link's holder asks; nothing about
 * other organisations or the inviter is in it.
 */
export function lookupInvitation(deps: Deps, token: string, signedInUserId: string | null) {
  const now = deps.clock.now();
  const inv = pendingByToken(deps.db, token, now);
  const org = deps.db
    .select({ name: orgs.name, logoKey: orgs.logoKey, color: orgs.color })
    .from(orgs)
    .where(eq(orgs.id, inv.orgId))
    .get();
  const signedIn = signedInUserId ? findUser(deps.db, signedInUserId) : undefined;
  return {
    org_name: org?.name ?? "",
    org_logo_url: orgLogoUrl(deps.config.cdnUrl, org?.logoKey),
    org_color: org?.color ?? null,
    email: inv.email,
    role: inv.role as Role,
    brands: inv.brandIds?.length
      ? deps.db
          .select({ id: brands.id, name: brands.name })
          .from(brands)
          .where(and(inOrg(brands, inv.orgId), inArray(brands.id, inv.brandIds)))
          .all()
      : [],
    name: inv.name,
    expires_at: iso(inv.expiresAt),
    account_exists: !!findUserByEmail(deps.db, inv.email),
    signed_in_as: signedIn?.email ?? null,
  };
}

/** An acceptance checked before its unit of work: the account it is for, or the new account's password hash. */
export interface CheckedAcceptance {
  existing: User | undefined;
  passwordHash: string | null;
}

/**
 * Checks an acceptance before its unit of work (awaits; writes nothing). A new email: `password` (and an optional
 * `name`) will create the account, and is hashed here. An email that already has an account: the caller must be
 * signed in as it (`signedInUserId`); a password is refused.
 */
export async function checkAcceptance(
  deps: Deps,
  token: string,
  input: { password?: string },
  signedInUserId: string | null,
): Promise<CheckedAcceptance> {
  const first = pendingByToken(deps.db, token, deps.clock.now());
  const existing = findUserByEmail(deps.db, first.email);
  let passwordHash: string | null = null;
  if (existing) {
    if (!signedInUserId)
      throw new AppError(
        "sign_in_required",
        401,
        `${first.email} already has an account here. Sign in as ${first.email} to accept this invitation.`,
      );
    if (signedInUserId !== existing.id)
      throw forbidden(`This invitation is for ${first.email}. Sign out, then sign in as ${first.email} to accept it.`, {
        reason: "wrong_account",
      });
    if (input.password !== undefined)
      throw new AppError(
        "validation_failed",
        400,
        "You already have an account: accept while signed in, without a new password.",
        { field: "password" },
      );
  } else {
    if (input.password === undefined)
      throw new AppError("validation_failed", 400, "Choose a password of 8 to 200 characters for your new account.", {
        field: "password",
      });
    checkPassword(input.password);
    passwordHash = await hashPassword(input.password);
  }
  return { existing, passwordHash };
}

/**
 * Accepts an invitation checked by `checkAcceptance` (in a unit of work on the person's account: `accountCtx`),
 * creating the new account when there is none; the membership and audit lines are written as the invitee in the
 * invitation's organisation. Returns the user to sign in (or keep signed in).
 */
export function acceptInvitation(
  tx: Tx,
  token: string,
  input: { name?: string },
  { existing, passwordHash }: CheckedAcceptance,
): User {
  const { db, deps } = tx;
  const now = deps.clock.now();
  // Checked again inside the transaction: the link may have been used or revoked while the password hashed.
  const inv = pendingByToken(db, token, now);
  const user =
    findUserByEmail(db, inv.email) ??
    (passwordHash
      ? createUser(db, deps.clock, { email: inv.email, name: input.name?.trim() || inv.name, passwordHash })
      : null);
  if (!user || (existing ? user.id !== existing.id : user.passwordHash !== passwordHash)) {
    throw new AppError(
      "sign_in_required",
      401,
      `${inv.email} already has an account here. Sign in as ${inv.email} to accept this invitation.`,
    );
  }
  const invitee = tx.as({
    orgId: inv.orgId,
    mode: "live",
    actor: { type: "user", userId: user.id, role: inv.role as Role, sessionId: null },
    clock: deps.clock,
  });
  db.update(invitations).set({ acceptedAt: now, acceptedUserId: user.id }).where(eq(invitations.id, inv.id)).run();
  const already = db
    .select()
    .from(members)
    .where(and(inOrg(members, inv.orgId), eq(members.userId, user.id)))
    .get();
  if (!already) {
    const role = parseRole(inv.role);
    insertMember(invitee, user, role, checkClientBrands(db, inv.orgId, role, inv.brandIds ?? undefined));
  }
  // Not whether the account is new: the organisation's admins read this line, and that fact is not theirs.
  invitee.audit("invitation.accepted", inv.id, { email: inv.email });
  return user;
}
