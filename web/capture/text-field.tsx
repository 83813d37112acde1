/** A labelled text input with an optional hint and error, both tied to the input for screen readers. */
import { t } from "./i18n";

/** Props of one text field. */
export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onInput(v: string): void;
  type?: "text" | "email";
  hint?: string;
  error?: string | null;
  required?: boolean;
  autoComplete?: string;
  maxLength?: number;
}

/** One labelled input. */
export function TextField(p: TextFieldProps) {
  const described = [p.hint && `${p.id}-hint`, p.error && `${p.id}-error`].filter(Boolean).join(" ") || undefined;
  const control = {
    id: p.id,
    value: p.value,
    onInput: (e: Event) => p.onInput((e.currentTarget as HTMLInputElement).value),
    required: p.required,
    autoComplete: p.autoComplete,
    maxLength: p.maxLength ?? 120,
    "aria-describedby": described,
    "aria-invalid": p.error ? true : undefined,
  };
  return (
    <div class="field">
      <label for={p.id} class="label">
        {p.label}
        {p.required ? (
          <span class="req"> {t("common.required")}</span>
        ) : (
          <span class="opt"> {t("common.optional")}</span>
        )}
      </label>
      {p.hint && (
        <p id={`${p.id}-hint`} class="hint">
          {p.hint}
        </p>
      )}
      {p.type === "email" ? <input type="email" {...control} /> : <input type="text" {...control} />}
      {p.error && (
        <p id={`${p.id}-error`} class="field-error">
          {p.error}
        </p>
      )}
    </div>
  );
}
