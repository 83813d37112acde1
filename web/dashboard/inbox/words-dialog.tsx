/**
 * The one question before publishing a recording whose words are a machine draft nobody has checked: publish the
 * video without its words (widgets, the wall and share pages show the recording and the name only), or check the
 * words first. Asked once for one testimonial, and once for a whole selection.
 */
import { Button } from "../../shared/ui/button";
import { useAction } from "../use-action";
import { Dialog } from "./dialog";
import { t } from "../i18n";

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
  others === 0 ? t("inbox.words-dialog.check_first_none") : t("inbox.words-dialog.check_first_others", { others });

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
      title={one ? t("inbox.words-dialog.title_one") : t("inbox.words-dialog.title_many", { drafts, total })}
      onClose={onClose}
    >
      <p class="words-question">
        {one ? t("inbox.words-dialog.question_one", { what }) : t("inbox.words-dialog.question_many", { drafts })}
      </p>
      <p class="small muted">
        {one
          ? t("inbox.words-dialog.note_one")
          : t("inbox.words-dialog.note_many", { note: checkFirstNote(total - drafts), drafts })}
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
          busyLabel={t("inbox.words-dialog.publishing")}
          disabled={act.busy}
          onClick={() => void act.run("hide")}
        >
          {one ? t("inbox.words-dialog.hide_one", { what }) : t("inbox.words-dialog.hide_many")}
        </Button>
        <Button
          autoFocus
          busy={act.running === "check"}
          busyLabel={t("inbox.words-dialog.publishing_others")}
          disabled={act.busy}
          onClick={() => void act.run("check")}
        >
          {t("inbox.words-dialog.check_first")}
        </Button>
        <Button variant="ghost" disabled={act.busy} onClick={onClose}>
          {t("inbox.words-dialog.cancel")}
        </Button>
      </div>
    </Dialog>
  );
}
