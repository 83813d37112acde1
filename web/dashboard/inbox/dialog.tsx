/**
 * A modal dialog on the browser's own `<dialog>`: it traps focus, Escape closes it, the page behind is inert, and
 * focus goes back to where it was when the dialog closes. `ConfirmDialog` asks before a destructive action.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useId, useRef, useState } from "preact/hooks";
import { errorMessage } from "../../shared/api";
import { Button } from "../../shared/ui/button";

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <p>{body}</p>
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
      <div class="row dialog-actions">
        <Button variant="danger" busy={busy} busyLabel={busyLabel} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
        <Button variant="ghost" autoFocus disabled={busy} onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
