/**
 * The column mapping: each column of the file with its header, an example value and the field it fills. The guess
 * comes from the header names (headers.ts); the person can change any of them.
 */
import { FIELDS, setColumn, type FieldKey, type Mapping } from "./headers";
import { t } from "../i18n";

/** Props of `MappingTable`. */
export interface MappingTableProps {
  header: string[];
  example: string[];
  mapping: Mapping;
  onChange: (mapping: Mapping) => void;
}

const shorten = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}…` : s);

/** One row per column with a menu of fields. */
export function MappingTable({ header, example, mapping, onChange }: MappingTableProps) {
  return (
    <div class="table-wrap">
      <table class="import-mapping">
        <caption class="sr-only">{t("import.mapping-table.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("import.mapping-table.column")}</th>
            <th scope="col">{t("import.mapping-table.first_value")}</th>
            <th scope="col">{t("import.mapping-table.imported_as")}</th>
          </tr>
        </thead>
        <tbody>
          {header.map((name, i) => (
            <tr key={i}>
              <th scope="row">{name || <span class="muted">{t("import.mapping-table.no_name")}</span>}</th>
              <td class="small">{shorten(example[i] ?? "")}</td>
              <td>
                <select
                  aria-label={t("import.mapping-table.field_for", { column: name || i + 1 })}
                  value={mapping[i] ?? ""}
                  onChange={(e) => onChange(setColumn(mapping, i, (e.currentTarget.value || null) as FieldKey | null))}
                >
                  <option value="">{t("import.mapping-table.ignore")}</option>
                  {FIELDS.map((f) => (
                    <option key={f.key} value={f.key}>
                      {f.label}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
