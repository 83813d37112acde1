/**
 * Where the respondent is in the form's steps (steps.ts). Steps are for phones: `useNarrow` says when the screen is
 * narrow enough, and wider screens keep the form on one page. Each step forward is a history entry of the same
 * address, so the browser's Back (a phone's back gesture) goes to the previous step instead of leaving a page that
 * holds an unsent recording; the form's own Back button goes through history too, so both stay in step.
 */
import { useEffect, useState } from "preact/hooks";
import type { Step } from "./steps";

/** Below this width (a phone, a narrow window) the form is shown one step at a time. */
const NARROW = "(max-width: 47.99rem)";

/** True while the screen is narrow enough for steps (and `allowed`); follows rotation and resizing. */
export function useNarrow(allowed: boolean): boolean {
  const query = typeof matchMedia === "function" ? matchMedia(NARROW) : null;
  const [narrow, setNarrow] = useState(!!query?.matches);
  useEffect(() => {
    if (!query) return;
    const change = () => setNarrow(query.matches);
    query.addEventListener("change", change);
    return () => query.removeEventListener("change", change);
  }, []);
  return allowed && narrow;
}

/** What the form needs to move through its steps. */
export interface Steps {
  step: Step;
  index: number;
  count: number;
  /** On to the next step. */
  next(): void;
  /** Back one step. */
  back(): void;
  /** To an earlier step (a problem found on Send is there). */
  backTo(step: Step): void;
}

/** The current step of `steps`; history entries are used only while `active`. */
export function useSteps(steps: Step[], active: boolean): Steps {
  const [step, setStep] = useState<Step>(steps[0]!);
  const index = Math.max(0, steps.indexOf(step));
  // The steps change with the link (a preview's draft): stay on a step that still exists.
  useEffect(() => {
    if (!steps.includes(step)) setStep(steps[0]!);
  }, [steps.join()]);
  useEffect(() => {
    if (!active) return;
    history.replaceState({ ...history.state, captureStep: step }, "");
    const pop = (e: PopStateEvent) => {
      const s = (e.state as { captureStep?: Step } | null)?.captureStep;
      setStep(s && steps.includes(s) ? s : steps[0]!);
    };
    addEventListener("popstate", pop);
    return () => removeEventListener("popstate", pop);
  }, [active, steps.join()]);
  const to = (target: number) => {
    const s = steps[Math.max(0, Math.min(steps.length - 1, target))]!;
    if (s === step) return;
    if (active && target > index) history.pushState({ ...history.state, captureStep: s }, "");
    else if (active && (history.state as { captureStep?: Step } | null)?.captureStep === step) {
      // Each step forward was one entry: going back is going back in history (the listener sets the step).
      history.go(target - index);
      return;
    }
    setStep(s);
  };
  return {
    step,
    index,
    count: steps.length,
    next: () => to(index + 1),
    back: () => to(index - 1),
    backTo: (s) => to(steps.indexOf(s)),
  };
}
