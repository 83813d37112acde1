/**
 * What the respondent added beside their testimonial on the link's page: their photo (headshot or logo, the
 * `avatar` media variant) and their answers to the link's own questions, as they were asked.
 */
import { Fragment } from "preact";
import type { SubmissionDetail } from "./types";
import { displayName } from "./status";
import { t } from "../i18n";

/** An answer as a person reads it: yes/no questions answer "Yes" or "No". */
export function answerText(value: string | boolean): string {
  if (value === true) return t("inbox.answers.yes");
  if (value === false) return t("inbox.answers.no");
  return value.trim() ? value : "—";
}

/** The respondent's photo beside their name; nothing when they sent none (or its address is not there yet). */
export function RespondentPhoto({ d }: { d: SubmissionDetail }) {
  const url = d.has_photo ? d.media.avatar?.url : undefined;
  if (!url) return null;
  return (
    <img
      class="detail-photo"
      src={url}
      width={72}
      height={72}
      alt={t("inbox.answers.photo_alt", { name: displayName(d) })}
    />
  );
}

/** The answers to the link's own questions; nothing when the link asked none. */
export function CustomAnswers({ d }: { d: SubmissionDetail }) {
  if (!d.custom_fields.length) return null;
  return (
    <section aria-labelledby="answers-title">
      <h3 id="answers-title">{t("inbox.answers.title")}</h3>
      <dl class="facts answers">
        {d.custom_fields.map((f) => (
          <Fragment key={f.id}>
            <dt>{f.label}</dt>
            <dd>{answerText(f.value)}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
