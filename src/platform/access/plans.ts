/**
 * Plans and their allowances in one table, and the one `requireAllowance` check that answers 402
 * `plan_limit_exceeded`. Test mode (the sandbox) has its own allowances, whatever the plan. The operator's own
 * organisation (self-hosted operator mode, `orgs.operator`) has no limits at all: plans are what the operator
 * offers the organisations it hosts, not something it buys for its own hardware.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { prepared } from "../db/prepared";
import { orgs } from "./tables";
import type { Ctx } from "../context";
import { AppError, invalid, notFound } from "../errors";
import type { UsageCounter } from "../hooks";
import type { Reader } from "../db/unit-of-work";

/** Plan ids, cheapest first. */
export const PLAN_IDS = ["free", "starter", "core", "plus"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Numeric allowances (null = unlimited). */
export type AllowanceName =
  | "submissions_per_month"
  | "imported_reviews"
  | "render_seconds_per_month"
  | "webhook_endpoints"
  | "brands"
  | "request_emails_per_month";

/** Yes/no features. */
export type FeatureName = "api_access" | "remove_attribution";

interface PlanDef {
  name: string;
  allowances: Record<AllowanceName, number | null>;
  features: Record<FeatureName, boolean>;
}

/** Every plan's allowances. */
export const PLANS: Record<PlanId, PlanDef> = {
  free: {
    name: "Free",
    allowances: {
      submissions_per_month: 25,
      imported_reviews: 50,
      render_seconds_per_month: 300,
      webhook_endpoints: 20,
      brands: 1,
      request_emails_per_month: 100,
    },
    features: { api_access: false, remove_attribution: false },
  },
  starter: {
    name: "Starter",
    allowances: {
      submissions_per_month: 250,
      imported_reviews: 500,
      render_seconds_per_month: 1800,
      webhook_endpoints: 20,
      brands: 3,
      request_emails_per_month: 1000,
    },
    features: { api_access: false, remove_attribution: true },
  },
  core: {
    name: "Core",
    allowances: {
      submissions_per_month: 2500,
      imported_reviews: 5000,
      render_seconds_per_month: 7200,
      webhook_endpoints: 20,
      brands: 10,
      request_emails_per_month: 10_000,
    },
    features: { api_access: true, remove_attribution: true },
  },
  plus: {
    name: "Plus",
    allowances: {
      submissions_per_month: null,
      imported_reviews: null,
      render_seconds_per_month: 36000,
      webhook_endpoints: 20,
      brands: null,
      request_emails_per_month: 50_000,
    },
    features: { api_access: true, remove_attribution: true },
  },
};

/** The sandbox's allowances, the same on every plan. */
export const TEST_MODE_ALLOWANCES: Record<AllowanceName, number | null> = {
  submissions_per_month: 100,
  imported_reviews: 100,
  render_seconds_per_month: 600,
  webhook_endpoints: 20,
  brands: 5,
  request_emails_per_month: 1000,
};

/** Words for a person, per allowance. */
export const ALLOWANCE_LABELS: Record<AllowanceName, string> = {
  submissions_per_month: "Testimonials collected this month",
  imported_reviews: "Imported and hand-added reviews",
  render_seconds_per_month: "Reel render seconds this month",
  webhook_endpoints: "Webhook endpoints",
  brands: "Brands",
  request_emails_per_month: "Request emails this month",
};

/** Checks a plan id from input. */
export function parsePlan(value: string): PlanId {
  if ((PLAN_IDS as readonly string[]).includes(value)) return value as PlanId;
  throw invalid(`Unknown plan "${value}". Plans: ${PLAN_IDS.join(", ")}.`, "plan");
}

/** The allowance in force for an org's plan and mode (null = unlimited). */
export function allowanceFor(plan: PlanId, mode: Ctx["mode"], name: AllowanceName): number | null {
  return mode === "test" ? TEST_MODE_ALLOWANCES[name] : PLANS[plan].allowances[name];
}

const operatorFlag = (db: Db) =>
  db
    .select({ operator: orgs.operator })
    .from(orgs)
    .where(eq(orgs.id, sql.placeholder("id")))
    .prepare();

/** True for the operator's own organisation (self-hosted operator mode), which plan limits never apply to. */
export function isOperatorOrg(db: Db, orgId: string): boolean {
  return prepared(db, operatorFlag).get({ id: orgId })?.operator === true;
}

const planAndFlag = (db: Db) =>
  db
    .select({ plan: orgs.plan, operator: orgs.operator })
    .from(orgs)
    .where(eq(orgs.id, sql.placeholder("id")))
    .prepare();

/** An organisation's plan (404 when the organisation does not exist). */
export function planOf(db: Db, orgId: string): PlanId {
  const row = prepared(db, planAndFlag).get({ id: orgId });
  if (!row) throw notFound("organisation");
  return row.plan as PlanId;
}

/**
 * Whether an organisation may drop the product's attribution from public places (a wall's footer): always in
 * operator mode (the server's own organisation), else when its plan has `remove_attribution`.
 */
export function mayRemoveAttribution(db: Db, orgId: string): boolean {
  const row = prepared(db, planAndFlag).get({ id: orgId });
  if (!row) return false;
  return row.operator === true || PLANS[row.plan as PlanId]?.features.remove_attribution === true;
}

/** The allowance in force for the context's organisation: none for the operator's own, else the plan's. */
export function allowanceOf(db: Db, ctx: Ctx, plan: PlanId, name: AllowanceName): number | null {
  return isOperatorOrg(db, ctx.orgId) ? null : allowanceFor(plan, ctx.mode, name);
}

/** Counts current use of an allowance for an org and mode; the module owning the allowance declares it. */
export type { UsageCounter };

/** First millisecond of the current UTC month. */
export function monthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** Every numeric allowance name, from the plan table (the one list of them). */
export const ALLOWANCE_NAMES = Object.keys(TEST_MODE_ALLOWANCES) as AllowanceName[];

/**
 * Current use of an allowance for the reader's organisation and mode, counted by the counter its Deps were
 * assembled with (`deps.hooks.usage`, src/composition.ts). An allowance without a counter is a programming error,
 * never "0 used": counting nothing would let every request through (fail open), so it throws.
 */
export function usageOf(r: Reader, name: AllowanceName): number {
  const c = r.deps.hooks.usage.get(name);
  if (!c)
    throw new Error(
      `No usage counter is registered for the allowance "${name}"; add the module that owns it to src/modules.ts.`,
    );
  return c(r.db, r.ctx, monthStart(r.ctx.clock.now()));
}

/**
 * Throws when an allowance has no counter among `counted` (the allowances the modules declare counters for),
 * naming every missing one; the composition root calls it at start, before the app answers.
 */
export function assertCountersRegistered(counted: Iterable<string>): void {
  const have = new Set(counted);
  const missing = ALLOWANCE_NAMES.filter((name) => !have.has(name));
  if (missing.length > 0)
    throw new Error(
      `No usage counter is registered for the allowance${missing.length > 1 ? "s" : ""} ${missing.join(", ")}: a plan limit would never be enforced.`,
    );
}

/** The cheapest plan above `plan` where `ok` holds. */
function upgradeFor(plan: PlanId, ok: (p: PlanId) => boolean): PlanId | null {
  return PLAN_IDS.slice(PLAN_IDS.indexOf(plan) + 1).find(ok) ?? null;
}

/** Address of the dashboard's plan page, suggested in every 402. */
export const upgradeUrl = (appUrl: string, plan: PlanId | null) => `${appUrl}/billing${plan ? `?upgrade=${plan}` : ""}`;

/**
 * Throws 402 `plan_limit_exceeded` when adding `adding` would pass the allowance (never for the operator's own
 * organisation).
 */
export function requireAllowance(r: Reader, plan: PlanId, name: AllowanceName, adding = 1) {
  const { db, ctx } = r;
  const appUrl = r.deps.config.appUrl;
  const limit = allowanceOf(db, ctx, plan, name);
  if (limit === null) return;
  const used = usageOf(r, name);
  if (used + adding <= limit) return;
  // A client login (an agency's customer, scoped to its brands) is not told the organisation's figures: the usage
  // counts every brand, so it would tell one client about the agency's other clients. Nor is it offered the plan
  // that would fit the usage (which would hint at it): only the next plan with a higher limit.
  const client = ctx.brandIds != null;
  const needed = client ? limit + 1 : used + adding;
  const up =
    ctx.mode === "test"
      ? null
      : upgradeFor(plan, (p) => {
          const l = PLANS[p].allowances[name];
          return l === null || l >= needed;
        });
  const label = ALLOWANCE_LABELS[name].toLowerCase();
  if (client)
    throw new AppError(
      "plan_limit_exceeded",
      402,
      `This account has reached its limit of ${label}. Ask the agency that manages it to raise the limit.`,
      undefined,
      { name, plan, upgrade_plan: up, upgrade_url: upgradeUrl(appUrl, up) },
    );
  throw new AppError(
    "plan_limit_exceeded",
    402,
    ctx.mode === "test"
      ? `The test sandbox allows ${limit} ${label}; this would make ${used + adding}.`
      : `Your ${PLANS[plan].name} plan allows ${limit} ${label}; this would make ${used + adding}.${up ? ` ${PLANS[up].name} raises it.` : ""}`,
    { used, requested: adding },
    { name, plan, upgrade_plan: up, upgrade_url: upgradeUrl(appUrl, up), limit, used },
  );
}

/** Throws 402 `plan_limit_exceeded` when the plan lacks a feature. */
export function requireFeature(plan: PlanId, appUrl: string, name: FeatureName, message: string) {
  if (PLANS[plan].features[name]) return;
  const up = upgradeFor(plan, (p) => PLANS[p].features[name]);
  throw new AppError(
    "plan_limit_exceeded",
    402,
    `${message} ${up ? `The ${PLANS[up].name} plan includes it.` : ""}`.trim(),
    undefined,
    {
      name,
      plan,
      upgrade_plan: up,
      upgrade_url: upgradeUrl(appUrl, up),
    },
  );
}
