/**
 * Checks run inside a page that embeds widgets, for the browser tests of the widget's looks:
 *
 * - `cutText`: every line of text inside each widget's shadow root is either wholly visible or wholly hidden by
 *   the boxes that clip it (vertically; a row scrolled sideways is meant to hide cards), and every text that does
 *   not show in full (a clamped quote, a line hidden below its card) has a visible "Read more" in its card.
 * - `nestedScrollers`: elements of the page, shadow roots included, that scroll inside the page (more content
 *   than room, and `overflow` auto or scroll), vertically or sideways.
 *
 * Both are plain functions passed to `page.evaluate`, so they must not use anything outside their own bodies.
 */

/** A problem found in the page, in words. */
export type Finding = string;

/** Lines cut in half and texts shown in part without a "Read more" (see the module comment). */
export function cutText(): Finding[] {
  const found: string[] = [];
  const clips = (el: Element): DOMRect[] => {
    const out: DOMRect[] = [];
    let node: Node | null = el;
    while (node) {
      if (node instanceof Element) {
        const cs = getComputedStyle(node);
        const paint = /paint|content|strict/.test(cs.contain);
        if (paint || cs.overflowY !== "visible") out.push(node.getBoundingClientRect());
      }
      node = node.parentNode instanceof ShadowRoot ? node.parentNode.host : node.parentNode;
    }
    return out;
  };
  const visible = (el: Element | null) => !!el && (el as HTMLElement).offsetParent !== null;
  for (const host of document.querySelectorAll("div[data-svc-widget]")) {
    const root = host.shadowRoot;
    if (!root) continue;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const el = t.parentElement;
      if (!el || !t.textContent?.trim() || !visible(el) || el.closest("dialog")) continue;
      if (getComputedStyle(el).visibility === "hidden") continue;
      const range = document.createRange();
      range.selectNodeContents(t);
      const lines = [...range.getClientRects()].filter((r) => r.height > 0);
      const boxes = clips(el);
      const top = Math.max(...boxes.map((b) => b.top));
      const bottom = Math.min(...boxes.map((b) => b.bottom));
      const card = el.closest(".c");
      const more = card?.querySelector(".rm");
      const hasMore = !!more && visible(more) && getComputedStyle(more).visibility === "visible";
      const what = `${host.getAttribute("data-svc-widget")}: “${t.textContent.trim().slice(0, 40)}”`;
      let hidden = false;
      for (const r of lines) {
        if (r.top < bottom - 1 && r.bottom > bottom + 1) found.push(`line cut at the bottom: ${what}`);
        else if (r.top < top - 1 && r.bottom > top + 1) found.push(`line cut at the top: ${what}`);
        else if (r.top >= bottom - 1 || r.bottom <= top + 1) hidden = true;
      }
      const q = el.closest(".q") as HTMLElement | null;
      if (q && q.scrollHeight > q.clientHeight + 1) hidden = true;
      if (hidden && !hasMore) found.push(`text shown in part with no "Read more": ${what}`);
    }
  }
  return [...new Set(found)];
}

/** Elements (shadow roots included) that scroll inside the page: `axis` and a description of each. */
export function nestedScrollers(): { axis: "x" | "y"; what: string }[] {
  const out: { axis: "x" | "y"; what: string }[] = [];
  const visit = (root: Document | ShadowRoot) => {
    for (const el of root.querySelectorAll("*")) {
      if (el.shadowRoot) visit(el.shadowRoot);
      if (el === document.documentElement || el === document.body) continue;
      const cs = getComputedStyle(el);
      const what = `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
      if (/auto|scroll/.test(cs.overflowY) && el.scrollHeight > el.clientHeight + 1) out.push({ axis: "y", what });
      if (/auto|scroll/.test(cs.overflowX) && el.scrollWidth > el.clientWidth + 1) out.push({ axis: "x", what });
    }
  };
  visit(document);
  return out;
}
