/**
 * Playing one span of a recording: from `startMs` to `endMs` of a media element, stopping at the end. Checked every
 * 20 ms (and on `timeupdate`, which alone can be a quarter of a second late), so the next word after the span is
 * not heard. The reel editor's clip previews and its whole-reel player both use it.
 */

/** Resolves on the element's next `event`. */
const once = (el: HTMLMediaElement, event: string) =>
  new Promise<void>((resolve) => el.addEventListener(event, () => resolve(), { once: true }));

/** How a span's playing ended: played to its end, stopped, or the media could not be played. */
export type SpanEnd = "ended" | "stopped" | "failed";

/**
 * Plays `startMs`–`endMs` of `el` (waiting for its metadata first); `done` is told how it ended. Returns a stop
 * function (a no-op once it has ended).
 */
export function playSpan(
  el: HTMLMediaElement,
  startMs: number,
  endMs: number,
  done: (how: SpanEnd) => void = () => {},
): () => void {
  let over = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const end = endMs / 1000;
  const finish = (how: SpanEnd) => {
    if (over) return;
    over = true;
    clearInterval(timer);
    el.removeEventListener("timeupdate", check);
    el.removeEventListener("ended", check);
    el.pause();
    done(how);
  };
  function check() {
    if (el.currentTime >= end - 0.01 || el.ended) finish("ended");
  }
  const start = async () => {
    if (el.readyState < HTMLMediaElement.HAVE_METADATA) await once(el, "loadedmetadata");
    if (over) return;
    el.currentTime = startMs / 1000;
    await el.play();
    if (over) return el.pause();
    el.addEventListener("timeupdate", check);
    el.addEventListener("ended", check);
    timer = setInterval(check, 20);
  };
  start().catch(() => finish("failed"));
  return () => finish("stopped");
}

/** The address to play of a testimonial's processed media: its video, else its sound; null when there is none. */
export const mediaUrl = (media: Record<string, { url: string } | undefined> | undefined): string | null =>
  media?.video?.url ?? media?.audio?.url ?? null;
