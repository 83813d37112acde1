/**
 * "How it will look": the testimonial as widgets and the wall will show it (the words, name, title, company,
 * rating, date), so the team sees what goes out before publishing.
 */
import { formatDate } from "../../shared/format";
import { byline, publicPreview, stars } from "./preview";
import type { Submission } from "./types";
import { formatDuration } from "./words";
import { t } from "../i18n";

/** The public preview of a testimonial. */
export function PreviewCard({ s, poster }: { s: Submission; poster?: string }) {
  const p = publicPreview(s);
  const by = byline(p);
  return (
    <section class="preview" aria-labelledby="preview-title">
      <h3 id="preview-title">
        {s.is_public ? t("inbox.preview-card.title_public") : t("inbox.preview-card.title_private")}
      </h3>
      <p class="muted small">
        {s.is_public ? t("inbox.preview-card.note_public") : t("inbox.preview-card.note_private")}
      </p>
      <figure class="preview-item">
        {p.kind === "video" && poster && <img class="preview-poster" src={poster} alt="" />}
        {p.rating ? (
          <p class="preview-stars">
            <span role="img" aria-label={t("inbox.preview-card.rated", { rating: p.rating })}>
              {stars(p.rating)}
            </span>
          </p>
        ) : null}
        <blockquote class="preview-text">
          {p.text ? (
            t("inbox.preview-card.quote", { text: p.text })
          ) : s.kind !== "text" && s.text_input ? (
            <span class="muted">{t("inbox.preview-card.without_words")}</span>
          ) : (
            <span class="muted">{t("inbox.preview-card.no_words")}</span>
          )}
        </blockquote>
        <figcaption>
          <strong>{p.name ?? t("inbox.preview-card.anonymous")}</strong>
          {by && <span class="preview-byline">{by}</span>}
          <span class="muted small">
            {formatDate(p.date)}
            {p.duration_ms
              ? p.kind === "video"
                ? t("inbox.preview-card.video_length", { length: formatDuration(p.duration_ms) })
                : t("inbox.preview-card.audio_length", { length: formatDuration(p.duration_ms) })
              : ""}
          </span>
        </figcaption>
      </figure>
    </section>
  );
}
