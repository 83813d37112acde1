/**
 * The rendered reel: a player for each size (with captions), downloads named after the reel, and sharing: a
 * switch that publishes a public copy (publishing, then live) whose addresses can be copied and stay the same
 * across renders; switching it off deletes the copy.
 */
import type { ComponentChildren } from "preact";
import { formatDateTime } from "../../shared/format";
import { Badge } from "../../shared/ui/badge";
import { CopyButton } from "../../shared/ui/copy-button";
import { ErrorNotice } from "../../shared/ui/notice";
import { useAction } from "../use-action";
import type { Reel } from "./types";
import { t, rich } from "../i18n";

/** Players and downloads of the last render. */
export function Players({ reel }: { reel: Reel }) {
  const out = reel.output;
  if (!out) return null;
  return (
    <section class="players-section" aria-labelledby="players-title">
      <h2 id="players-title">{t("reels.output.rendered", { when: formatDateTime(out.rendered_at) })}</h2>
      <div class="players">
        {out.variants.map((v) => (
          <figure key={v.aspect_ratio} class={`player player-${v.aspect_ratio.replace(":", "x")}`}>
            <video
              controls
              preload="metadata"
              poster={v.poster_url ?? out.poster_url}
              src={v.url}
              crossOrigin="anonymous"
              aria-label={t("reels.output.video_label", { title: reel.title, ratio: v.aspect_ratio })}
            >
              <track
                kind="captions"
                srclang="en"
                label={t("reels.output.captions_track")}
                src={out.captions_url}
                default
              />
            </video>
            <figcaption>
              {v.aspect_ratio} · {v.width}×{v.height} · <a href={v.download_url}>{t("reels.output.download")}</a>
            </figcaption>
          </figure>
        ))}
      </div>
      <p class="small">
        {rich("reels.output.captions_download", {
          link: (parts) => <a href={out.captions_download_url}>{parts as ComponentChildren}</a>,
        })}
      </p>
    </section>
  );
}

/** The share switch and the public addresses. */
export function SharePanel({ reel, onShare }: { reel: Reel; onShare: (on: boolean) => Promise<void> }) {
  const { busy, error, run } = useAction(onShare);
  const s = reel.share;
  return (
    <section class="card share-panel" aria-labelledby="share-title">
      <h2 id="share-title">{t("reels.output.share")}</h2>
      <label class="check">
        <input
          type="checkbox"
          role="switch"
          checked={s.enabled}
          disabled={busy || !reel.output}
          onChange={(e) => void run(e.currentTarget.checked)}
        />
        {t("reels.output.public_copy")}{" "}
        {s.enabled && (
          <Badge tone={s.status === "live" ? "good" : "warn"}>
            {s.status === "live" ? t("reels.output.live") : t("reels.output.publishing")}
          </Badge>
        )}
      </label>
      {!reel.output && <p class="small muted">{t("reels.output.render_first")}</p>}
      <p class="small muted">{t("reels.output.share_note")}</p>
      <ErrorNotice error={error} />
      {s.urls && (
        <ul class="share-urls">
          {s.urls.variants.map((v) => (
            <li key={v.aspect_ratio} class="url-box">
              <span class="small">{v.aspect_ratio}</span>
              <input
                class="url-input mono"
                readOnly
                value={v.url}
                aria-label={t("reels.output.video_address", { ratio: v.aspect_ratio })}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton text={v.url} label={t("reels.output.copy")} />
            </li>
          ))}
          <li class="url-box">
            <span class="small">{t("reels.output.captions")}</span>
            <input
              class="url-input mono"
              readOnly
              value={s.urls.captions_url}
              aria-label={t("reels.output.captions_address")}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton text={s.urls.captions_url} label={t("reels.output.copy")} />
          </li>
        </ul>
      )}
    </section>
  );
}
