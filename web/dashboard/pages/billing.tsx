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
import { rich, t } from "../i18n";

const isSeconds = (name: string) => name.includes("seconds");
const amount = (name: string, n: number | null) =>
  n === null ? t("billing.unlimited") : isSeconds(name) ? formatMinutes(n) : formatNumber(n);

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
        {plan.name} {current && <Badge tone="info">{t("billing.current_plan")}</Badge>}{" "}
        {suggested && !current && <Badge tone="good">{t("billing.suggested")}</Badge>}
      </h3>
      <ul class="plan-allowances small">
        {Object.entries(plan.allowances).map(([name, n]) => (
          <li key={name}>
            <span class="muted">{labels.get(name) ?? name}:</span> {amount(name, n)}
          </li>
        ))}
        {plan.features?.api_access !== undefined && (
          <li>{plan.features.api_access ? t("billing.api_access") : t("billing.no_api_access")}</li>
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
      <h2 id="plans-title">{t("billing.plans_you_offer")}</h2>
      <p>{t("billing.operator_intro")}</p>
      <pre class="mail-text mono small" aria-label={t("billing.commands")}>
        {[
          ['plaudit org create --name "Client Co" --plan starter', t("billing.command_create")],
          ["plaudit plan set --org ORG_ID --plan core", t("billing.command_plan_set")],
          ["plaudit org list", t("billing.command_list")],
        ]
          .map(([command, what]) => `${command!.padEnd(54)}# ${what}`)
          .join("\n")}
      </pre>
      <p class="muted small" style={{ marginBottom: "1rem" }}>
        {rich("billing.operator_clients", { link: (parts) => <Link to="members">{parts}</Link> })}
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
    toast(t("billing.changed_toast", { plan: plan.name }));
    void refreshMe().catch(() => {});
  };

  if (state.loading && !state.data)
    return (
      <>
        <PageHeader title={t("billing.title")} />
        <Loading label={t("billing.loading")} />
      </>
    );
  if (!state.data)
    return (
      <>
        <PageHeader title={t("billing.title")} />
        <ErrorNotice error={state.error} onRetry={state.reload} />
      </>
    );
  const { billing, usage } = state.data;
  const labels = new Map(usage.allowances.map((a) => [a.name, a.label]));
  const current = billing.plans.find((p) => p.id === billing.plan);

  if (billing.operator)
    return (
      <>
        <PageHeader title={t("billing.title")} description={t("billing.operator_description")} />
        <section class="card" aria-labelledby="usage-title">
          <h2 id="usage-title">
            {t("billing.usage")} {mode === "test" && <Badge tone="test">{t("billing.test_mode")}</Badge>}
          </h2>
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
      <PageHeader
        title={t("billing.title")}
        description={t("billing.current_description", { plan: current?.name ?? billing.plan })}
      />
      <ErrorNotice error={checkout.error} />
      <section class="card" aria-labelledby="usage-title">
        <h2 id="usage-title">
          {t("billing.usage")} {mode === "test" && <Badge tone="test">{t("billing.test_mode")}</Badge>}
        </h2>
        {usage.mode === "test" && <p class="muted small">{t("billing.sandbox_allowances")}</p>}
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
        <h2 id="plans-title">{t("billing.plans")}</h2>
        {!isOwner && <p class="muted">{t("billing.owner_only")}</p>}
        {isOwner && !billing.billing_configured && <Notice tone="info">{t("billing.no_payments")}</Notice>}
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
                    busyLabel={t("billing.opening_checkout")}
                    onClick={() => void checkout.run(p)}
                  >
                    {t("billing.choose", { plan: p.name })}
                  </Button>
                ) : (
                  <ConfirmButton
                    variant="primary"
                    label={t("billing.switch", { plan: p.name })}
                    question={t("billing.switch_question", { plan: p.name })}
                    confirmLabel={t("billing.switch_confirm", { plan: p.name })}
                    busyLabel={t("billing.switching")}
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
