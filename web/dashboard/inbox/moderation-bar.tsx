/**
 * The decisions on the open testimonial, each with its keyboard shortcut shown beside it: approve or withdraw
 * (a), reject with a reason (r), publish or make private (p).
 */
import { Button } from "../../shared/ui/button";
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

/** Approve / withdraw, reject, publish / make private. */
export function ModerationBar({ s, mod, onReject }: ModerationBarProps) {
  const approved = s.is_approved && !s.rejected_at;
  const busy = mod.busy !== null;
  return (
    <div class="moderation-bar" role="group" aria-label="Decide">
      {approved ? (
        <Button aria-keyshortcuts="a" busy={mod.busy === "unapprove"} busyLabel="Withdrawing…" disabled={busy} onClick={() => void mod.unapprove(s)}>
          Withdraw approval <Key k="a" />
        </Button>
      ) : (
        <Button variant="primary" aria-keyshortcuts="a" busy={mod.busy === "approve"} busyLabel="Approving…" disabled={busy} onClick={() => void mod.approve(s)}>
          Approve <Key k="a" />
        </Button>
      )}
      <Button aria-keyshortcuts="r" disabled={busy} onClick={onReject}>
        {s.rejected_at ? "Change rejection reason…" : "Reject…"} <Key k="r" />
      </Button>
      <Button
        aria-keyshortcuts="p"
        variant={s.is_public ? "secondary" : "primary"}
        busy={mod.busy === "visibility"}
        busyLabel="Saving…"
        disabled={busy}
        onClick={() => void mod.setPublic(s, !s.is_public)}
      >
        {s.is_public ? "Make private" : "Publish"} <Key k="p" />
      </Button>
    </div>
  );
}
