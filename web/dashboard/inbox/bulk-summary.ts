/**
 * A bulk action's answer in words: how many changed, and for each one that did not, whose it was and why (the
 * server's own message).
 */
import type { BulkAction, BulkAnswer } from "./types";

/** What the inbox shows after a bulk action. */
export interface BulkSummary {
  tone: "success" | "warning" | "error";
  title: string;
  problems: string[];
}

const DONE: Record<BulkAction, string> = {
  approve_and_publish: "Approved and published",
  approve: "Approved",
  unapprove: "Withdrew the approval of",
  reject: "Rejected",
  make_public: "Published",
  make_private: "Made private",
  delete: "Deleted",
};

/** Button labels of the bulk actions. */
export const BULK_LABELS: Record<BulkAction, string> = {
  approve_and_publish: "Approve & publish",
  approve: "Approve only",
  unapprove: "Withdraw approval…",
  reject: "Reject…",
  make_public: "Publish",
  make_private: "Make private",
  delete: "Delete…",
};

const count = (n: number) => `${n} testimonial${n === 1 ? "" : "s"}`;

/** Summarises `answer`; `names` gives a person's name for an id (ids not found are shown as they are). */
export function bulkSummary(answer: BulkAnswer, names: ReadonlyMap<string, string>): BulkSummary {
  const total = answer.succeeded + answer.failed;
  const problems = answer.results.flatMap((r) => (r.ok ? [] : [`${names.get(r.id) ?? r.id}: ${r.error.message}`]));
  if (answer.failed === 0) return { tone: "success", title: `${DONE[answer.action]} ${count(total)}.`, problems };
  if (answer.succeeded === 0)
    return {
      tone: "error",
      title: `Nothing changed: ${answer.failed === 1 ? "the testimonial" : `all ${answer.failed}`} could not be changed.`,
      problems,
    };
  return {
    tone: "warning",
    title: `${DONE[answer.action]} ${answer.succeeded} of ${count(total)}. ${answer.failed} could not be changed.`,
    problems,
  };
}
