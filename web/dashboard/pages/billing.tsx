/**
 * Plan & usage: the current plan, each allowance as a bar (for the mode in use), and the plans to move to.
 * Owners change the plan directly, or through the payment provider's checkout when the server has one. On the
 * server's own organisation (operator mode) nothing is limited: the page shows the usage and explains the plans
 * as what the operator offers the organisations it hosts, set on the command line, with nothing to buy.
 */
import type { ComponentChildren } from "preact";
import { formatMinutes, formatNumber } from "../../shared/format";
import { useAsync } from "../../shared/hooks";
import { Badge } from "../../shared/ui/badge";
import { Button } from "../../shared/ui/button";
import { ConfirmButton } from "../../shared/ui/confirm-button";
import { Loading } from "../../shared/ui/loading";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { UsageBar } from "../../shared/ui/usage-bar";
import { api } from "../api";
import type { PageProps } from "../nav";
import { PageHeader } from "../page";
import { Link } from "../router";
import { useSession } from "../session";
import { useToast } from "../toasts";
import { useAction } from "../use-action";
import type { Billing, Plan, Usage } from "../types";

const isSeconds = (name: string) => name.includes("seconds");
const amount = (name: string, n: number | null) =>
  n === null ? "Unlimited" : isSeconds(name) ? formatMinutes(n) : formatNumber(n);

function PlanCard({
  plan,
  current,
  suggested,
  labels,
  children,
}: {
  plan: Plan;
  current: boolean;
  suggested: boolean;
  labels: Map<string, string>;
  children?: ComponentChildren;
}) {
  return (
    <article
      class={`card plan-card${current ? " plan-current" : ""}${suggested ? " plan-suggested" : ""}`}
      aria-labelledby={`plan-${plan.id}`}
    >
      <h3 id={`plan-${plan.id}`}>
        {plan.name} {current && <Badge tone="info">Current plan</Badge>}{" "}
        {suggested && !current && <Badge tone="good">Suggested</Badge>}
      </h3>
      <ul class="plan-allowances small">
        {Object.entries(plan.allowances).map(([name, n]) => (
          <li key={name}>
            <span class="muted">{labels.get(name) ?? name}:</span> {amount(name, n)}
          </li>
        ))}
        {plan.features?.api_access !== undefined && (
          <li>{plan.features.api_access ? "API access" : "No API access"}</li>
        )}
      </ul>
      {children}
    </article>
  );
}

/** The operator's view of the plans: what this server offers the organisations it hosts. */
function OperatorPlans({ billing, labels }: { billing: Billing; labels: Map<string, string> }) {
  return (
    <section class="plans-section" aria-labelledby="plans-title">
      <h2 id="plans-title">Plans you offer</h2>
      <p>
        Other organisations you host on this server are each on one of these plans, which limit what they can do. You
        set them on the server's command line:
      </p>
      <pre class="mail-text mono small" aria-label="Commands">
        {[
          ['plaudit org create --name "Client Co" --plan starter', "host a new organisation"],
          ["plaudit plan set --org ORG_ID --plan core", "move one to another plan"],
          ["plaudit org list", "every organisation and its plan"],
        ]
          .map(([command, what]) => `${command!.padEnd(54)}# ${what}`)
          .join("\n")}
      </pre>
      <p class="muted small" style={{ marginBottom: "1rem" }}>
        To give a customer a login to their own brands in this organisation instead, invite them as a client under{" "}
        <Link to="members">Members</Link>.
      </p>
      <div class="plan-grid">
        {billing.plans.map((p) => (
          <PlanCard key={p.id} plan={p} current={false} suggested={false} labels={labels} />
        ))}
      </div>
    </section>
  );
}

