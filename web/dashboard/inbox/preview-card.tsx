/**
 * "How it will look": the testimonial as widgets and the wall will show it (the words, name, title, company,
 * rating, date), so the team sees what goes out before publishing.
 */
import { formatDate } from "../../shared/format";
import { byline, publicPreview, stars } from "./preview";
import type { Submission } from "./types";
import { formatDuration } from "./words";

/** The public preview of a testimonial. */
export function PreviewCard({ s, poster }: { s: Submission; poster?: string }) {
  const p = publicPreview(s);
  const by = byline(p);
  return (
    <section class="preview" aria-labelledby="preview-title">
      <h3 id="preview-title">{s.is_public ? "How it looks in public" : "Preview before publishing"}</h3>
      <p class="muted small">
        {s.is_public
          ? "Widgets and the wall show it like this while it is approved, public and ready."
          : "This is how widgets and the wall will show it once it is approved and public."}
      </p>
      <figure class="preview-item">
        {p.kind === "video" && poster && <img class="preview-poster" src={poster} alt="" />}
        {p.rating ? (
          <p class="preview-stars">
            <span role="img" aria-label={`Rated ${p.rating} out of 5`}>
              {stars(p.rating)}
            </span>
          </p>
        ) : null}
        <blockquote class="preview-text">
          {p.text ? (
            `“${p.text}”`
          ) : s.kind !== "text" && s.text_input ? (
            <span class="muted">(shown without its words)</span>
          ) : (
            <span class="muted">(no words)</span>
          )}
        </blockquote>
        <figcaption>
          <strong>{p.name ?? "Anonymous"}</strong>
          {by && <span class="preview-byline">{by}</span>}
          <span class="muted small">
            {formatDate(p.date)}
            {p.duration_ms ? ` · ${p.kind === "video" ? "Video" : "Audio"} ${formatDuration(p.duration_ms)}` : ""}
          </span>
        </figcaption>
      </figure>
    </section>
  );
}
