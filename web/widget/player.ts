/**
 * The player: a modal dialog holding the recording, fetched only now, with captions from the document's words,
 * and the full text. On close the recording stops and its download is dropped.
 */
import type { DocumentItem } from "../../src/domains/widgets/format";
import { h, safeUrl } from "./dom";
import { openDialog } from "./dialog";
import { toVtt } from "./vtt";
import { speakAs, t } from "./words";

/** Who said it, for titles and labels. */
export const speaker = (item: DocumentItem) => item.name || t("someone");

/** Opens the dialog for `item` inside `host` (the widget's shadow root box) and returns focus to `opener` after. */
export function openPlayer(host: HTMLElement, item: DocumentItem, opener: HTMLElement) {
  speakAs(host);
  const src = safeUrl(item.kind === "video" ? item.video_url : item.audio_url);
  const label =
    item.kind === "text"
      ? t("titleText", { name: speaker(item) })
      : t("titleMedia", { kind: item.kind, name: speaker(item) });
  let media: HTMLMediaElement | null = null;
  let track: string | null = null;
  if (src) {
    media =
      item.kind === "video"
        ? h("video", {
            controls: true,
            autoplay: true,
            playsinline: true,
            poster: safeUrl(item.poster_url),
            preload: "auto",
            "data-sid": item.id,
          })
        : h("audio", { controls: true, autoplay: true, preload: "auto", "data-sid": item.id });
    if (item.captions?.length) {
      track = URL.createObjectURL(new Blob([toVtt(item.captions)], { type: "text/vtt" }));
      media.append(
        h("track", {
          kind: "captions",
          src: track,
          srclang: item.language || "en",
          label: t("captions"),
          default: true,
        }),
      );
    }
    media.src = src;
  }
  openDialog(host, label, [media, item.text ? h("p", { class: "mt" }, item.text) : null], opener, () => {
    if (media) {
      media.pause();
      media.removeAttribute("src");
      media.load();
    }
    if (track) URL.revokeObjectURL(track);
  });
}
