/**
 * The end of a CSV import: how many reviews were created, which rows were skipped as duplicates, which were
 * refused (here or by the server) and, if the import stopped, which rows were not sent and why; then the way to
 * publish them: the inbox, filtered to imported reviews waiting for a decision, where "Approve & publish" works on
 * a whole selection in one step.
 */
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { Button } from "../../shared/ui/button";
import { inboxPath } from "../inbox/filters";
import { Link } from "../router";
import type { ImportSummary } from "./batches";
import { t } from "../i18n";

/** Props of `SummaryView`. */
export interface SummaryViewProps {
  summary: ImportSummary;
  /** Rows refused in the browser before sending, with their problems. */
  refusedHere: { number: number; message: string }[];
  onAgain: () => void;
}

const list = (numbers: number[]) =>
  numbers.length > 30
    ? t("import.summary.list_more", { list: numbers.slice(0, 30).join(", "), more: numbers.length - 30 })
    : numbers.join(", ");

/** The summary card. */
export function SummaryView({ summary, refusedHere, onAgain }: SummaryViewProps) {
  const refused = [...refusedHere, ...summary.refused].sort((a, b) => a.number - b.number);
  return (
    <section class="card import-step" aria-labelledby="import-done-title">
      <h2 id="import-done-title">{summary.stoppedBy ? t("import.summary.stopped") : t("import.summary.finished")}</h2>
      <dl class="import-counts">
        <div>
          <dt>{t("import.summary.created")}</dt>
          <dd data-count="created">{summary.created}</dd>
        </div>
        <div>
          <dt>{t("import.summary.duplicates")}</dt>
          <dd data-count="duplicates">{summary.duplicates.length}</dd>
        </div>
        <div>
          <dt>{t("import.summary.refused")}</dt>
          <dd data-count="refused">{refused.length}</dd>
        </div>
      </dl>
      {summary.duplicates.length > 0 && <p>{t("import.summary.skipped", { rows: list(summary.duplicates) })}</p>}
      {refused.length > 0 && (
        <details open={refused.length <= 10}>
          <summary>{t("import.summary.refused_rows")}</summary>
          <ul class="problem-list">
            {refused.map((r) => (
              <li key={r.number}>{t("import.summary.row", { number: r.number, message: r.message })}</li>
            ))}
          </ul>
        </details>
      )}
      {summary.stoppedBy ? (
        <>
          <ErrorNotice error={summary.stoppedBy} title={t("import.summary.stopped_title")} />
          <Notice tone="info">{t("import.summary.not_sent", { rows: list(summary.notSent) })}</Notice>
        </>
      ) : null}
      {summary.created > 0 && (
        <Notice tone="info" title={t("import.summary.next_title")}>
          <p>{t("import.summary.next_text")}</p>
        </Notice>
      )}
      <div class="row">
        {summary.created > 0 && (
          <Link to={inboxPath(null, { origin: "imported", is_approved: "false" })} class="btn btn-primary">
            {t("import.summary.review")}
          </Link>
        )}
        <Button onClick={onAgain}>{t("import.summary.again")}</Button>
      </div>
    </section>
  );
}
