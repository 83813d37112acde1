/**
 * Step 1 of the CSV import: choose a file. It is read and parsed here in the browser and never uploaded; a file
 * that is not UTF-8, is empty or has a broken quote is refused with a sentence saying what to do.
 */
import { useState } from "preact/hooks";
import { Field } from "../../shared/ui/field";
import { Notice } from "../../shared/ui/notice";
import { readCsvFile, type ParsedCsv } from "./csv";

/** A parsed file and its name. */
export interface LoadedFile extends ParsedCsv {
  fileName: string;
}

/** Props of `FilePicker`. */
export interface FilePickerProps {
  onLoaded: (file: LoadedFile) => void;
}

/** The file input with its explanation and any refusal. */
export function FilePicker({ onLoaded }: FilePickerProps) {
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    setReading(true);
    const parsed = await readCsvFile(file);
    setReading(false);
    input.value = "";
    if (!parsed.ok) setError(`${file.name}: ${parsed.message}`);
    else onLoaded({ fileName: file.name, delimiter: parsed.delimiter, header: parsed.header, records: parsed.records });
  };
  return (
    <section class="card import-step" aria-labelledby="import-file-title">
      <h2 id="import-file-title">1. Choose a CSV file</h2>
      <p class="muted">
        One review per row under a header row; comma, semicolon or tab delimited; saved as UTF-8. The file stays on this
        computer: only the rows you confirm are sent.
      </p>
      {error && (
        <Notice tone="error" title="This file cannot be imported">
          {error}
        </Notice>
      )}
      <Field
        label="CSV file"
        hint={reading ? "Reading…" : "Columns such as Review, Name, Rating and Date are recognised automatically."}
      >
        {(p) => (
          <input
            {...p}
            type="file"
            name="csv"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
            onChange={(e) => choose(e.currentTarget)}
          />
        )}
      </Field>
    </section>
  );
}
