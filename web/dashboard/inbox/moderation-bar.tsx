/**
 * The decisions on the open testimonial, one step at a time and never undone by a repeated key press:
 *
 * - waiting (or rejected): "Approve & publish" (a) as the main action, "Approve only (keep private)" beside it;
 * - approved but private: "Publish" (a or p);
 * - live (approved and public): nothing to press again; "Make private" takes it down and stays approved.
 *
 * "Withdraw approval…" asks first and has no key; "Reject…" (r) asks for a reason. A line says where it stands.
 */
import { Button } from "../../shared/ui/button";
import { ConfirmButton } from "../../shared/ui/confirm-button";
import type { Moderation } from "./use-moderation";
import type { Submission } from "./types";

/** Props of `ModerationBar`. */
export interface ModerationBarProps {
  s: Submission;
  mod: Moderation;
  onReject: () => void;
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
  if (approved && s.is_public)
    return ready ? "Live: shown in widgets and on the wall." : "Approved and public: shown once processing is done.";
  if (approved) return "Approved but private: shown nowhere until you publish it.";
  if (s.rejected_at) return "Rejected: shown nowhere.";
  return "Waiting for a decision: shown nowhere yet.";
}

/** Approve & publish / approve only, publish, make private, withdraw (asks), reject. */
export function ModerationBar({ s, mod, onReject }: ModerationBarProps) {
  const approved = s.is_approved && !s.rejected_at;
  const busy = mod.busy !== null;
  return (
    <div class="moderation" role="group" aria-label="Decide">
      <p class="moderation-standing small" data-standing>
        {standing(s)}
      </p>
      <div class="moderation-bar">
        {!approved && (
          <>
            <Button
              variant="primary"
              aria-keyshortcuts="a"
              busy={mod.busy === "approve:publish"}
              busyLabel="Publishing…"
              disabled={busy}
              onClick={() => void mod.approve(s, true)}
            >
              Approve &amp; publish <Key k="a" />
            </Button>
            <Button
              busy={mod.busy === "approve:private"}
              busyLabel="Approving…"
              disabled={busy}
              onClick={() => void mod.approve(s, false)}
            >
              Approve only (keep private)
            </Button>
          </>
        )}
        {approved && !s.is_public && (
          <Button
            variant="primary"
            aria-keyshortcuts="a p"
            busy={mod.busy === "visibility"}
            busyLabel="Publishing…"
            disabled={busy}
            onClick={() => void mod.setPublic(s, true)}
          >
            Publish <Key k="p" />
          </Button>
        )}
        {approved && s.is_public && (
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
