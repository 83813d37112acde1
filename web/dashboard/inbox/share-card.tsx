/**
 * "Share image": the testimonial as a picture for social posts (square 1080×1080, story 1080×1920, landscape
 * 1200×630), drawn by the server in the brand's colour, logo and letters (`GET /v1/submissions/{id}/card.png`).
 * A preview of the chosen shape and a download; a recording still being transcribed has no words to show yet.
 */
import { useEffect, useState } from "preact/hooks";
import { errorMessage } from "../../shared/api";
import { Button } from "../../shared/ui/button";
import { Loading } from "../../shared/ui/loading";
import { fetchFile, saveAs } from "../files";
import { useAction } from "../use-action";
import type { SubmissionDetail } from "./types";
import { t } from "../i18n";

type CardSize = "square" | "story" | "landscape";

const SIZES: { id: CardSize; label: string; hint: string }[] = [
  { id: "square", label: t("inbox.share-card.square"), hint: t("inbox.share-card.square_hint") },
  { id: "story", label: t("inbox.share-card.story"), hint: t("inbox.share-card.story_hint") },
  { id: "landscape", label: t("inbox.share-card.landscape"), hint: t("inbox.share-card.landscape_hint") },
];

const cardPath = (id: string, size: CardSize) => `/v1/submissions/${encodeURIComponent(id)}/card.png?size=${size}`;

/** The share image panel of one testimonial. */
export function ShareCard({ d }: { d: SubmissionDetail }) {
  const [size, setSize] = useState<CardSize>("square");
  const [preview, setPreview] = useState<string | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const download = useAction(async () => {
    const who = (d.respondent_name ?? "testimonial").replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "");
    saveAs(await fetchFile(cardPath(d.id, size), t("inbox.share-card.what")), `${who || "testimonial"}-${size}.png`);
  });
  // One line of error: the preview's, or the download's (a new preview forgets both).
  const error = previewError ?? download.message;
  const hasWords = !!d.text_input?.trim();
  // What is on the card: a change of words, name or photo draws it again.
  const content = `${d.text_input}|${d.respondent_name}|${d.respondent_title}|${d.respondent_company}|${d.rating}|${d.has_photo}`;

  useEffect(() => {
    if (!hasWords) return;
    let url: string | null = null;
    let live = true;
    setPreview(null);
    setPreviewError(null);
    download.reset();
    fetchFile(cardPath(d.id, size), t("inbox.share-card.what")).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        if (live) setPreview(url);
        else URL.revokeObjectURL(url);
      },
      (e) => live && setPreviewError(errorMessage(e)),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [d.id, size, content, hasWords]);

  const chosen = SIZES.find((s) => s.id === size)!;
  return (
    <section class="share-card" aria-labelledby="share-card-title">
      <h3 id="share-card-title">{t("inbox.share-card.title")}</h3>
      {!hasWords ? (
        <p class="muted small">{t("inbox.share-card.no_words")}</p>
      ) : (
        <>
          <p class="muted small">{t("inbox.share-card.intro")}</p>
          <div class="share-card-sizes" role="group" aria-label={t("inbox.share-card.shape")}>
            {SIZES.map((s) => (
              <button key={s.id} type="button" aria-pressed={size === s.id} onClick={() => setSize(s.id)}>
                {s.label}
              </button>
            ))}
          </div>
          <div class={`share-card-frame share-card-${size}`}>
            {preview ? (
              <img src={preview} alt={t("inbox.share-card.alt", { shape: chosen.label.toLowerCase() })} />
            ) : (
              !error && <Loading label={t("inbox.share-card.drawing")} />
            )}
          </div>
          <div class="row">
            <Button
              small
              busy={download.busy}
              busyLabel={t("inbox.share-card.preparing")}
              onClick={() => void download.run()}
              disabled={!!error && !preview}
            >
              {t("inbox.share-card.download")}
            </Button>
            <span class="muted small">{chosen.hint}</span>
          </div>
          {error && (
            <p class="field-error" role="alert">
              {error}
            </p>
          )}
        </>
      )}
    </section>
  );
}
