/**
 * What the embed script reports to the box (docs/analytics.md): the widget seen (at least half of it on screen for
 * a second), each card seen the same way, a recording played and the quarters of it reached, and a "Read more"
 * clicked. Events wait up to `SEND_MS` and leave together in one `navigator.sendBeacon` (text, so no preflight),
 * and at once when the page is hidden or left. Nothing is stored in the browser and no cookie is read or set.
 *
 * Nothing is sent at all when the visitor asks not to be tracked (`navigator.globalPrivacyControl`, Do Not Track)
 * or the browser is automated (`navigator.webdriver`), or the document names no beacon address or widget (the
 * dashboard's builder draws a preview with `renderWidget` alone and never calls this).
 */
import type { WidgetDocument } from "../../src/domains/widgets/format";
import type { BeaconEvent } from "../../src/domains/analytics/model";
import { safeUrl } from "./dom";

/** One reported event, as the beacon route takes it (its schema's type). */
type Ev = BeaconEvent;

/** How long events wait to leave together (ms). */
const SEND_MS = 2000;
/** How long half of a thing must stay on screen to count as seen (ms). */
const SEEN_MS = 1000;
/** Most events in one beacon (the route's limit). */
const PER_BEACON = 50;
const QUARTERS = [25, 50, 75, 100] as const;

/** True when this browser must not report anything. */
export function mayNotTrack(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const w = window as Window & { doNotTrack?: string };
  return (
    nav.globalPrivacyControl === true ||
    nav.doNotTrack === "1" ||
    w.doNotTrack === "1" ||
    nav.msDoNotTrack === "1" ||
    nav.webdriver === true
  );
}

const sidOf = (el: Element | null) => (el?.closest("[data-sid]") as HTMLElement | null)?.dataset.sid || undefined;

/**
 * Starts reporting for a widget drawn in `root`: its shadow root, or the box itself when it is the widget's HTML
 * fragment included on the server (same cards with `data-sid`, its box `.svc-w`, the browser's own players).
 */
export function track(root: ShadowRoot | HTMLElement, doc: WidgetDocument) {
  const url = safeUrl(doc.beacon_url);
  const widgetId = doc.widget_id;
  if (!url || !widgetId || mayNotTrack() || typeof navigator.sendBeacon !== "function") return;
  let queue: Ev[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const once = new Set<string>();
  const send = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    while (queue.length) {
      const events = queue.slice(0, PER_BEACON);
      queue = queue.slice(PER_BEACON);
      navigator.sendBeacon(url, JSON.stringify({ widget_id: widgetId, events }));
    }
  };
  const same = (a: Ev, b: Ev) =>
    a.type === b.type && a.submission_id === b.submission_id && a.percent === b.percent && a.target === b.target;
  const push = (e: Ev, key?: string) => {
    if (key) {
      if (once.has(key)) return;
      once.add(key);
    }
    // The route counts each thing once per beacon: a second play of the same recording leaves in the next one.
    if (queue.some((q) => same(q, e))) send();
    queue.push(e);
    timer ??= setTimeout(send, SEND_MS);
  };
  addEventListener("pagehide", send);
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && send());

  // Seen: half on screen for a second; the widget once and each card once per page view.
  const waiting = new Map<Element, ReturnType<typeof setTimeout>>();
  const io = new IntersectionObserver(
    (entries) => {
      for (const en of entries) {
        const el = en.target as HTMLElement;
        if (en.isIntersecting && en.intersectionRatio >= 0.5) {
          if (waiting.has(el)) continue;
          waiting.set(
            el,
            setTimeout(() => {
              waiting.delete(el);
              const sid = el.dataset.sid;
              push(sid ? { type: "view", submission_id: sid } : { type: "view" }, `view:${sid ?? ""}`);
              io.unobserve(el);
            }, SEEN_MS),
          );
        } else {
          clearTimeout(waiting.get(el));
          waiting.delete(el);
        }
      }
    },
    { threshold: [0, 0.5, 1] },
  );
  const watch = () => {
    const box = root.querySelector(".w, .svc-w");
    if (box && !once.has("view:")) io.observe(box);
    for (const c of root.querySelectorAll("article[data-sid]"))
      if (!once.has(`view:${(c as HTMLElement).dataset.sid}`)) io.observe(c);
  };
  watch();
  // Page turns, layouts drawn again and the dialog add cards later.
  new MutationObserver(watch).observe(root, { childList: true, subtree: true });

  root.addEventListener("click", (e) => {
    const el = (e.target as Element | null)?.closest?.(".rm");
    const sid = el ? sidOf(el) : undefined;
    if (sid) push({ type: "click", target: "read_more", submission_id: sid });
  });

  // Media events do not bubble: listened to in the capture phase. Each opened player counts one play.
  const reached = new WeakMap<HTMLMediaElement, Set<number>>();
  root.addEventListener(
    "playing",
    (e) => {
      const media = e.target as HTMLMediaElement;
      const sid = sidOf(media);
      if (!sid || reached.has(media)) return;
      reached.set(media, new Set());
      push({ type: "play", submission_id: sid });
    },
    true,
  );
  const progress = (e: Event) => {
    const media = e.target as HTMLMediaElement;
    const sid = sidOf(media);
    const got = reached.get(media);
    if (!sid || !got || !(media.duration > 0)) return;
    const pct = e.type === "ended" ? 100 : (media.currentTime / media.duration) * 100;
    for (const q of QUARTERS)
      if (pct >= (q === 100 ? 99 : q) && !got.has(q)) {
        got.add(q);
        push({ type: "progress", submission_id: sid, percent: q });
      }
  };
  root.addEventListener("timeupdate", progress, true);
  root.addEventListener("ended", progress, true);
}
