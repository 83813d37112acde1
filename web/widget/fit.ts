/**
 * Keeps every clamped text to whole lines. A clamped text (`.cl`) gets whatever height its card leaves it; when
 * its words do not fit, it is cut to the whole lines that do (`-webkit-line-clamp` and a height of exactly those
 * lines, so no line shows cut in half; a poster in the same card may shrink, the text no more) and its card's "Read more" appears. Run again whenever the box changes
 * size (a ResizeObserver in render.ts), so any container width gives whole lines.
 */

/** Fits every visible clamped text inside `scope`. */
export function fit(scope: ParentNode) {
  for (const q of scope.querySelectorAll<HTMLElement>(".cl")) {
    const more = q.closest(".c")?.querySelector<HTMLElement>(".rm");
    q.style.removeProperty("-webkit-line-clamp");
    q.style.height = q.style.flexShrink = "";
    if (!q.offsetParent) continue;
    const over = q.scrollHeight > q.clientHeight + 1;
    if (over) {
      const line = parseFloat(getComputedStyle(q).lineHeight) || 22;
      const n = Math.max(1, Math.floor((q.clientHeight + 1) / line));
      q.style.setProperty("-webkit-line-clamp", String(n));
      // Exactly those lines, held: a poster beside it may take the room left, never a line's.
      q.style.height = `${n * line}px`;
      q.style.flexShrink = "0";
    }
    more?.classList.toggle("on", over);
  }
}
