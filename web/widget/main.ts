/**
 * The embed script: one copy serves every widget on a page. It finds each `div[data-svc-widget]`, fetches the
 * widget's document from the CDN address the script itself came from, and draws it in a shadow root. It sets
 * no cookies, uses no storage and requests nothing from any other host, except the beacons it sends to the box
 * (the document's `beacon_url`) about what visitors saw, played and clicked (track.ts), unless they opted out. A
 * missing document (a deleted widget) leaves the box empty. Boxes added to the page later (single-page sites) are
 * found too. A box that is the widget's HTML fragment (`data-svc-static`, included in the page on the server) is
 * left as it is: no second drawing.
 */
import type { WidgetDocument } from "../../src/domains/widgets/format";
import { renderWidget } from "./render";
import { track } from "./track";

const self =
  (document.currentScript as HTMLScriptElement | null)?.src ||
  [...document.scripts].map((s) => s.src).find((s) => /\/widget\.js(\?|$)/.test(s)) ||
  "";
/** The CDN address, ending in `/`. */
const base = self.replace(/widget\.js.*$/, "");

/** The widget's document, or null (a bad id, a deleted widget, offline). */
async function fetchDocument(el: HTMLElement): Promise<WidgetDocument | null> {
  const id = el.getAttribute("data-svc-widget") ?? "";
  if (!/^[\w-]{1,64}$/.test(id) || !base) return null;
  try {
    const res = await fetch(`${base}widgets/${id}.json`, { credentials: "omit" });
    if (!res.ok) return null;
    const doc = (await res.json()) as WidgetDocument;
    return doc.version === 1 ? doc : null;
  } catch {
    // Offline or blocked: the box stays as it is rather than breaking the host page.
    return null;
  }
}

async function load(el: HTMLElement) {
  const root = el.attachShadow({ mode: "open" });
  const doc = await fetchDocument(el);
  if (!doc) return;
  renderWidget(root, doc, el.getAttribute("data-svc-lang"));
  track(root, doc);
}

/** A box already drawn on the server (the widget's HTML fragment): kept as it is, only reported on. */
async function keep(el: HTMLElement) {
  el.setAttribute("data-svc-seen", "");
  const doc = await fetchDocument(el);
  if (doc) track(el, doc);
}

let queued = false;
function scan() {
  queued = false;
  for (const el of document.querySelectorAll<HTMLElement>("div[data-svc-widget]")) {
    if (el.hasAttribute("data-svc-static")) {
      if (!el.hasAttribute("data-svc-seen")) void keep(el);
    } else if (!el.shadowRoot) void load(el);
  }
}

scan();
new MutationObserver(() => {
  if (!queued) {
    queued = true;
    setTimeout(scan, 50);
  }
}).observe(document.documentElement, { childList: true, subtree: true });
