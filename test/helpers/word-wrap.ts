/**
 * Checks of how text wraps, run inside a page (`page.evaluate`), for the respondent's screens and emails at phone
 * widths. Plain functions: they must not use anything outside their own bodies.
 *
 * - `brokenWords`: words (runs of letters and digits between spaces, hyphens and slashes, where lines may break)
 *   whose letters are drawn on more than one line, i.e. broken mid-word ("Stockb/ridge").
 * - `lineTops`: the distinct tops of the elements a selector finds (one value: they share one line).
 */

/** Words inside the element `selector` finds (the body when none) drawn on more than one line. */
export function brokenWords(selector: string): string[] {
  const root = document.querySelector(selector) ?? document.body;
  const found: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const text = t.textContent ?? "";
    if (!t.parentElement || !(t.parentElement.offsetParent || t.parentElement.getClientRects().length)) continue;
    for (const m of text.matchAll(/[^\s\-–—/]+/g)) {
      const range = document.createRange();
      range.setStart(t, m.index!);
      range.setEnd(t, m.index! + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      const tops = new Set(rects.map((r) => Math.round(r.top + r.height / 2)));
      if (tops.size > 1) found.push(m[0]);
    }
  }
  return found;
}

/** The distinct (rounded) tops of the visible elements matching `selector`. */
export function lineTops(selector: string): number[] {
  const tops = [...document.querySelectorAll(selector)]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0)
    .map((r) => Math.round(r.top));
  return [...new Set(tops)];
}
