/**
 * The capture form as steps, for phones: choose how to answer, record or write, about you, (the link's own
 * questions,) permission and Send. Each step fits one screen; a problem found on Send takes the respondent back to
 * the step holding its field. A link that takes one way of answering starts at the answer itself.
 */
import { customFieldId } from "./custom-fields";
import type { LinkView, Method } from "./types";
import { t } from "./i18n";

/** One step of the form. */
export type Step = "how" | "answer" | "about" | "more" | "send";

/** What a step is called, in the progress line and as its heading. */
export const stepTitle = (step: Step): string =>
  ({
    how: () => t("steps.how"),
    answer: () => t("steps.answer"),
    about: () => t("steps.about"),
    more: () => t("steps.more"),
    send: () => t("steps.send"),
  })[step]();

/** The steps of a link, in order. */
export function stepsFor(link: Pick<LinkView, "accepts" | "custom_fields">): Step[] {
  return [
    ...(link.accepts.length > 1 ? (["how"] as const) : []),
    "answer",
    "about",
    ...(link.custom_fields.length ? (["more"] as const) : []),
    "send",
  ];
}

/** The step holding the field with id `id` (an error's key); `method` tells choosing from recording. */
export function stepOf(id: string, method: Method | null, steps: Step[]): Step {
  let step: Step = "about";
  if (id === "method") step = method ? "answer" : "how";
  else if (id === "answer-text") step = "answer";
  else if (id === "consent") step = "send";
  else if (id.startsWith(customFieldId(""))) step = "more";
  return steps.includes(step) ? step : steps[0]!;
}

/** The heading of the answer step for a way of answering (`recordable` false: this page can only take a file). */
export function answerHeading(method: Method | null, recordable: boolean): string {
  if (method === "text" || !method) return t("answer.write");
  if (!recordable) return method === "video" ? t("answer.uploadVideo") : t("answer.uploadAudio");
  return method === "video" ? t("answer.recordVideo") : t("answer.recordVoice");
}
