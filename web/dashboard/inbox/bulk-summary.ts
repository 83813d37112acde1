/**
 * A bulk action's answer in words: how many changed, and for each one that did not, whose it was and why (the
 * server's own message).
 */
import type { BulkAction, BulkAnswer } from "./types";
import { t } from "../i18n";

/** What the inbox shows after a bulk action. */
export interface BulkSummary {
  tone: "success" | "warning" | "error";
  title: string;
  problems: string[];
}

const DONE: Record<BulkAction, string> = {
  approve_and_publish: t("inbox.bulk-summary.done_approve_and_publish"),
  approve: t("inbox.bulk-summary.done_approve"),
  unapprove: t("inbox.bulk-summary.done_unapprove"),
  reject: t("inbox.bulk-summary.done_reject"),
  make_public: t("inbox.bulk-summary.done_make_public"),
  make_private: t("inbox.bulk-summary.done_make_private"),
  delete: t("inbox.bulk-summary.done_delete"),
};

/** Button labels of the bulk actions. */
export const BULK_LABELS: Record<BulkAction, string> = {
  approve_and_publish: t("inbox.bulk-summary.label_approve_and_publish"),
  approve: t("inbox.bulk-summary.label_approve"),
  unapprove: t("inbox.bulk-summary.label_unapprove"),
  reject: t("inbox.bulk-summary.label_reject"),
  make_public: t("inbox.bulk-summary.label_make_public"),
  make_private: t("inbox.bulk-summary.label_make_private"),
  delete: t("inbox.bulk-summary.label_delete"),
};

/** Summarises `answer`; `names` gives a person's name for an id (ids not found are shown as they are). */
export function bulkSummary(answer: BulkAnswer, names: ReadonlyMap<string, string>): BulkSummary {
  const total = answer.succeeded + answer.failed;
  const problems = answer.results.flatMap((r) =>
    r.ok ? [] : [t("inbox.bulk-summary.problem", { name: names.get(r.id) ?? r.id, message: r.error.message })],
  );
  if (answer.failed === 0)
    return {
      tone: "success",
      title: t("inbox.bulk-summary.all_done", { done: DONE[answer.action], count: total }),
      problems,
    };
  if (answer.succeeded === 0)
    return {
      tone: "error",
      title: t("inbox.bulk-summary.none_done", { failed: answer.failed }),
      problems,
    };
  return {
    tone: "warning",
    title: t("inbox.bulk-summary.some_done", {
      done: DONE[answer.action],
      succeeded: answer.succeeded,
      count: total,
      failed: answer.failed,
    }),
    problems,
  };
}
