/**
 * Billing: the plan, each allowance's use, plan changes by an owner, and Stripe checkout / customer portal when
 * the operator configured Stripe (otherwise 501 `billing_not_configured`, and owners change plans directly).
 */
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { AppError } from "../../platform/errors";
import { getOrg, setPlan } from "./orgs";
import {
  ALLOWANCE_LABELS,
  PLAN_IDS,
  PLANS,
  allowanceFor,
  parsePlan,
  usageOf,
  type AllowanceName,
  type PlanId,
} from "./plans";

/** The plan and the catalogue. */
export function billingView(deps: Deps, ctx: Ctx) {
  const org = getOrg(deps.db, ctx.orgId);
  return {
    plan: org.plan,
    billing_configured: !!deps.config.stripeSecretKey,
    plans: PLAN_IDS.map((id) => ({
      id,
      name: PLANS[id].name,
      allowances: PLANS[id].allowances,
      features: PLANS[id].features,
    })),
  };
}

/** Each allowance with its use and limit (null = unlimited) in the context's mode. */
export function usageView(deps: Deps, ctx: Ctx) {
  const plan = getOrg(deps.db, ctx.orgId).plan as PlanId;
  const names = Object.keys(ALLOWANCE_LABELS) as AllowanceName[];
  return {
    plan,
    mode: ctx.mode,
    allowances: names.map((name) => ({
      name,
      label: ALLOWANCE_LABELS[name],
      used: usageOf(deps.db, ctx, name),
      limit: allowanceFor(plan, ctx.mode, name),
    })),
  };
}

/** Moves the organisation to another plan (owner only, checked by the route). */
export function changePlan(deps: Deps, ctx: Ctx, plan: string) {
  setPlan(deps.db, ctx, parsePlan(plan));
  return billingView(deps, ctx);
}

function notConfigured(): never {
  throw new AppError(
    "billing_not_configured",
    501,
    "Payments are not set up on this server. The operator sets PLAUDIT_STRIPE_SECRET_KEY to enable them; owners can change plans directly.",
  );
}

async function stripe(deps: Deps, path: string, form: Record<string, string>) {
  const res = await fetch(`https://api.stripe.com/v1/${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${deps.config.stripeSecretKey}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json().catch(() => ({}))) as { url?: string; id?: string; error?: { message?: string } };
  if (!res.ok)
    throw new AppError(
      "billing_provider_error",
      502,
      `Stripe refused the request: ${body.error?.message ?? res.status}`,
    );
  return body;
}

/** Starts a Stripe Checkout session for a plan; returns its URL. */
export async function checkout(deps: Deps, ctx: Ctx, planInput: string) {
  if (!deps.config.stripeSecretKey) notConfigured();
  const plan = parsePlan(planInput);
  const price = deps.config.stripePrices[plan];
  if (!price)
    throw new AppError(
      "billing_not_configured",
      501,
      `No Stripe price is configured for the ${PLANS[plan].name} plan (PLAUDIT_STRIPE_PRICE_${plan.toUpperCase()}).`,
    );
  const s = await stripe(deps, "checkout/sessions", {
    mode: "subscription",
    "line_items[0][price]": price,
    "line_items[0][quantity]": "1",
    client_reference_id: ctx.orgId,
    success_url: `${deps.config.appUrl}/billing?checkout=done`,
    cancel_url: `${deps.config.appUrl}/billing?checkout=cancelled`,
  });
  return { url: s.url };
}

/** Opens the Stripe customer portal; returns its URL. */
export async function portal(deps: Deps, ctx: Ctx) {
  if (!deps.config.stripeSecretKey) notConfigured();
  const org = getOrg(deps.db, ctx.orgId);
  if (!org.stripeCustomerId)
    throw new AppError(
      "no_billing_account",
      409,
      "This organisation has no payment account yet; choose a plan through checkout first.",
    );
  const s = await stripe(deps, "billing_portal/sessions", {
    customer: org.stripeCustomerId,
    return_url: `${deps.config.appUrl}/billing`,
  });
  return { url: s.url };
}
