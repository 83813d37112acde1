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
  if (s.status === "failed") return "Failed: it cannot be published. Process it again or delete it.";
  if (!ready && !(approved && s.is_public)) {
    const until = s.status === "uploading" ? "once it has arrived and is processed" : "once processing is done";
    return `${approved ? "Approved but private" : "Waiting for a decision"}: it can be published ${until}.`;
  }
  if (approved && s.is_public)
    return ready ? "Live: shown in widgets and on the wall." : "Approved and public: shown once processing is done.";
  if (approved) return "Approved but private: shown nowhere until you publish it.";
  if (s.rejected_at) return "Rejected: shown nowhere.";
  return "Waiting for a decision: shown nowhere yet.";
}

/** Whether public places show a recording's words, and the switch; nothing for written testimonials. */
function WordsLine({ s, mod }: { s: Submission; mod: Moderation }) {
  if (s.kind === "text" || s.status !== "ready") return null;
  const busy = mod.busy !== null;
  if (s.hide_words)
    return (
      <p class="moderation-words small" data-words>
        Shown without its words: widgets, the wall and share pages show the recording and the name only.{" "}
        {s.words_draft ? (
          "Check the words to be able to show them."
        ) : (
          <Button small variant="ghost" disabled={busy} onClick={() => void mod.setPublic(s, s.is_public, false)}>
            Show the words
          </Button>
        )}
      </p>
    );
  if (!wordsShown(s))
    return (
      <p class="moderation-words small" data-words>
        Its words are a machine draft nobody has checked: no public place shows them until they are checked.
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
    <div class="moderation" role="group" aria-label="Decide">
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
            busyLabel="Publishing…"
            disabled={busy}
            onClick={() => onPublish(s, "approve")}
          >
            Approve &amp; publish <Key k="a" />
          </Button>
        )}
        {!approved && s.status !== "failed" && s.status !== "uploading" && (
          <Button
            busy={mod.busy === "approve:private"}
            busyLabel="Approving…"
            disabled={busy}
            onClick={() => void mod.approve(s, false)}
          >
            Approve only (keep private)
          </Button>
        )}
        {approved && !s.is_public && publishable && (
          <Button
            variant="primary"
            aria-keyshortcuts="a p"
            busy={mod.busy === "visibility"}
            busyLabel="Publishing…"
            disabled={busy}
            onClick={() => onPublish(s, "visibility")}
          >
            Publish <Key k="p" />
          </Button>
        )}
        {s.is_public && (approved || !publishable) && (
          <Button
            busy={mod.busy === "visibility"}
            busyLabel="Saving…"
            disabled={busy}
            onClick={() => void mod.setPublic(s, false)}
          >
            Make private
          </Button>
        )}
        <Button aria-keyshortcuts="r" disabled={busy} onClick={onReject}>
          {s.rejected_at ? "Change rejection reason…" : "Reject…"} <Key k="r" />
        </Button>
        {approved && (
          <ConfirmButton
            small={false}
            label="Withdraw approval…"
            question={`Withdraw the approval? It stops being shown${s.is_public ? " in widgets and on the wall" : ""} and waits for a decision again.`}
            confirmLabel="Yes, withdraw it"
            busyLabel="Withdrawing…"
            onConfirm={() => mod.unapprove(s)}
          />
        )}
      </div>
    </div>
  );
}
