/**
 * Who sent a testimonial and what they agreed to: contact details, rating, language, sentiment, where it came
 * from, and the consent record word for word with its version and time.
 */
import type { ComponentChildren } from "preact";
import { formatDate, formatDateTime } from "../../shared/format";
import { Button } from "../../shared/ui/button";
import { stars } from "./preview";
import { kindLabel } from "./status";
import type { SubmissionDetail } from "./types";
import { formatDuration } from "./words";
import { t, rich } from "../i18n";

const dash = (v: string | null | undefined) => (v && v.trim() ? v : "—");

function sentimentText(s: SubmissionDetail["sentiment"]): string {
  if (!s) return "—";
  const label = s.label.charAt(0).toUpperCase() + s.label.slice(1);
  return s.score === null ? label : t("inbox.respondent.sentiment", { label, score: Math.round(s.score * 100) / 100 });
}

/** What the respondent first sent, in words: "name “Jhon”, title “CEO”…" for the fields the team corrected. */
export function originalWords(o: NonNullable<SubmissionDetail["original"]>): string {
  const parts: string[] = [];
  const quoted = (v: string | null | undefined) =>
    v ? t("inbox.respondent.quoted", { value: v }) : t("inbox.respondent.none");
  if (o.respondent_name !== undefined) parts.push(t("inbox.respondent.was_name", { value: quoted(o.respondent_name) }));
  if (o.respondent_title !== undefined)
    parts.push(t("inbox.respondent.was_title", { value: quoted(o.respondent_title) }));
  if (o.respondent_company !== undefined)
    parts.push(t("inbox.respondent.was_company", { value: quoted(o.respondent_company) }));
  for (const a of o.custom_fields ?? [])
    parts.push(
      t("inbox.respondent.was_answer", {
        label: a.label,
        value:
          typeof a.value === "boolean"
            ? a.value
              ? t("inbox.respondent.yes")
              : t("inbox.respondent.no")
            : quoted(a.value),
      }),
    );
  if (o.photo_replaced) parts.push(t("inbox.respondent.another_photo"));
  return parts.join(t("inbox.respondent.separator"));
}

/** The respondent and the testimonial's facts as a description list; `onEdit` opens "Edit details". */
export function RespondentDetails({ d, onEdit }: { d: SubmissionDetail; onEdit?: () => void }) {
  return (
    <section aria-labelledby="respondent-title">
      <h3 id="respondent-title">{t("inbox.respondent.title")}</h3>
      {onEdit && (
        <Button small variant="ghost" onClick={onEdit}>
          {t("inbox.respondent.edit")}
        </Button>
      )}
      {d.original && d.corrected_at && (
        <p class="small muted corrected-note">
          {t("inbox.respondent.corrected", {
            when: formatDateTime(d.corrected_at),
            original: originalWords(d.original),
          })}
        </p>
      )}
      <dl class="facts">
        <dt>{t("inbox.respondent.name")}</dt>
        <dd>{dash(d.respondent_name)}</dd>
        <dt>{t("inbox.respondent.email")}</dt>
        <dd>{d.respondent_email ? <a href={`mailto:${d.respondent_email}`}>{d.respondent_email}</a> : "—"}</dd>
        <dt>{t("inbox.respondent.job_title")}</dt>
        <dd>{dash(d.respondent_title)}</dd>
        <dt>{t("inbox.respondent.company")}</dt>
        <dd>{dash(d.respondent_company)}</dd>
        <dt>{t("inbox.respondent.rating")}</dt>
        <dd>
          {d.rating ? (
            <span role="img" aria-label={t("inbox.respondent.stars", { rating: d.rating })}>
              {stars(d.rating)}
            </span>
          ) : (
            "—"
          )}
        </dd>
        <dt>{t("inbox.respondent.sentiment_label")}</dt>
        <dd>{sentimentText(d.sentiment)}</dd>
        <dt>{t("inbox.respondent.language")}</dt>
        <dd>{dash(d.language)}</dd>
        <dt>{t("inbox.respondent.kind")}</dt>
        <dd>
          {kindLabel(d)}
          {d.kind !== "text" && d.duration_ms
            ? t("inbox.respondent.duration", { length: formatDuration(d.duration_ms) })
            : ""}
          {d.origin === "manual" && d.kind === "text"
            ? t("inbox.respondent.source_team")
            : d.text_source === "typed"
              ? t("inbox.respondent.source_typed")
              : d.text_source === "spoken"
                ? t("inbox.respondent.source_spoken")
                : ""}
        </dd>
        <dt>{t("inbox.respondent.received")}</dt>
        <dd>{formatDateTime(d.created_at)}</dd>
        {d.origin === "manual" && (
          <>
            <dt>{t("inbox.respondent.added")}</dt>
            <dd>{t("inbox.respondent.by_hand")}</dd>
          </>
        )}
        {d.origin === "imported" && (
          <>
            <dt>{t("inbox.respondent.imported_from")}</dt>
            <dd>
              {d.source?.url ? (
                <a href={d.source.url} target="_blank" rel="noopener noreferrer">
                  {dash(d.source.name)}
                </a>
              ) : (
                dash(d.source?.name)
              )}
              {d.reviewed_at && t("inbox.respondent.written", { date: formatDate(d.reviewed_at) })}
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
      <h3 id="consent-title">{t("inbox.respondent.consent")}</h3>
      {d.consent ? (
        <>
          <p class="small muted">
            {rich("inbox.respondent.agreed", {
              when: formatDateTime(d.consent.agreed_at),
              version: d.consent.version,
              mono: (parts) => <span class="mono">{parts as ComponentChildren}</span>,
            })}
          </p>
          <blockquote class="consent-text">{d.consent.text}</blockquote>
        </>
      ) : d.attestation ? (
        <>
          <p class="small muted">{t("inbox.respondent.attested", { when: formatDateTime(d.attestation.agreed_at) })}</p>
          <blockquote class="consent-text">{d.attestation.text}</blockquote>
        </>
      ) : (
        <p class="muted">
          {d.origin === "imported" ? t("inbox.respondent.no_consent_imported") : t("inbox.respondent.no_consent")}
        </p>
      )}
    </section>
  );
}
