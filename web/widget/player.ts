/**
 * The player: a modal dialog (focus kept inside, Escape closes, focus returns to the button that opened it)
 * holding the recording, fetched only now, with captions from the document's words, and the full text. On
 * close the recording stops and its download is dropped.
 */
import type { DocumentItem } from "../../src/domains/widgets/format";
import { h, safeUrl } from "./dom";
import { toVtt } from "./vtt";

let seq = 0;

/** Who said it, for titles and labels. */
export const speaker = (item: DocumentItem) => item.name || "a customer";

/** Opens the dialog for `item` inside `host` (the widget's shadow root box) and returns focus to `opener` after. */
export function openPlayer(host: HTMLElement, item: DocumentItem, opener: HTMLElement) {
  const titleId = `svc-t${++seq}`;
  const src = safeUrl(item.kind === "video" ? item.video_url : item.audio_url);
  const label =
    item.kind === "text"
      ? `Testimonial from ${speaker(item)}`
      : `${item.kind === "video" ? "Video" : "Audio"} testimonial from ${speaker(item)}`;
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
          })
        : h("audio", { controls: true, autoplay: true, preload: "auto" });
    if (item.captions?.length) {
      track = URL.createObjectURL(new Blob([toVtt(item.captions)], { type: "text/vtt" }));
      media.append(
        h("track", { kind: "captions", src: track, srclang: item.language || "en", label: "Captions", default: true }),
      );
    }
    media.src = src;
  }
  const close = h("button", { type: "button", class: "x", "aria-label": "Close" }, "×");
  const dialog = h(
    "dialog",
    { class: "m", "aria-labelledby": titleId },
    h("div", { class: "mh" }, h("h2", { id: titleId }, label), close),
    media,
    item.text ? h("p", { class: "mt" }, item.text) : null,
  );
  close.onclick = () => dialog.close();
  // A click on the backdrop lands on the dialog itself.
  dialog.onclick = (e) => e.target === dialog && dialog.close();
  dialog.onclose = () => {
    if (media) {
      media.pause();
      media.removeAttribute("src");
      media.load();
    }
    if (track) URL.revokeObjectURL(track);
    dialog.remove();
    opener.focus();
  };
  host.append(dialog);
  dialog.showModal();
  close.focus();
}
