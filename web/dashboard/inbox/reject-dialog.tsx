/**
 * Asks for the reason of a rejection (one testimonial or a bulk selection). The reason is kept for the team and
 * never shown to the respondent; common reasons are offered as suggestions.
 */
import { useState } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { useAction } from "../use-action";
import { Dialog } from "./dialog";

const SUGGESTIONS = [
  "Off topic",
  "Poor sound or picture",
  "Mentions a person by name",
  "Not a customer",
  "Duplicate",
  "Inappropriate language",
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
    if (!text) return reject.fail("Give a reason: it helps the team remember why.");
    void reject.run(text);
  };
  return (
    <Dialog title={`Reject ${subject}?`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Field label="Reason" hint="Kept for your team; the respondent never sees it." error={reject.message}>
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
          <Button type="submit" variant="danger" busy={reject.busy} busyLabel="Rejecting…">
            Reject
          </Button>
          <Button variant="ghost" onClick={onClose} disabled={reject.busy}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
