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

/** Props of `SummaryView`. */
export interface SummaryViewProps {
  summary: ImportSummary;
  /** Rows refused in the browser before sending, with their problems. */
  refusedHere: { number: number; message: string }[];
  onAgain: () => void;
}

const list = (numbers: number[]) =>
  numbers.length > 30 ? `${numbers.slice(0, 30).join(", ")} and ${numbers.length - 30} more` : numbers.join(", ");

/** The summary card. */
export function SummaryView({ summary, refusedHere, onAgain }: SummaryViewProps) {
  const refused = [...refusedHere, ...summary.refused].sort((a, b) => a.number - b.number);
  return (
    <section class="card import-step" aria-labelledby="import-done-title">
      <h2 id="import-done-title">{summary.stoppedBy ? "Import stopped" : "Import finished"}</h2>
      <dl class="import-counts">
        <div>
          <dt>Created</dt>
          <dd data-count="created">{summary.created}</dd>
        </div>
        <div>
          <dt>Duplicates skipped</dt>
          <dd data-count="duplicates">{summary.duplicates.length}</dd>
        </div>
        <div>
          <dt>Refused</dt>
          <dd data-count="refused">{refused.length}</dd>
        </div>
      </dl>
      {summary.duplicates.length > 0 && <p>Already imported, so skipped: rows {list(summary.duplicates)}.</p>}
      {refused.length > 0 && (
        <details open={refused.length <= 10}>
          <summary>Refused rows</summary>
          <ul class="problem-list">
            {refused.map((r) => (
              <li key={r.number}>
                Row {r.number}: {r.message}
              </li>
            ))}
          </ul>
        </details>
      )}
      {summary.stoppedBy ? (
        <>
          <ErrorNotice error={summary.stoppedBy} title="The import stopped before the end" />
          <Notice tone="info">
            Rows not sent: {list(summary.notSent)}. Importing the same file again later creates only what is missing.
          </Notice>
        </>
      ) : null}
      {summary.created > 0 && (
        <Notice tone="info" title="Next: publish them">
          <p>
            Imported reviews wait for a decision and stay private until you publish them. In the inbox, select them all
            and choose “Approve &amp; publish”: one step puts them in your widgets and on your wall.
          </p>
        </Notice>
      )}
      <div class="row">
        {summary.created > 0 && (
          <Link to={inboxPath(null, { origin: "imported", is_approved: "false" })} class="btn btn-primary">
            Review and publish the imported reviews
          </Link>
        )}
        <Button onClick={onAgain}>Import another file</Button>
      </div>
    </section>
  );
}