/** The Plan & usage page; `?upgrade=<plan>` (from a 402's link) highlights that plan. */
export function BillingPage({ route }: PageProps) {
  const { isOwner, mode, refreshMe } = useSession();
  const toast = useToast();
  const state = useAsync(async () => {
    const [billing, usage] = await Promise.all([api.get<Billing>("/v1/billing"), api.get<Usage>("/v1/billing/usage")]);
    return { billing, usage };
  }, []);
  // Success leaves for the payment provider's checkout page.
  const checkout = useAction(
    async (plan: Plan) => {
      const { url } = await api.post<{ url: string }>("/v1/billing/checkout", { plan: plan.id });
      window.location.assign(url);
    },
    { leaves: true },
  );
  const suggested = route.query.get("upgrade");

  const change = async (plan: Plan) => {
    checkout.reset();
    const billing = await api.post<Billing>("/v1/billing/change-plan", { plan: plan.id });
    state.setData((prev) => ({ billing, usage: prev!.usage }));
    state.reload();
    toast(`You are now on the ${plan.name} plan`);
    void refreshMe().catch(() => {});
  };

  if (state.loading && !state.data)
    return (
      <>
        <PageHeader title="Plan & usage" />
        <Loading label="Loading your plan…" />
      </>
    );
  if (!state.data)
    return (
      <>
        <PageHeader title="Plan & usage" />
        <ErrorNotice error={state.error} onRetry={state.reload} />
      </>
    );
  const { billing, usage } = state.data;
  const labels = new Map(usage.allowances.map((a) => [a.name, a.label]));
  const current = billing.plans.find((p) => p.id === billing.plan);

  if (billing.operator)
    return (
      <>
        <PageHeader
          title="Plan & usage"
          description="This is this server's own organisation: it has no plan and nothing here is limited."
        />
        <section class="card" aria-labelledby="usage-title">
          <h2 id="usage-title">Usage {mode === "test" && <Badge tone="test">Test mode</Badge>}</h2>
          {usage.allowances.map((a) => (
            <UsageBar
              key={a.name}
              label={a.label}
              used={a.used}
              limit={a.limit}
              unit={isSeconds(a.name) ? formatMinutes : formatNumber}
            />
          ))}
        </section>
        <OperatorPlans billing={billing} labels={labels} />
      </>
    );

  return (
    <>
      <PageHeader title="Plan & usage" description={`You are on the ${current?.name ?? billing.plan} plan.`} />
      <ErrorNotice error={checkout.error} />
      <section class="card" aria-labelledby="usage-title">
        <h2 id="usage-title">Usage {mode === "test" && <Badge tone="test">Test mode</Badge>}</h2>
        {usage.mode === "test" && (
          <p class="muted small">The sandbox has its own allowances, the same on every plan.</p>
        )}
        {usage.allowances.map((a) => (
          <UsageBar
            key={a.name}
            label={a.label}
            used={a.used}
            limit={a.limit}
            unit={isSeconds(a.name) ? formatMinutes : formatNumber}
          />
        ))}
      </section>
      <section class="plans-section" aria-labelledby="plans-title">
        <h2 id="plans-title">Plans</h2>
        {!isOwner && <p class="muted">Only an owner of this organisation can change its plan.</p>}
        {isOwner && !billing.billing_configured && (
          <Notice tone="info">Payments are not set up on this server, so owners change the plan here directly.</Notice>
        )}
        <div class="plan-grid">
          {billing.plans.map((p) => (
            <PlanCard
              key={p.id}
              plan={p}
              current={p.id === billing.plan}
              suggested={p.id === suggested}
              labels={labels}
            >
              {isOwner &&
                p.id !== billing.plan &&
                (billing.billing_configured ? (
                  <Button
                    small
                    variant="primary"
                    busy={checkout.running?.id === p.id}
                    busyLabel="Opening checkout…"
                    onClick={() => void checkout.run(p)}
                  >
                    Choose {p.name}
                  </Button>
                ) : (
                  <ConfirmButton
                    variant="primary"
                    label={`Switch to ${p.name}`}
                    question={`Move this organisation to the ${p.name} plan?`}
                    confirmLabel={`Yes, switch to ${p.name}`}
                    busyLabel="Switching…"
                    onConfirm={() => change(p)}
                  />
                ))}
            </PlanCard>
          ))}
        </div>
      </section>
    </>
  );
}
