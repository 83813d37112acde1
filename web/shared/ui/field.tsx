/**
 * A labelled form field: the label, the control, a hint and an error, wired together with ids so screen
 * readers read the hint and the error with the control.
 */
import type { ComponentChildren } from "preact";
import { useId } from "preact/hooks";

/** What `Field` passes to its control. */
export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}

/** Props of `Field`. */
export interface FieldProps {
  label: ComponentChildren;
  hint?: ComponentChildren;
  error?: string | null;
  optional?: boolean;
  children: (control: FieldControlProps) => ComponentChildren;
}

/** Renders `<label>`, the control from `children(props)`, the hint and the error. */
export function Field({ label, hint, error, optional, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div class={`field${error ? " field-invalid" : ""}`}>
      <label for={id}>
        {label}
        {optional && <span class="muted"> (optional)</span>}
      </label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {hint && (
        <p class="hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p class="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
