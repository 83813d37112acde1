/**
 * Asks for the reason of a rejection (one testimonial or a bulk selection). The reason is kept for the team and
 * never shown to the respondent; common reasons are offered as suggestions.
 */
import { useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { useAction } from "../use-action";
import { Dialog } from "./dialog";
import { t } from "../i18n";

const SUGGESTIONS = [
  t("inbox.reject-dialog.off_topic"),
  t("inbox.reject-dialog.poor_quality"),
  t("inbox.reject-dialog.names_person"),
  t("inbox.reject-dialog.not_customer"),
  t("inbox.reject-dialog.duplicate"),
  t("inbox.reject-dialog.language"),
];

/** Props of `RejectDialog`. */
export interface RejectDialogProps {
  /** Whose testimonial, or "3 testimonials". */
  subject: string;
  /** Resolves true when done; false or a rejection keeps the dialog open (the error is shown by the caller or here). */
  onReject: (reason: string) => Promise<boolean>;
  onClose: () => void;
}

/** "Reject … ?" with a required reason of up to 500 characters. */
export function RejectDialog({ subject, onReject, onClose }: RejectDialogProps) {
  const [reason, setReason] = useState("");
  const reject = useAction(async (text: string) => {
    if (await onReject(text)) onClose();
  });
  const submit = (e: Event) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text) return reject.fail(t("inbox.reject-dialog.no_reason"));
    void reject.run(text);
  };
  return (
    <Dialog title={t("inbox.reject-dialog.title", { subject })} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Field
          label={t("inbox.reject-dialog.reason")}
          hint={t("inbox.reject-dialog.reason_hint")}
          error={reject.message}
        >
          {(p) => (
            <input
              {...p}
              type="text"
              list="reject-reasons"
              maxLength={500}
              autoFocus
              autoComplete="off"
              value={reason}
              onInput={(e) => setReason(e.currentTarget.value)}
            />
          )}
        </Field>
        <datalist id="reject-reasons">
          {SUGGESTIONS.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <div class="row dialog-actions">
          <Button type="submit" variant="danger" busy={reject.busy} busyLabel={t("inbox.reject-dialog.rejecting")}>
            {t("inbox.reject-dialog.reject")}
          </Button>
          <Button variant="ghost" onClick={onClose} disabled={reject.busy}>
            {t("inbox.reject-dialog.cancel")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
