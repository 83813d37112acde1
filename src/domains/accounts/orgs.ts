/** Organisations: creation with an owner and the default brands of both modes, lookups, plan changes. */
import { asc, eq, sql } from "drizzle-orm";
import { prepared } from "../../platform/db/prepared";
import { tx, type Db } from "../../platform/db/client";
import type { Clock } from "../../platform/clock";
import type { Ctx } from "../../platform/context";
import { newId } from "../../platform/ids";
import { invalid, notFound } from "../../platform/errors";
import { audit } from "../../platform/audit/audit";
import { createDefaultBrands } from "../brands/brand-service";
import { brands } from "../brands/tables";
import { shownChanged } from "../../platform/events/publication";
import { members, orgs } from "./tables";
import { createUser, findUserByEmail, hashPasswordBlocking, checkPassword, normaliseEmail, type User } from "./users";
import { parsePlan, type PlanId } from "./plans";

/** A stored organisation row. */
export type Org = typeof orgs.$inferSelect;

/** Input of `createOrganisation`. */
export interface NewOrg {
  name: string;
  plan?: string;
  owner?: { email: string; password?: string; name?: string };
}

/** Creates an organisation, its owner (new or existing user) and a default brand in live and in test mode. */
export function createOrganisation(db: Db, clock: Clock, input: NewOrg): { org: Org; owner: User | null } {
  const name = input.name.trim();
  if (!name || name.length > 120) throw invalid("An organisation needs a name of 1 to 120 characters.", "name");
  const plan = parsePlan(input.plan ?? "free");
  let ownerEmail: string | null = null;
  let passwordHash: string | null = null;
  if (input.owner) {
    ownerEmail = normaliseEmail(input.owner.email, "owner_email");
    if (input.owner.password !== undefined) {
      checkPassword(input.owner.password, "owner_password");
      // Operator paths only (CLI, first start, before listening): no request waits on this thread.
      passwordHash = hashPasswordBlocking(input.owner.password);
    }
  }
  return tx(db, (db) => {
    const now = clock.now();
    const org: Org = { id: newId("org", now), name, plan, stripeCustomerId: null, createdAt: now };
    db.insert(orgs).values(org).run();
    createDefaultBrands(db, clock, org.id, name);
    let owner: User | null = null;
    if (ownerEmail) {
      owner =
        findUserByEmail(db, ownerEmail) ??
        createUser(db, clock, { email: ownerEmail, name: input.owner?.name, passwordHash });
      db.insert(members)
        .values({ id: newId("member", now), orgId: org.id, userId: owner.id, role: "owner", createdAt: now })
        .run();
    }
    const ctx: Ctx = { orgId: org.id, mode: "live", actor: { type: "system" }, clock };
    audit(db, ctx, "org.created", org.id, { name, plan, owner: ownerEmail });
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

/** Changes an organisation's plan and writes the audit log. */
export function setPlan(db: Db, ctx: Ctx, plan: string): Org {
  const id = parsePlan(plan) as PlanId;
  return tx(db, (db) => {
    const before = getOrg(db, ctx.orgId);
    db.update(orgs).set({ plan: id }).where(eq(orgs.id, ctx.orgId)).run();
    audit(db, ctx, "plan.changed", ctx.orgId, { from: before.plan, to: id });
    // What a plan allows shows in public places (attribution): every brand, in both modes, is rebuilt.
    for (const b of db
      .select({ id: brands.id, mode: brands.mode })
      .from(brands)
      .where(eq(brands.orgId, ctx.orgId))
      .all()) {
      shownChanged(
        db,
        { ...ctx, mode: b.mode as Ctx["mode"] },
        { brandId: b.id, submissionId: null, reason: "plan.changed" },
      );
    }
    return { ...before, plan: id };
  });
}
