/**
 * The embed script: one copy serves every widget on a page. It finds each `div[data-svc-widget]`, fetches the
 * widget's document from the CDN address the script itself came from, and draws it in a shadow root. It sets
 * no cookies, uses no storage and requests nothing from any other host. A missing document (a deleted widget)
 * leaves the box empty. Boxes added to the page later (single-page sites) are found too. A box that is the widget's
 * HTML fragment (`data-svc-static`, included in the page on the server) is left as it is: no second drawing.
 */
import type { WidgetDocument } from "../../src/domains/widgets/format";
import { renderWidget } from "./render";

const self =
  (document.currentScript as HTMLScriptElement | null)?.src ||
  [...document.scripts].map((s) => s.src).find((s) => /\/widget\.js(\?|$)/.test(s)) ||
  "";
/** The CDN address, ending in `/`. */
const base = self.replace(/widget\.js.*$/, "");

async function load(el: HTMLElement) {
  const id = el.getAttribute("data-svc-widget") ?? "";
  const root = el.attachShadow({ mode: "open" });
  if (!/^[\w-]{1,64}$/.test(id) || !base) return;
  try {
    const res = await fetch(`${base}widgets/${id}.json`, { credentials: "omit" });
    if (!res.ok) return;
    const doc = (await res.json()) as WidgetDocument;
    if (doc.version === 1) renderWidget(root, doc);
  } catch {
    // Offline or blocked: the box stays empty rather than breaking the host page.
  }
}

let queued = false;
function scan() {
  queued = false;
  // A box that arrived already drawn (the widget's HTML fragment, included on the server) is kept as it is.
  for (const el of document.querySelectorAll<HTMLElement>("div[data-svc-widget]:not([data-svc-static])"))
    if (!el.shadowRoot) void load(el);
}

scan();
new MutationObserver(() => {
  if (!queued) {
    queued = true;
    setTimeout(scan, 50);
  }
}).observe(document.documentElement, { childList: true, subtree: true });
