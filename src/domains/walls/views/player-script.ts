/**
 * The wall's only script, inlined and allowed by its hash in the CSP (about 1 KB, no request): a click on a video's poster
 * link swaps it for a player that starts at once, with the captions track; a click on an audio's "Listen" link
 * swaps it for the native audio player, playing. With JavaScript off the same links open the files themselves,
 * so every recording plays either way. Written as a typed function and sent as its source, so it stays
 * type-checked.
 */

/** Runs in the browser; must not use anything outside its own body. */
function player() {
  document.addEventListener("click", (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element | null)?.closest?.("a[data-video],a[data-audio]") as HTMLAnchorElement | null;
    if (!link) return;
    event.preventDefault();
    if (link.hasAttribute("data-audio")) {
      const audio = document.createElement("audio");
      audio.controls = true;
      audio.preload = "auto";
      audio.setAttribute("aria-label", link.dataset.label || "Audio testimonial");
      audio.src = link.href;
      link.replaceWith(audio);
      audio.focus();
      audio.play().catch(() => undefined);
      return;
    }
    const video = document.createElement("video");
    video.controls = true;
    video.playsInline = true;
    video.preload = "auto";
    // The CDN answers CORS, and a captions track from another origin needs it.
    video.crossOrigin = "anonymous";
    video.className = link.className.replace("play", "player");
    video.setAttribute("aria-label", link.dataset.label || "Video testimonial");
    if (link.dataset.poster) video.poster = link.dataset.poster;
    video.src = link.href;
    if (link.dataset.captions) {
      const track = document.createElement("track");
      track.kind = "captions";
      track.label = "Captions";
      track.srclang = link.dataset.lang || "en";
      track.src = link.dataset.captions;
      track.default = true;
      video.appendChild(track);
    }
    link.replaceWith(video);
    video.focus();
    video.play().catch(() => undefined);
  });
}

/** The script's source as it goes into the page, whitespace removed. */
export const PLAYER_SCRIPT = new Bun.Transpiler({ loader: "js", minifyWhitespace: true })
  .transformSync(`(${player.toString()})();`)
  .trim();
