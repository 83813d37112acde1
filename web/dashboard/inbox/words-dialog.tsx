/**
 * The one question before publishing a recording whose words are a machine draft nobody has checked: publish the
 * video without its words (widgets, the wall and share pages show the recording and the name only), or check the
 * words first. Asked once for one testimonial, and once for a whole selection.
 */
import { Button } from "../../shared/ui/button";
import { useAction } from "../use-action";
import { Dialog } from "./dialog";

/** Props of `WordsDialog`. */
export interface WordsDialogProps {
  /** How many of the testimonials being published have unchecked words. */
  drafts: number;
  /** How many are being published in all (1 for one testimonial). */
  total: number;
  /** "video" or "recording", for one testimonial. */
  what: string;
  /** Publishes without the draft words. A rejection is shown in the dialog, which stays open. */
  onHideWords: () => Promise<void>;
  /** One: go to the words. Many: publish the others now; the drafts stay selected. */
  onCheckFirst: () => Promise<void>;
  onClose: () => void;
}

/** What checking first does to the rest of a selection. */
const checkFirstNote = (others: number) =>
  others === 0
    ? "Checking first publishes nothing now."
    : `Checking first publishes the other ${others === 1 ? "one" : others} now.`;

/** "Publish the video without its words, or check the words first?" */
export function WordsDialog({ drafts, total, what, onHideWords, onCheckFirst, onClose }: WordsDialogProps) {
  const one = total === 1;
  const act = useAction(
    async (which: "hide" | "check") => {
      await (which === "hide" ? onHideWords() : onCheckFirst());
      onClose();
    },
    { leaves: true },
  );
  return (
    <Dialog
      title={one ? "The words are not checked yet" : `${drafts} of ${total} have words nobody has checked`}
      onClose={onClose}
    >
      <p class="words-question">
        {one
          ? `The words are a machine draft nobody has checked. Publish the ${what} without its words, or check the words first?`
          : `The words of ${drafts === 1 ? "one recording" : `${drafts} recordings`} are a machine draft nobody has checked. Publish ${drafts === 1 ? "it" : "them"} without ${drafts === 1 ? "its" : "their"} words, or check the words first?`}
      </p>
      <p class="small muted">
        {one
          ? "Without its words, widgets, the wall and share pages show the recording, the name and the rating, with no quote and no captions. You can show the words once they are checked."
          : `${checkFirstNote(total - drafts)} The ${drafts === 1 ? "recording stays" : "recordings stay"} selected, waiting for a check.`}
      </p>
      {act.message && (
        <p class="field-error" role="alert">
          {act.message}
        </p>
      )}
      <div class="row dialog-actions">
        <Button
          variant="primary"
          busy={act.running === "hide"}
          busyLabel="Publishing…"
          disabled={act.busy}
          onClick={() => void act.run("hide")}
        >
          {one ? `Publish the ${what} without its words` : "Publish without their words"}
        </Button>
        <Button
          autoFocus
          busy={act.running === "check"}
          busyLabel="Publishing the others…"
          disabled={act.busy}
          onClick={() => void act.run("check")}
        >
          Check the words first
        </Button>
        <Button variant="ghost" disabled={act.busy} onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
