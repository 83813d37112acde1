/**
 * A modal dialog on the browser's own `<dialog>`: it traps focus, Escape closes it, the page behind is inert, and
 * focus goes back to where it was when the dialog closes. `ConfirmDialog` asks before a destructive action.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useId, useRef } from "preact/hooks";
import { Button } from "../../shared/ui/button";
import { useAction } from "../use-action";
import { t } from "../i18n";

/** Props of `Dialog`. */
export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ComponentChildren;
}

/** Opens as soon as it is rendered; unmount it to close it (or let Escape call `onClose`). */
export function Dialog({ title, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      // The opener may be gone (a deleted row); then focus falls back to the page title.
      if (opener && opener.isConnected) opener.focus();
      else document.getElementById("page-title")?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      class="inbox-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}

/** Props of `ConfirmDialog`. */
export interface ConfirmDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  busyLabel: string;
  /** A rejection is shown in the dialog, which stays open. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** "Are you sure?" for a destructive action on many things; Cancel has the focus first. */
export function ConfirmDialog({ title, body, confirmLabel, busyLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const confirm = useAction(
    async () => {
      await onConfirm();
      onClose();
    },
    { leaves: true },
  );
  return (
    <Dialog title={title} onClose={onClose}>
      <p>{body}</p>
      {confirm.message && (
        <p class="field-error" role="alert">
          {confirm.message}
        </p>
      )}
      <div class="row dialog-actions">
        <Button variant="danger" busy={confirm.busy} busyLabel={busyLabel} onClick={() => void confirm.run()}>
          {confirmLabel}
        </Button>
        <Button variant="ghost" autoFocus disabled={confirm.busy} onClick={onClose}>
          {t("inbox.dialog.cancel")}
        </Button>
      </div>
    </Dialog>
  );
}
