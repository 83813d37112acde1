/**
 * The screen after sending (under the brand's header): a thank-you that takes focus (so screen readers read it at
 * once), the link's own
 * thank-you words, what was sent (the recording to play back, the words, the rating, the answers, the photo), the
 * call to action, or the page the link sends people on to (after a short pause, with a link to go at once).
 */
import { Fragment } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { CustomValue, LinkView, Method } from "./types";
import { t } from "./i18n";

/** What the thank-you screen shows. */
export interface SentInfo {
  submissionId: string;
  name: string;
  kind: Method;
  /** The recording or chosen file, still in this tab (null for a written answer). */
  media: Blob | null;
  text: string | null;
  rating: number | null;
  answers: { label: string; value: CustomValue }[];
  photo: Blob | null;
  photoProblem: string | null;
  email: string | null;
}

/** Seconds before the page goes on to the link's redirect address. */
const REDIRECT_SECONDS = 5;

/** An object URL for a blob while mounted. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}

const shown = (v: CustomValue) => (v === true ? t("common.yes") : v === false ? t("common.no") : v);

/** Thank-you screen. */
export function Thanks({ info, link }: { info: SentInfo; link: LinkView }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const mediaUrl = useObjectUrl(info.media);
  const photoUrl = useObjectUrl(info.photoProblem ? null : info.photo);
  const [countdown, setCountdown] = useState(link.redirect_url ? REDIRECT_SECONDS : null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (countdown === null) return;
    if (countdown <= 0) {
      location.assign(link.redirect_url!);
      return;
    }
    const tick = setTimeout(() => setCountdown((n) => (n === null ? null : n - 1)), 1000);
    return () => clearTimeout(tick);
  }, [countdown]);

  const brand = link.brand.name;
  return (
    <section class="card thanks stack" data-submission={info.submissionId} aria-labelledby="thanks-heading">
      <div class="thanks-head">
        <h1 id="thanks-heading" ref={heading} tabIndex={-1}>
          {t("thanks.heading", { name: info.name })}
        </h1>
        <p class="muted">{t("thanks.received", { brand, what: info.kind })}</p>
      </div>
      {link.thank_you_message && <p class="thanks-message">{link.thank_you_message}</p>}
      {link.call_to_action && (
        <a class="btn btn-primary btn-cta" href={link.call_to_action.url} rel="noopener noreferrer">
          {link.call_to_action.label}
        </a>
      )}
      {link.redirect_url && (
        <p class="notice">
          {countdown !== null && countdown > 0
            ? t("thanks.takingYouOnIn", { seconds: countdown })
            : t("thanks.takingYouOn")}{" "}
          <a href={link.redirect_url} rel="noopener noreferrer">
            {t("thanks.goNow")}
          </a>
        </p>
      )}
      <section class="sent-summary stack-sm" aria-labelledby="sent-heading">
        <h2 id="sent-heading">{t("thanks.whatYouSent")}</h2>
        {mediaUrl && info.kind === "video" && (
          <video
            class="player"
            src={mediaUrl}
            controls
            playsInline
            preload="metadata"
            aria-label={t("thanks.yourVideo")}
          />
        )}
        {mediaUrl && info.kind === "audio" && (
          <audio
            class="player player-audio"
            src={mediaUrl}
            controls
            preload="metadata"
            aria-label={t("thanks.yourRecording")}
          />
        )}
        {info.text && <blockquote class="sent-text">{info.text}</blockquote>}
        <dl class="sent-list">
          {info.rating !== null && (
            <>
              <dt>{t("thanks.rating")}</dt>
              <dd>
                <span aria-hidden="true" class="sent-stars">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <span key={n} class={n <= info.rating! ? "sent-star on" : "sent-star"}>
                      {n <= info.rating! ? "★" : "☆"}
                    </span>
                  ))}
                </span>
                <span class="sr-only">{t("thanks.ratingStars", { rating: info.rating })}</span>
              </dd>
            </>
          )}
          {info.answers.map((a) => (
            <Fragment key={a.label}>
              <dt>{a.label}</dt>
              <dd>{shown(a.value)}</dd>
            </Fragment>
          ))}
          {photoUrl && (
            <>
              <dt>{t("thanks.photo")}</dt>
              <dd>
                <img class="photo-preview" src={photoUrl} alt={t("thanks.yourPhoto")} width={56} height={56} />
              </dd>
            </>
          )}
        </dl>
        {info.photoProblem && <p class="notice">{t("thanks.photoProblem", { problem: info.photoProblem })}</p>}
        {(info.email || !link.redirect_url) && (
          <p class="muted small">{info.email ? t("thanks.willEmail", { email: info.email }) : t("thanks.canClose")}</p>
        )}
      </section>
    </section>
  );
}
