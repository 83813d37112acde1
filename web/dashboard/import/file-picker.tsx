/**
 * Step 1 of the import: choose a file. It is read here in the browser and never uploaded: a CSV (any spreadsheet,
 * or the export of Senja, Testimonial.to or Trustpilot, recognised by its columns) or Google Business Profile
 * reviews from Google Takeout (reviews.json; several at once, one per location). A file that is not UTF-8, is empty,
 * has a broken quote or is JSON of another kind is refused with a sentence saying what to do.
 */
import { useState } from "preact/hooks";
import { Field } from "../../shared/ui/field";
import { Notice } from "../../shared/ui/notice";
import { readExportFiles, type LoadedFile } from "./read-export";
import { t } from "../i18n";

export type { LoadedFile } from "./read-export";

/** Props of `FilePicker`. */
export interface FilePickerProps {
  onLoaded: (file: LoadedFile) => void;
}

/** The file input with its explanation and any refusal. */
export function FilePicker({ onLoaded }: FilePickerProps) {
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const choose = async (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    if (files.length === 0) return;
    setError(null);
    setReading(true);
    const result = await readExportFiles(files);
    setReading(false);
    input.value = "";
    if (!result.ok) setError(result.message);
    else onLoaded(result.file);
  };
  return (
    <section class="card import-step" aria-labelledby="import-file-title">
      <h2 id="import-file-title">{t("import.file-picker.title")}</h2>
      <p class="muted">{t("import.file-picker.intro")}</p>
      {error && (
        <Notice tone="error" title={t("import.file-picker.error_title")}>
          {error}
        </Notice>
      )}
      <Field
        label={t("import.file-picker.label")}
        hint={reading ? t("import.file-picker.reading") : t("import.file-picker.hint")}
      >
        {(p) => (
          <input
            {...p}
            type="file"
            name="file"
            multiple
            accept=".csv,.tsv,.txt,.json,text/csv,text/tab-separated-values,application/json"
            onChange={(e) => choose(e.currentTarget)}
          />
        )}
      </Field>
    </section>
  );
}
