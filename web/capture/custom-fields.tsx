/**
 * The link's own questions ("Which service did you use?"): short text, a choice (radio buttons) or yes/no, each
 * labelled, marked required or optional, with its problem tied to it for screen readers.
 */
import { TextField } from "./text-field";
import type { CustomFieldView, CustomValue } from "./types";
import { t } from "./i18n";

/** The id of a question's control on the page (for focusing it and for its error). */
export const customFieldId = (id: string) => `cf-${id}`;

/** One choice or yes/no question as radio buttons. */
function Choices({
  field,
  options,
  value,
  onChange,
  error,
}: {
  field: CustomFieldView;
  options: { label: string; value: CustomValue }[];
  value: CustomValue | undefined;
  onChange(v: CustomValue): void;
  error?: string;
}) {
  const id = customFieldId(field.id);
  return (
    <fieldset class="field" id={id} tabIndex={-1} aria-describedby={error ? `${id}-error` : undefined}>
      <legend class="label">
        {field.label}
        {field.required ? (
          <span class="req"> {t("common.required")}</span>
        ) : (
          <span class="opt"> {t("common.optional")}</span>
        )}
      </legend>
      <div class={field.type === "yes_no" ? "pill-row" : "choice-list"}>
        {options.map((o) => (
          <label key={String(o.value)} class={field.type === "yes_no" ? "pill" : "choice"}>
            <input
              type="radio"
              name={id}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              aria-invalid={error ? true : undefined}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} class="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The questions of the link's own, in its order. */
export function CustomFields({
  fields,
  values,
  onChange,
  errors,
  maxChars,
}: {
  fields: CustomFieldView[];
  values: Record<string, CustomValue>;
  onChange(id: string, v: CustomValue): void;
  errors: Record<string, string>;
  maxChars: number;
}) {
  return (
    <>
      {fields.map((f) => {
        const id = customFieldId(f.id);
        if (f.type === "short_text")
          return (
            <TextField
              key={f.id}
              id={id}
              label={f.label}
              value={typeof values[f.id] === "string" ? (values[f.id] as string) : ""}
              onInput={(v) => onChange(f.id, v)}
              required={f.required}
              maxLength={maxChars}
              error={errors[id]}
            />
          );
        const options =
          f.type === "yes_no"
            ? [
                { label: t("common.yes"), value: true },
                { label: t("common.no"), value: false },
              ]
            : (f.options ?? []).map((o) => ({ label: o, value: o }));
        return (
          <Choices
            key={f.id}
            field={f}
            options={options}
            value={values[f.id]}
            onChange={(v) => onChange(f.id, v)}
            error={errors[id]}
          />
        );
      })}
    </>
  );
}
