/**
 * The decisions on the open testimonial, one step at a time and never undone by a repeated key press:
 *
 * - waiting (or rejected): "Approve & publish" (a) as the main action, "Approve only (keep private)" beside it;
 * - approved but private: "Publish" (a or p);
 * - live (approved and public): nothing to press again; "Make private" takes it down and stays approved.
 *
 * "Withdraw approval…" asks first and has no key; "Reject…" (r) asks for a reason. A line says where it stands.
 * A failed or unfinished testimonial offers nothing that publishes (a processing one may be approved privately),
 * and a recording says whether public places show its words, with the switch to show or hide them.
 */
import { Button } from "../../shared/ui/button";
import { ConfirmButton } from "../../shared/ui/confirm-button";
import type { Moderation } from "./use-moderation";
import type { Submission } from "./types";
import { canPublish, wordsShown } from "./publishable";
import { t } from "../i18n";

/** How a testimonial is being published: approved and made public in one step, or made public once approved. */
export type PublishStep = "approve" | "visibility";

/** Props of `ModerationBar`. */
export interface ModerationBarProps {
  s: Submission;
  mod: Moderation;
  onReject: () => void;
  /** Publishes (the page asks about unchecked words first). */
  onPublish: (s: Submission, step: PublishStep) => void;
}

const Key = ({ k }: { k: string }) => (
  <kbd class="btn-key" aria-hidden="true">
    {k}
  </kbd>
);

/** Where a testimonial stands, in one sentence a team member reads before deciding. */
export function standing(s: Submission): string {
  const approved = s.is_approved && !s.rejected_at;
  const ready = s.status === "ready";
  if (s.status === "failed") return t("inbox.moderation-bar.failed");
  if (!ready && !(approved && s.is_public)) {
    if (s.status === "uploading")
      return approved ? t("inbox.moderation-bar.approved_uploading") : t("inbox.moderation-bar.waiting_uploading");
    return approved ? t("inbox.moderation-bar.approved_processing") : t("inbox.moderation-bar.waiting_processing");
  }
  if (approved && s.is_public) return ready ? t("inbox.moderation-bar.live") : t("inbox.moderation-bar.public_pending");
  if (approved) return t("inbox.moderation-bar.approved_private");
  if (s.rejected_at) return t("inbox.moderation-bar.rejected");
  return t("inbox.moderation-bar.waiting");
}

/** Whether public places show a recording's words, and the switch; nothing for written testimonials. */
function WordsLine({ s, mod }: { s: Submission; mod: Moderation }) {
  if (s.kind === "text" || s.status !== "ready") return null;
  const busy = mod.busy !== null;
  if (s.hide_words)
    return (
      <p class="moderation-words small" data-words>
        {t("inbox.moderation-bar.words_hidden")}{" "}
        {s.words_draft ? (
          t("inbox.moderation-bar.check_to_show")
        ) : (
          <Button small variant="ghost" disabled={busy} onClick={() => void mod.setPublic(s, s.is_public, false)}>
            {t("inbox.moderation-bar.show_words")}
          </Button>
        )}
      </p>
    );
  if (!wordsShown(s))
    return (
      <p class="moderation-words small" data-words>
        {t("inbox.moderation-bar.words_draft")}
      </p>
    );
  return null;
}

/** Approve & publish / approve only, publish, make private, withdraw (asks), reject. */
export function ModerationBar({ s, mod, onReject, onPublish }: ModerationBarProps) {
  const approved = s.is_approved && !s.rejected_at;
  const busy = mod.busy !== null;
  const publishable = canPublish(s);
  return (
    <div class="moderation" role="group" aria-label={t("inbox.moderation-bar.label")}>
      <p class="moderation-standing small" data-standing>
        {standing(s)}
      </p>
      <WordsLine s={s} mod={mod} />
      <div class="moderation-bar">
        {!approved && publishable && (
          <Button
            variant="primary"
            aria-keyshortcuts="a"
            busy={mod.busy === "approve:publish"}
            busyLabel={t("inbox.moderation-bar.publishing")}
            disabled={busy}
            onClick={() => onPublish(s, "approve")}
          >
            {t("inbox.moderation-bar.approve_publish")} <Key k="a" />
          </Button>
        )}
        {!approved && s.status !== "failed" && s.status !== "uploading" && (
          <Button
            busy={mod.busy === "approve:private"}
            busyLabel={t("inbox.moderation-bar.approving")}
            disabled={busy}
            onClick={() => void mod.approve(s, false)}
          >
            {t("inbox.moderation-bar.approve_only")}
          </Button>
        )}
        {approved && !s.is_public && publishable && (
          <Button
            variant="primary"
            aria-keyshortcuts="a p"
            busy={mod.busy === "visibility"}
            busyLabel={t("inbox.moderation-bar.publishing")}
            disabled={busy}
            onClick={() => onPublish(s, "visibility")}
          >
            {t("inbox.moderation-bar.publish")} <Key k="p" />
          </Button>
        )}
        {s.is_public && (approved || !publishable) && (
          <Button
            busy={mod.busy === "visibility"}
            busyLabel={t("inbox.moderation-bar.saving")}
            disabled={busy}
            onClick={() => void mod.setPublic(s, false)}
          >
            {t("inbox.moderation-bar.make_private")}
          </Button>
        )}
        <Button aria-keyshortcuts="r" disabled={busy} onClick={onReject}>
          {s.rejected_at ? t("inbox.moderation-bar.change_reason") : t("inbox.moderation-bar.reject")} <Key k="r" />
        </Button>
        {approved && (
          <ConfirmButton
            small={false}
            label={t("inbox.moderation-bar.withdraw")}
            question={
              s.is_public
                ? t("inbox.moderation-bar.withdraw_question_public")
                : t("inbox.moderation-bar.withdraw_question")
            }
            confirmLabel={t("inbox.moderation-bar.withdraw_confirm")}
            busyLabel={t("inbox.moderation-bar.withdrawing")}
            onConfirm={() => mod.unapprove(s)}
          />
        )}
      </div>
    </div>
  );
}
