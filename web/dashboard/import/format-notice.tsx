/**
 * The note at the top of step 2 when the file is a known tool's export: “Looks like a Trustpilot export”, which
 * columns were matched to which fields, what was joined or left out, and the proposed source. Everything stays
 * changeable in the table below.
 */
import { Notice } from "../../shared/ui/notice";
import { formatHeadline, type RecognisedExport } from "./formats";
import { fieldLabel, type Mapping } from "./headers";

/** Props of `FormatNotice`. */
export interface FormatNoticeProps {
  recognised: RecognisedExport;
  header: string[];
  mapping: Mapping;
}

/** The recognised export, in words. */
export function FormatNotice({ recognised, header, mapping }: FormatNoticeProps) {
  const matched = mapping
    .map((field, i) => (field ? `${header[i]} → ${fieldLabel(field)}` : null))
    .filter((s): s is string => s !== null);
  return (
    <div class="import-format" data-format={recognised.format}>
      <Notice tone="success" title={formatHeadline(recognised)}>
        <p>
          Its columns are matched for you{matched.length > 0 ? `: ${matched.join(", ")}` : ""}. You can change any of
          them below.
        </p>
        <ul>
          {recognised.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
          {recognised.leftOut.map((l) => (
            <li key={l.reason}>
              Left out: {l.count} {l.reason}.
            </li>
          ))}
          <li>The source is set to “{recognised.sourceName}” on the next step.</li>
        </ul>
      </Notice>
    </div>
  );
}
