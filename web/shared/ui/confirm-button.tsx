/**
 * A destructive action that asks first: the button opens an inline question with "Yes" and "Cancel", focus
 * moves to the question's confirm button, and Escape cancels.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { errorMessage } from "../api";
import { Button } from "./button";

/** Props of `ConfirmButton`. */
export interface ConfirmButtonProps {
  label: string;
  question: string;
  confirmLabel: string;
  busyLabel?: string;
  /** Resolves when done; a rejection is shown under the question. */
  onConfirm: () => Promise<unknown>;
  small?: boolean;
  variant?: "danger" | "primary";
}

/** Button → "Are you sure?" → action. */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  busyLabel,
  onConfirm,
  small = true,
  variant = "danger",
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (open) confirmRef.current?.querySelector<HTMLButtonElement>("button")?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setError(null);
    setTimeout(() => openerRef.current?.querySelector<HTMLButtonElement>("button")?.focus(), 0);
  };

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      setOpen(false);
    } catch (e) {
      setBusy(false);
      setError(errorMessage(e));
    }
  };

  if (!open) {
    return (
      <span ref={openerRef}>
        <Button variant={variant === "danger" ? "secondary" : "primary"} small={small} onClick={() => setOpen(true)}>
          {label}
        </Button>
      </span>
    );
  }
  return (
    <div
      class="confirm"
      role="group"
      aria-label={question}
      ref={confirmRef}
      onKeyDown={(e) => e.key === "Escape" && !busy && close()}
    >
      <p class="confirm-question">{question}</p>
      <div class="row">
        <Button variant={variant} small={small} busy={busy} busyLabel={busyLabel} onClick={run}>
          {confirmLabel}
        </Button>
        <Button variant="ghost" small={small} disabled={busy} onClick={close}>
          Cancel
        </Button>
      </div>
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
