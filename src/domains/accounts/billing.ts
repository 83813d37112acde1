/**
 * Billing: the plan, each allowance's use, plan changes by an owner, and Stripe checkout / customer portal when
 * the operator configured Stripe (otherwise 501 `billing_not_configured`, and owners change plans directly). Stripe
 * is called through the Deps' HTTP client (`deps.http`).
 */
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import type { Reader, Tx } from "../../platform/db/unit-of-work";
import { AppError } from "../../platform/errors";
import { getOrg, setPlan } from "./orgs";
import {
  ALLOWANCE_LABELS,
  PLAN_IDS,
  PLANS,
  allowanceOf,
  parsePlan,
  usageOf,
  type AllowanceName,
  type PlanId,
} from "../../platform/access";

/**
 * The plan and the catalogue. For the operator's own organisation (`operator: true`) the catalogue is what the
 * operator offers the organisations it hosts, and this organisation itself has no limits.
 */
export function billingView({ db, ctx, deps }: Reader) {
  const org = getOrg(db, ctx.orgId);
  return {
    plan: org.plan,
    operator: org.operator,
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
export function usageView(r: Reader) {
  const { db, ctx } = r;
  const org = getOrg(db, ctx.orgId);
  const plan = org.plan as PlanId;
  const names = Object.keys(ALLOWANCE_LABELS) as AllowanceName[];
  return {
    plan,
    operator: org.operator,
    mode: ctx.mode,
    allowances: names.map((name) => ({
      name,
      label: ALLOWANCE_LABELS[name],
      used: usageOf(r, name),
      limit: allowanceOf(db, ctx, plan, name),
    })),
  };
}

/** Moves the organisation to another plan (owner only, checked by the route). */
export function changePlan(tx: Tx, plan: string) {
  setPlan(tx, parsePlan(plan));
  return billingView(tx);
}

function notConfigured(): never {
  throw new AppError(
    "billing_not_configured",
    501,
    "Payments are not set up on this server. The operator sets PLAUDIT_STRIPE_SECRET_KEY to enable them; owners can change plans directly.",
  );
}

/** POSTs a form to Stripe's API; returns its answer (502 when Stripe cannot be reached or refuses). */
async function stripe(deps: Deps, path: string, form: Record<string, string>) {
  let res: Response;
  try {
    res = await deps.http.fetch(`https://api.stripe.com/v1/${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${deps.config.stripeSecretKey}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (e) {
    deps.log.error("stripe request failed", { path, error: String((e as Error)?.message ?? e) });
    throw new AppError("billing_provider_error", 502, "Stripe could not be reached. Try again in a minute.");
  }
  const body = (await res.json().catch(() => ({}))) as { url?: unknown; error?: { message?: string } };
  if (!res.ok)
    throw new AppError(
      "billing_provider_error",
      502,
      `Stripe refused the request: ${body.error?.message ?? res.status}`,
    );
  return body;
}

/** The address of the Stripe page a session answered with (502 when Stripe gave none). */
function pageAddress(s: { url?: unknown }): string {
  if (typeof s.url !== "string" || !s.url.startsWith("https://"))
    throw new AppError("billing_provider_error", 502, "Stripe answered without a page address. Try again.");
  return s.url;
}

/** Starts a Stripe Checkout session for a plan; returns its URL. */
export async function checkout(deps: Deps, ctx: Ctx, planInput: string) {
  if (getOrg(deps.db, ctx.orgId).operator)
    throw new AppError(
      "operator_organisation",
      409,
      "This server's own organisation has no plan to buy: it has no limits.",
    );
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
  return { url: pageAddress(s) };
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
  return { url: pageAddress(s) };
}
