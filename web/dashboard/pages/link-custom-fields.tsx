/**
 * The link editor's list of the link's own questions ("Which service did you use?"): each with its wording, its
 * type (short answer, choice, yes/no), the choices of a choice question (one per line), whether it must be answered
 * and whether its answer may be shown with the testimonial in widgets and on walls. Up to ten.
 */
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { newKey, type DraftErrors, type DraftField } from "./link-draft";

/** Most questions of a link's own (the API's limit). */
const MAX_FIELDS = 10;

const TYPES: { id: DraftField["type"]; label: string }[] = [
  { id: "short_text", label: "Short answer" },
  { id: "choice", label: "Choice" },
  { id: "yes_no", label: "Yes or no" },
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
      <legend>Your own questions</legend>
      <p class="hint">
        Ask for details beside the testimonial, e.g. “Which service did you use?”. Answers appear in the inbox, exports
        and the API.
      </p>
      {fields.map((f, i) => (
        <div class="custom-field-row" key={f.key}>
          <Field label={`Your question ${i + 1}`} error={errors[`custom_fields[${i}].label`]}>
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
          <Field label="Answered as">
            {(c) => (
              <select
                {...c}
                name={`custom-${i + 1}-type`}
                value={f.type}
                onChange={(e) => edit(f.key, { type: e.currentTarget.value as DraftField["type"] })}
              >
                {TYPES.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {f.type === "choice" && (
            <Field label="Choices, one per line" hint="2 to 20 choices." error={errors[`custom_fields[${i}].options`]}>
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
              Must be answered
            </label>
            <label class="check">
              <input
                type="checkbox"
                checked={f.showPublicly}
                onChange={(e) => edit(f.key, { showPublicly: e.currentTarget.checked })}
              />
              May be shown with the testimonial
            </label>
            <Button
              small
              variant="ghost"
              onClick={() => onChange(fields.filter((x) => x.key !== f.key))}
              aria-label={`Remove your question ${i + 1}`}
            >
              Remove
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
          Add a question of your own
        </Button>
      )}
    </fieldset>
  );
}
