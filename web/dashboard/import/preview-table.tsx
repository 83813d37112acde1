/**
 * The preview: every review as it will be sent, one row per CSV row, with problem cells highlighted and the
 * problems written out. Rows with problems are not sent. Long files show the first 200 rows of the chosen view.
 */
import { useState } from "preact/hooks";
import { fieldLabel, type FieldKey, type Mapping } from "./headers";
import type { CheckedRow } from "./rows";
import { t } from "../i18n";

/** Props of `PreviewTable`. */
export interface PreviewTableProps {
  rows: CheckedRow[];
  mapping: Mapping;
}

const SHOWN = 200;

/** The table with a switch between all rows and rows with problems. */
export function PreviewTable({ rows, mapping }: PreviewTableProps) {
  const [onlyProblems, setOnlyProblems] = useState(false);
  const columns = mapping
    .map((field, i) => ({ field, i }))
    .filter((c): c is { field: FieldKey; i: number } => c.field !== null);
  const withProblems = rows.filter((r) => r.problems.length > 0);
  const view = (onlyProblems ? withProblems : rows).slice(0, SHOWN);
  return (
    <div>
      <label class="check">
        <input type="checkbox" checked={onlyProblems} onChange={(e) => setOnlyProblems(e.currentTarget.checked)} />
        <span>{t("import.preview-table.only_problems", { count: withProblems.length })}</span>
      </label>
      <div class="table-wrap import-preview">
        <table>
          <caption class="sr-only">{t("import.preview-table.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("import.preview-table.row")}</th>
              {columns.map((c) => (
                <th scope="col" key={c.i}>
                  {fieldLabel(c.field)}
                </th>
              ))}
              <th scope="col">{t("import.preview-table.problems")}</th>
            </tr>
          </thead>
          <tbody>
            {view.map((row) => {
              const bad = new Set(row.problems.map((p) => p.field));
              return (
                <tr key={row.number} class={row.problems.length ? "row-problem" : undefined} data-row={row.number}>
                  <th scope="row">{row.number}</th>
                  {columns.map((c) => (
                    <td
                      key={c.i}
                      class={bad.has(c.field) ? "cell-problem" : undefined}
                      aria-invalid={bad.has(c.field) || undefined}
                    >
                      <span class="cell-text">{row.cells[c.i] ?? ""}</span>
                    </td>
                  ))}
                  <td class="small">
                    {row.problems.length === 0 ? (
                      <span class="muted">{t("import.preview-table.ready")}</span>
                    ) : (
                      <ul class="problem-list">
                        {row.problems.map((p, k) => (
                          <li key={k}>
                            {p.field ? (
                              <strong>{t("import.preview-table.field", { field: fieldLabel(p.field) })}</strong>
                            ) : null}
                            {p.message}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {(onlyProblems ? withProblems : rows).length > SHOWN && (
        <p class="muted small">{t("import.preview-table.first_rows", { count: SHOWN })}</p>
      )}
    </div>
  );
}
