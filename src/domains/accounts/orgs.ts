/**
 * Organisations: creation with an owner and the default brands of both modes, lookups, plan changes, and the
 * operator's own organisation (self-hosted operator mode: on the top plan with no limits; see plans.ts).
 */
import { asc, eq, sql } from "drizzle-orm";
import { inOrg } from "../../platform/db/tenancy";
import { prepared } from "../../platform/db/prepared";
import type { Db } from "../../platform/db/client";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import type { Deps } from "../../platform/deps";
import { systemCtx, type Ctx } from "../../platform/context";
import { newId } from "../../platform/ids";
import { conflict, invalid, notFound } from "../../platform/errors";
import { requireCleanText } from "../../platform/clean-text";
import { brands, createDefaultBrands } from "../brands";
import { members, orgs } from "./tables";
import { createUser, findUserByEmail, hashPasswordBlocking, checkPassword, normaliseEmail, type User } from "./users";
import { parsePlan, type PlanId } from "../../platform/access";

/** A stored organisation row. */
export type Org = typeof orgs.$inferSelect;

/** Input of `createOrganisation`. */
export interface NewOrg {
  name: string;
  plan?: string;
  owner?: { email: string; password?: string; name?: string };
  /** The operator's own organisation: no plan limits (its plan is kept at the top one, plus). */
  operator?: boolean;
}

/**
 * Creates an organisation, its owner (new or existing user) and a default brand in live and in test mode, in one unit
 * of work acting as the system for the new organisation (its id is made first, so the unit has a context before the
 * row exists). Called by the CLI, the first start, and test and bench fixtures; the password is hashed before the
 * unit opens (operator paths only: no request waits on this thread).
 */
export function createOrganisation(deps: Deps, input: NewOrg): { org: Org; owner: User | null } {
  const name = input.name.trim();
  if (!name || name.length > 120) throw invalid("An organisation needs a name of 1 to 120 characters.", "name");
  requireCleanText(name, "line", "name");
  const plan = input.operator ? OPERATOR_PLAN : parsePlan(input.plan ?? "free");
  let ownerEmail: string | null = null;
  let passwordHash: string | null = null;
  if (input.owner) {
    ownerEmail = normaliseEmail(input.owner.email, "owner_email");
    if (input.owner.password !== undefined) {
      checkPassword(input.owner.password, "owner_password");
      passwordHash = hashPasswordBlocking(input.owner.password);
    }
  }
  const id = newId("org", deps.clock.now());
  return unitOfWork(deps, systemCtx(id, "live", deps.clock), ({ db, ctx, audit }) => {
    const now = ctx.clock.now();
    const org: Org = {
      id,
      name,
      plan,
      stripeCustomerId: null,
      createdAt: now,
      operator: !!input.operator,
      logoKey: null,
      color: null,
    };
    db.insert(orgs).values(org).run();
    createDefaultBrands(db, ctx.clock, org.id, name);
    let owner: User | null = null;
    if (ownerEmail) {
      owner =
        findUserByEmail(db, ownerEmail) ??
        createUser(db, ctx.clock, { email: ownerEmail, name: input.owner?.name, passwordHash });
      db.insert(members)
        .values({ id: newId("member", now), orgId: org.id, userId: owner.id, role: "owner", createdAt: now })
        .run();
    }
    audit("org.created", org.id, { name, plan, owner: ownerEmail, operator: org.operator });
    return { org, owner };
  });
}

/** An organisation by id; 404 when missing. */
export function getOrg(db: Db, orgId: string): Org {
  const org = prepared(db, orgById).get({ id: orgId });
  if (!org) throw notFound("organisation");
  return org;
}

const orgById = (db: Db) =>
  db
    .select()
    .from(orgs)
    .where(eq(orgs.id, sql.placeholder("id")))
    .prepare();

/** Every organisation, oldest first (CLI and first start). */
export function listOrgs(db: Db): Org[] {
  return db.select().from(orgs).orderBy(asc(orgs.id)).all();
}

/** The plan the operator's own organisation is kept on: every feature (the limits are lifted by the flag). */
export const OPERATOR_PLAN: PlanId = "plus";

/**
 * Changes an organisation's plan and writes the audit log. The operator's own organisation has no plan to change
 * (409 `operator_organisation`): operator mode is turned off first (`plaudit org operator --org ID --off`).
 */
export function setPlan(tx: Tx, plan: string): Org {
  const id = parsePlan(plan) as PlanId;
  const before = getOrg(tx.db, tx.ctx.orgId);
  if (before.operator)
    throw conflict(
      "operator_organisation",
      `${before.name} is this server's own organisation (operator mode): it has no plan limits, so no plan to change. Plans are for the organisations it hosts; to put this one on a plan, turn operator mode off first: plaudit org operator --org ${before.id} --off`,
    );
  return changePlanRow(tx, before, id);
}

/**
 * Turns operator mode on or off for an organisation (operators only: the CLI and first start). On puts it on the
 * top plan with every limit lifted; off leaves it on that plan, with the plan's limits.
 */
export function setOperator(tx: Tx, on: boolean): Org {
  const { db, ctx } = tx;
  const before = getOrg(db, ctx.orgId);
  if (before.operator === on) return before;
  db.update(orgs).set({ operator: on }).where(eq(orgs.id, ctx.orgId)).run();
  tx.audit("org.operator_changed", ctx.orgId, { operator: on });
  const after = { ...before, operator: on };
  return on && before.plan !== OPERATOR_PLAN ? { ...changePlanRow(tx, after, OPERATOR_PLAN), operator: on } : after;
}

/** Writes a plan change and rebuilds what the plan shows in public places, in the caller's unit of work. */
function changePlanRow(tx: Tx, before: Org, id: PlanId): Org {
  const { db, ctx } = tx;
  db.update(orgs).set({ plan: id }).where(eq(orgs.id, ctx.orgId)).run();
  tx.audit("plan.changed", ctx.orgId, { from: before.plan, to: id });
  // What a plan allows shows in public places (attribution): every brand, in both modes, is rebuilt.
  for (const b of db.select({ id: brands.id, mode: brands.mode }).from(brands).where(inOrg(brands, ctx.orgId)).all()) {
    tx.shown({ brandId: b.id, submissionId: null, reason: "plan.changed" }, { ...ctx, mode: b.mode as Ctx["mode"] });
  }
  return { ...before, plan: id };
}
