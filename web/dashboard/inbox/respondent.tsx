/**
 * Who sent a testimonial and what they agreed to: contact details, rating, language, sentiment, where it came
 * from, and the consent record word for word with its version and time.
 */
import { formatDate, formatDateTime } from "../../shared/format";
import { stars } from "./preview";
import { kindLabel } from "./status";
import type { SubmissionDetail } from "./types";
import { formatDuration } from "./words";

const dash = (v: string | null | undefined) => (v && v.trim() ? v : "—");

function sentimentText(s: SubmissionDetail["sentiment"]): string {
  if (!s) return "—";
  const label = s.label.charAt(0).toUpperCase() + s.label.slice(1);
  return s.score === null ? label : `${label} (score ${Math.round(s.score * 100) / 100})`;
}

/** The respondent and the testimonial's facts as a description list. */
export function RespondentDetails({ d }: { d: SubmissionDetail }) {
  return (
    <section aria-labelledby="respondent-title">
      <h3 id="respondent-title">Respondent</h3>
      <dl class="facts">
        <dt>Name</dt>
        <dd>{dash(d.respondent_name)}</dd>
        <dt>Email</dt>
        <dd>{d.respondent_email ? <a href={`mailto:${d.respondent_email}`}>{d.respondent_email}</a> : "—"}</dd>
        <dt>Title</dt>
        <dd>{dash(d.respondent_title)}</dd>
        <dt>Company</dt>
        <dd>{dash(d.respondent_company)}</dd>
        <dt>Rating</dt>
        <dd>
          {d.rating ? (
            <span role="img" aria-label={`${d.rating} out of 5`}>
              {stars(d.rating)}
            </span>
          ) : (
            "—"
          )}
        </dd>
        <dt>Sentiment</dt>
        <dd>{sentimentText(d.sentiment)}</dd>
        <dt>Language</dt>
        <dd>{dash(d.language)}</dd>
        <dt>Kind</dt>
        <dd>
          {kindLabel(d)}
          {d.kind !== "text" && d.duration_ms ? `, ${formatDuration(d.duration_ms)}` : ""}
          {d.text_source === "typed"
            ? " (typed by the respondent)"
            : d.text_source === "spoken"
              ? " (words from the recording)"
              : ""}
        </dd>
        <dt>Received</dt>
        <dd>{formatDateTime(d.created_at)}</dd>
        {d.origin === "imported" && (
          <>
            <dt>Imported from</dt>
            <dd>
              {d.source?.url ? (
                <a href={d.source.url} target="_blank" rel="noopener noreferrer">
                  {dash(d.source.name)}
                </a>
              ) : (
                dash(d.source?.name)
              )}
              {d.reviewed_at && `, written ${formatDate(d.reviewed_at)}`}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** The consent record, exactly as the respondent saw it. */
export function ConsentRecord({ d }: { d: SubmissionDetail }) {
  return (
    <section aria-labelledby="consent-title">
      <h3 id="consent-title">Consent</h3>
      {d.consent ? (
        <>
          <p class="small muted">
            Agreed {formatDateTime(d.consent.agreed_at)} · version <span class="mono">{d.consent.version}</span>
          </p>
          <blockquote class="consent-text">{d.consent.text}</blockquote>
        </>
      ) : (
        <p class="muted">
          {d.origin === "imported"
            ? "Imported reviews carry no consent record: the customer wrote them elsewhere."
            : "No consent record was stored."}
        </p>
      )}
    </section>
  );
}
