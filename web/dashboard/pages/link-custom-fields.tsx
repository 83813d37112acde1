/**
 * The link editor's list of the link's own questions ("Which service did you use?"): each with its wording, its
 * type (short answer, choice, yes/no), the choices of a choice question (one per line), whether it must be answered
 * and whether its answer may be shown with the testimonial in widgets and on walls. Up to ten.
 */
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { t } from "../i18n";
import { newKey, type DraftErrors, type DraftField } from "./link-draft";

/** Most questions of a link's own (the API's limit). */
const MAX_FIELDS = 10;

const TYPES: { id: DraftField["type"]; label: string }[] = [
  { id: "short_text", label: t("link-custom-fields.type_short_text") },
  { id: "choice", label: t("link-custom-fields.type_choice") },
  { id: "yes_no", label: t("link-custom-fields.type_yes_no") },
];

/** The editor of `fields`; `onChange` gets the whole new list. */
export function CustomFieldsEditor({
  fields,
  onChange,
  errors,
}: {
  fields: DraftField[];
  onChange(fields: DraftField[]): void;
  errors: DraftErrors;
}) {
  const edit = (key: number, change: Partial<DraftField>) =>
    onChange(fields.map((f) => (f.key === key ? { ...f, ...change } : f)));
  return (
    <fieldset class="link-section">
      <legend>{t("link-custom-fields.legend")}</legend>
      <p class="hint">{t("link-custom-fields.hint")}</p>
      {fields.map((f, i) => (
        <div class="custom-field-row" key={f.key}>
          <Field
            label={t("link-custom-fields.question", { number: i + 1 })}
            error={errors[`custom_fields[${i}].label`]}
          >
            {(c) => (
              <input
                {...c}
                name={`custom-${i + 1}-label`}
                maxLength={200}
                value={f.label}
                onInput={(e) => edit(f.key, { label: e.currentTarget.value })}
              />
            )}
          </Field>
          <Field label={t("link-custom-fields.answered_as")}>
            {(c) => (
              <select
                {...c}
                name={`custom-${i + 1}-type`}
                value={f.type}
                onChange={(e) => edit(f.key, { type: e.currentTarget.value as DraftField["type"] })}
              >
                {TYPES.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {f.type === "choice" && (
            <Field
              label={t("link-custom-fields.choices")}
              hint={t("link-custom-fields.choices_hint")}
              error={errors[`custom_fields[${i}].options`]}
            >
              {(c) => (
                <textarea
                  {...c}
                  name={`custom-${i + 1}-options`}
                  rows={3}
                  value={f.options}
                  onInput={(e) => edit(f.key, { options: e.currentTarget.value })}
                />
              )}
            </Field>
          )}
          <div class="row custom-field-flags">
            <label class="check">
              <input
                type="checkbox"
                checked={f.required}
                onChange={(e) => edit(f.key, { required: e.currentTarget.checked })}
              />
              {t("link-custom-fields.required")}
            </label>
            <label class="check">
              <input
                type="checkbox"
                checked={f.showPublicly}
                onChange={(e) => edit(f.key, { showPublicly: e.currentTarget.checked })}
              />
              {t("link-custom-fields.show_publicly")}
            </label>
            <Button
              small
              variant="ghost"
              onClick={() => onChange(fields.filter((x) => x.key !== f.key))}
              aria-label={t("link-custom-fields.remove_aria", { number: i + 1 })}
            >
              {t("link-custom-fields.remove")}
            </Button>
          </div>
        </div>
      ))}
      {errors.custom_fields && <p class="field-error">{errors.custom_fields}</p>}
      {fields.length < MAX_FIELDS && (
        <Button
          small
          onClick={() =>
            onChange([
              ...fields,
              { key: newKey(), label: "", type: "short_text", required: false, options: "", showPublicly: false },
            ])
          }
        >
          {t("link-custom-fields.add")}
        </Button>
      )}
    </fieldset>
  );
}
