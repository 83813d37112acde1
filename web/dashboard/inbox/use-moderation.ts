/**
 * The team's decisions on one testimonial or many: approve and publish in one step (or approve only, keeping it
 * private), withdraw, reject with a reason, public or private (with or without a recording's words), confirm the
 * words of a transcript, delete, process again, and the bulk route. Each confirms in a toast (read out by screen
 * readers) and keeps the failure as an error whose message is the server's own words. Asking whether to publish
 * an unchecked draft's recording without its words is the page's (words-dialog.tsx); this sends the answer.
 */
import { useState } from "preact/hooks";
import { api } from "../api";
import { useToast } from "../toasts";
import { displayName } from "./status";
import type { BulkAction, BulkAnswer, Submission, SubmissionDetail, Transcript } from "./types";

/** What moderation needs from the inbox. */
export interface ModerationHooks {
  apply: (s: Submission | SubmissionDetail) => void;
  drop: (id: string) => void;
}

/** The bulk route takes at most this many ids at once. */
const BULK_MAX = 100;

const path = (id: string, action = "") => `/v1/submissions/${encodeURIComponent(id)}${action ? `/${action}` : ""}`;

/** Moderation actions with their busy state and last error. */
export function useModeration({ apply, drop }: ModerationHooks) {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  // Shortcut and button actions keep their error for the detail panel; dialogs and bulk actions get it thrown
  // (`report` false) and show it where the person is looking.
  async function run<T>(
    name: string,
    call: () => Promise<T>,
    done: (result: T) => void,
    report = true,
  ): Promise<boolean> {
    setBusy(name);
    setError(null);
    try {
      done(await call());
      return true;
    } catch (e) {
      if (!report) throw e;
      setError(e);
      return false;
    } finally {
      setBusy(null);
    }
  }

  const decide = (
    s: Submission,
    action: string,
    body: unknown,
    message: (name: string) => string,
    report = true,
    name = action,
  ) =>
    run(
      name,
      () => api.post<Submission>(path(s.id, action), body),
      (updated) => {
        apply(updated);
        toast(message(displayName(updated)));
      },
      report,
    );

  return {
    busy,
    error,
    clearError: () => setError(null),
    /**
     * Approves; `publish` true also makes it public in the same request ("Approve & publish"), false keeps (or
     * makes) it private ("Approve only"). `hideWords` true publishes a recording without its words. Busy names:
     * `approve:publish`, `approve:private`.
     */
    approve: (s: Submission | SubmissionDetail, publish: boolean, hideWords?: boolean) =>
      decide(
        s,
        "approve",
        { publish, ...(hideWords === undefined ? {} : { hide_words: hideWords }) },
        (n) =>
          publish
            ? `Approved and published ${n}’s testimonial${hideWords ? " without its words" : ""}`
            : `Approved ${n}’s testimonial; it stays private`,
        true,
        `approve:${publish ? "publish" : "private"}`,
      ),
    /** Withdraws an approval; a failure is thrown (the confirmation shows it). */
    unapprove: (s: Submission) =>
      decide(s, "unapprove", undefined, (n) => `Withdrew the approval of ${n}’s testimonial`, false),
    /** Rejects with a reason; a failure is thrown (the reason dialog shows it). */
    reject: (s: Submission, reason: string) =>
      decide(s, "reject", { reason }, (n) => `Rejected the testimonial from ${n}`, false),
    /** Public or private; `hideWords` also says whether a recording's words are shown (busy name `visibility`). */
    setPublic: (s: Submission, isPublic: boolean, hideWords?: boolean) =>
      decide(
        s,
        "visibility",
        { is_public: isPublic, ...(hideWords === undefined ? {} : { hide_words: hideWords }) },
        (n) =>
          hideWords !== undefined && isPublic === s.is_public
            ? hideWords
              ? `${n}’s testimonial is shown without its words`
              : `${n}’s testimonial is shown with its words`
            : isPublic
              ? `${n}’s testimonial is public${hideWords ? ", without its words" : ""}`
              : `${n}’s testimonial is private`,
      ),
    /** Confirms a draft transcript's words as they are: public places may show them (busy name `confirm`). */
    confirmWords: (d: SubmissionDetail) =>
      run(
        "confirm",
        () => api.post<Transcript>(`${path(d.id, "transcript")}/confirm`),
        (t) => {
          apply({ ...d, transcript: t, words_draft: t.draft });
          toast(`Checked: ${displayName(d)}’s words can be shown`);
        },
      ),
    reprocess: (s: Submission) =>
      run(
        "reprocess",
        () => api.post<SubmissionDetail>(path(s.id, "reprocess")),
        (updated) => {
          apply(updated);
          toast(`Processing ${displayName(updated)}’s recording again`);
        },
      ),
    /** Deletes one testimonial; a failure is thrown (the confirmation shows it). */
    remove: (s: Submission) =>
      run(
        "delete",
        () => api.del(path(s.id)),
        () => {
          drop(s.id);
          toast(`Deleted the testimonial from ${displayName(s)}`);
        },
        false,
      ),
    /**
     * Runs a bulk action in batches of 100 (the route's limit); resolves to the merged answer, throws on failure.
     * `hideDraftWords` publishes recordings whose words are unchecked drafts without their words.
     */
    bulk: async (action: BulkAction, ids: string[], reason?: string, hideDraftWords = false): Promise<BulkAnswer> => {
      let answer: BulkAnswer | null = null;
      await run(
        `bulk:${action}`,
        async () => {
          const merged: BulkAnswer = { action, succeeded: 0, failed: 0, results: [] };
          for (let i = 0; i < ids.length; i += BULK_MAX) {
            const a = await api.post<BulkAnswer>("/v1/submissions/bulk", {
              action,
              ids: ids.slice(i, i + BULK_MAX),
              ...(reason ? { reason } : {}),
              ...(hideDraftWords ? { hide_draft_words: true } : {}),
            });
            merged.succeeded += a.succeeded;
            merged.failed += a.failed;
            merged.results.push(...a.results);
          }
          return merged;
        },
        (a) => {
          answer = a;
          for (const r of a.results) {
            if (!r.ok) continue;
            if (r.submission) apply(r.submission);
            else drop(r.id);
          }
        },
        false,
      );
      return answer!;
    },
  };
}

/** The actions `useModeration` returns. */
export type Moderation = ReturnType<typeof useModeration>;
