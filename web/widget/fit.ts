/**
 * Keeps every card's video in its recording's shape and every clamped text to whole lines.
 *
 * A video's poster box has the recording's shape (card.ts). In a card of fixed height the poster comes first: the
 * words (`.cl`) take what it leaves, down to one line; when even that does not fit, the poster gives way, first by
 * a small crop of its height (at most `CROP`, around the face where one was found), then by being drawn narrower,
 * centred, in its shape, so a face never becomes a band. A featured (single) card wide enough puts the video
 * beside the words. A clamped text is then cut to the whole lines that fit (`-webkit-line-clamp` and a height of
 * exactly those lines, so no line shows cut in half) and its card's "Read more" appears. Run again whenever the
 * box changes size (a ResizeObserver in render.ts), so any container width gives the same result.
 */

/** Most of a poster's height cropped before it is drawn narrower instead ("crop at most a little"). */
export const CROP = 0.15;
/** Lowest a poster is drawn (CSS pixels) when its card is short of room. */
const MIN_POSTER = 72;
/** Inner width from which a featured card puts its video beside the words. */
const SIDE_BY_SIDE = 520;
/** Share of a featured card's width its video may take beside the words. */
const SIDE_SHARE = 0.55;

const px = (v: string) => parseFloat(v) || 0;

/** Lays out the video of one card of fixed (or capped) height; text must be unclamped first. */
function fitPoster(c: HTMLElement) {
  const pl = c.querySelector<HTMLElement>(".pl.video");
  if (!pl) return;
  const ratio = Number(pl.dataset.ratio) || 16 / 9;
  pl.style.width = pl.style.height = "";
  pl.style.aspectRatio = String(ratio);
  c.classList.remove("wd");
  if (!c.offsetParent) return;
  const cs = getComputedStyle(c);
  const innerW = c.clientWidth - px(cs.paddingLeft) - px(cs.paddingRight);
  const innerH = c.clientHeight - px(cs.paddingTop) - px(cs.paddingBottom);
  if (c.closest(".sg") && innerW >= SIDE_BY_SIDE) {
    // Side by side: as tall as the card allows, in its shape, leaving the words most of the width.
    c.classList.add("wd");
    const w = Math.min(innerH * ratio, innerW * SIDE_SHARE);
    pl.style.width = `${Math.floor(w)}px`;
    pl.style.height = `${Math.floor(w / ratio)}px`;
    return;
  }
  const over = c.scrollHeight - c.clientHeight;
  if (over <= 0) return;
  const full = pl.offsetHeight;
  const height = Math.max(MIN_POSTER, full - over);
  pl.style.aspectRatio = "auto";
  pl.style.height = `${Math.floor(height)}px`;
  // A little crop (object-fit: cover, around the face) keeps it full width; more would flatten it: narrower.
  pl.style.width = `${Math.floor(Math.min(pl.offsetWidth, (height * ratio) / (1 - CROP)))}px`;
}

/** Fits every visible card inside `scope`: videos first, then the words to whole lines. */
export function fit(scope: ParentNode) {
  const texts = [...scope.querySelectorAll<HTMLElement>(".cl")];
  for (const q of texts) {
    q.style.removeProperty("-webkit-line-clamp");
    q.style.height = q.style.flexShrink = "";
  }
  for (const c of scope.querySelectorAll<HTMLElement>(".fx .c")) fitPoster(c);
  for (const q of texts) {
    const more = q.closest(".c")?.querySelector<HTMLElement>(".rm");
    if (!q.offsetParent) continue;
    const over = q.scrollHeight > q.clientHeight + 1;
    if (over) {
      const line = parseFloat(getComputedStyle(q).lineHeight) || 22;
      const n = Math.max(1, Math.floor((q.clientHeight + 1) / line));
      q.style.setProperty("-webkit-line-clamp", String(n));
      // Exactly those lines, held.
      q.style.height = `${n * line}px`;
      q.style.flexShrink = "0";
    }
    more?.classList.toggle("on", over);
  }
}
