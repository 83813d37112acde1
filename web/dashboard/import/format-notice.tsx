/**
 * The note at the top of step 2 when the file is a known tool's export: “Looks like a Trustpilot export”, which
 * columns were matched to which fields, what was joined or left out, and the proposed source. Everything stays
 * changeable in the table below.
 */
import { Notice } from "../../shared/ui/notice";
import { formatHeadline, type RecognisedExport } from "./formats";
import { fieldLabel, type Mapping } from "./headers";
import { t } from "../i18n";

/** Props of `FormatNotice`. */
export interface FormatNoticeProps {
  recognised: RecognisedExport;
  header: string[];
  mapping: Mapping;
}

/** The recognised export, in words. */
export function FormatNotice({ recognised, header, mapping }: FormatNoticeProps) {
  const matched = mapping
    .map((field, i) =>
      field ? t("import.format-notice.match", { column: header[i] ?? "", field: fieldLabel(field) }) : null,
    )
    .filter((s): s is string => s !== null);
  return (
    <div class="import-format" data-format={recognised.format}>
      <Notice tone="success" title={formatHeadline(recognised)}>
        <p>
          {matched.length > 0
            ? t("import.format-notice.matched_list", { matched: matched.join(", ") })
            : t("import.format-notice.matched")}
        </p>
        <ul>
          {recognised.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
          {recognised.leftOut.map((l) => (
            <li key={l.reason}>{t("import.format-notice.left_out", { count: l.count, reason: l.reason })}</li>
          ))}
          <li>{t("import.format-notice.source", { source: recognised.sourceName })}</li>
        </ul>
      </Notice>
    </div>
  );
}
