/**
 * Where the respondent is in the steps: "Step 2 of 4" with the step's name and a bar of the steps (the current one
 * marked for screen readers), and the Back and Next buttons under each step.
 */
import { STEP_TITLES, type Step } from "./steps";

/** The progress line above a step. */
export function StepProgress({ steps, current }: { steps: Step[]; current: number }) {
  return (
    <nav class="step-progress" aria-label="Progress">
      <p class="step-count">
        Step {current + 1} of {steps.length}
      </p>
      <ol class="step-bar">
        {steps.map((s, i) => (
          <li
            key={s}
            class={i < current ? "step-done" : i === current ? "step-now" : undefined}
            aria-current={i === current ? "step" : undefined}
          >
            <span class="sr-only">
              {STEP_TITLES[s]}
              {i < current ? " (done)" : ""}
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
          Back
        </button>
      )}
      {!last && (
        <button type="button" class="btn btn-primary step-next" onClick={onNext}>
          Next
        </button>
      )}
    </div>
  );
}
