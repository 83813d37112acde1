/**
 * Where the respondent is in the steps: "Step 2 of 4" with the step's name and a bar of the steps (the current one
 * marked for screen readers), and the Back and Next buttons under each step.
 */
import { stepTitle, type Step } from "./steps";
import { t } from "./i18n";

/** The progress line above a step. */
export function StepProgress({ steps, current }: { steps: Step[]; current: number }) {
  return (
    <nav class="step-progress" aria-label={t("steps.progress")}>
      <p class="step-count">{t("steps.count", { n: current + 1, total: steps.length })}</p>
      <ol class="step-bar">
        {steps.map((s, i) => (
          <li
            key={s}
            class={i < current ? "step-done" : i === current ? "step-now" : undefined}
            aria-current={i === current ? "step" : undefined}
          >
            <span class="sr-only">
              {stepTitle(s)}
              {i < current ? ` ${t("steps.done")}` : ""}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Back (from the second step on) and Next; the last step's Send button is the form's own. */
export function StepNav({
  first,
  last,
  onBack,
  onNext,
}: {
  first: boolean;
  last: boolean;
  onBack(): void;
  onNext(): void;
}) {
  return (
    <div class="step-nav">
      {!first && (
        <button type="button" class="btn" onClick={onBack}>
          {t("steps.back")}
        </button>
      )}
      {!last && (
        <button type="button" class="btn btn-primary step-next" onClick={onNext}>
          {t("steps.next")}
        </button>
      )}
    </div>
  );
}
