/**
 * Who sent a testimonial and what they agreed to: contact details, rating, language, sentiment, where it came
 * from, and the consent record word for word with its version and time.
 */
import { formatDate, formatDateTime } from "../../shared/format";
import { Button } from "../../shared/ui/button";
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

/** What the respondent first sent, in words: "name “Jhon”, title “CEO”…" for the fields the team corrected. */
export function originalWords(o: NonNullable<SubmissionDetail["original"]>): string {
  const parts: string[] = [];
  const quoted = (v: string | null | undefined) => (v ? `“${v}”` : "none");
  if (o.respondent_name !== undefined) parts.push(`name ${quoted(o.respondent_name)}`);
  if (o.respondent_title !== undefined) parts.push(`title ${quoted(o.respondent_title)}`);
  if (o.respondent_company !== undefined) parts.push(`company ${quoted(o.respondent_company)}`);
  for (const a of o.custom_fields ?? [])
    parts.push(`${a.label} ${typeof a.value === "boolean" ? (a.value ? "yes" : "no") : quoted(a.value)}`);
  if (o.photo_replaced) parts.push("another photo");
  return parts.join(", ");
}

/** The respondent and the testimonial's facts as a description list; `onEdit` opens "Edit details". */
export function RespondentDetails({ d, onEdit }: { d: SubmissionDetail; onEdit?: () => void }) {
  return (
    <section aria-labelledby="respondent-title">
      <h3 id="respondent-title">Respondent</h3>
      {onEdit && (
        <Button small variant="ghost" onClick={onEdit}>
          Edit details
        </Button>
      )}
      {d.original && d.corrected_at && (
        <p class="small muted corrected-note">
          Corrected {formatDateTime(d.corrected_at)} — original: {originalWords(d.original)}
        </p>
      )}
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
          {d.origin === "manual" && d.kind === "text"
            ? " (entered by the team)"
            : d.text_source === "typed"
              ? " (typed by the respondent)"
              : d.text_source === "spoken"
                ? " (words from the recording)"
                : ""}
        </dd>
        <dt>Received</dt>
        <dd>{formatDateTime(d.created_at)}</dd>
        {d.origin === "manual" && (
          <>
            <dt>Added</dt>
            <dd>By hand, by the team</dd>
          </>
        )}
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
      ) : d.attestation ? (
        <>
          <p class="small muted">Added by hand; the team attested {formatDateTime(d.attestation.agreed_at)}:</p>
          <blockquote class="consent-text">{d.attestation.text}</blockquote>
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
