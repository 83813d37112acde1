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
import { t } from "../i18n";

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
            ? hideWords
              ? t("inbox.use-moderation.approved_published_no_words", { name: n })
              : t("inbox.use-moderation.approved_published", { name: n })
            : t("inbox.use-moderation.approved_private", { name: n }),
        true,
        `approve:${publish ? "publish" : "private"}`,
      ),
    /** Withdraws an approval; a failure is thrown (the confirmation shows it). */
    unapprove: (s: Submission) =>
      decide(s, "unapprove", undefined, (n) => t("inbox.use-moderation.unapproved", { name: n }), false),
    /** Rejects with a reason; a failure is thrown (the reason dialog shows it). */
    reject: (s: Submission, reason: string) =>
      decide(s, "reject", { reason }, (n) => t("inbox.use-moderation.rejected", { name: n }), false),
    /** Public or private; `hideWords` also says whether a recording's words are shown (busy name `visibility`). */
    setPublic: (s: Submission, isPublic: boolean, hideWords?: boolean) =>
      decide(
        s,
        "visibility",
        { is_public: isPublic, ...(hideWords === undefined ? {} : { hide_words: hideWords }) },
        (n) =>
          hideWords !== undefined && isPublic === s.is_public
            ? hideWords
              ? t("inbox.use-moderation.shown_no_words", { name: n })
              : t("inbox.use-moderation.shown_with_words", { name: n })
            : isPublic
              ? hideWords
                ? t("inbox.use-moderation.public_no_words", { name: n })
                : t("inbox.use-moderation.public", { name: n })
              : t("inbox.use-moderation.private", { name: n }),
      ),
    /** Confirms a draft transcript's words as they are: public places may show them (busy name `confirm`). */
    confirmWords: (d: SubmissionDetail) =>
      run(
        "confirm",
        () => api.post<Transcript>(`${path(d.id, "transcript")}/confirm`),
        (checked) => {
          apply({ ...d, transcript: checked, words_draft: checked.draft });
          toast(t("inbox.use-moderation.words_checked", { name: displayName(d) }));
        },
      ),
    reprocess: (s: Submission) =>
      run(
        "reprocess",
        () => api.post<SubmissionDetail>(path(s.id, "reprocess")),
        (updated) => {
          apply(updated);
          toast(t("inbox.use-moderation.reprocessing", { name: displayName(updated) }));
        },
      ),
    /** Deletes one testimonial; a failure is thrown (the confirmation shows it). */
    remove: (s: Submission) =>
      run(
        "delete",
        () => api.del(path(s.id)),
        () => {
          drop(s.id);
          toast(t("inbox.use-moderation.deleted", { name: displayName(s) }));
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
