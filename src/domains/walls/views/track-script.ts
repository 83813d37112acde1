/**
 * The wall's reporting script (docs/analytics.md), inlined and allowed by its hash like the player: the page seen
 * for a second, each card half on screen for a second, a recording played and the quarters of it reached, and the
 * header's calls to action ("Share your experience", the brand's website) clicked. Events leave together in one
 * `navigator.sendBeacon` to the box (`data-beacon` on the body, with the brand's id in `data-brand`) two seconds
 * after the first, or at once when the page is hidden. Nothing is sent under Global Privacy Control, Do Not Track or
 * an automated browser; nothing is stored in the browser. The bytes are the same for every visitor (the page is
 * kept rendered): everything the script needs is in the page.
 */

/** Runs in the browser; must not use anything outside its own body. */
function track() {
  const body = document.body;
  const url = body.dataset.beacon;
  const brand = body.dataset.brand;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (
    !url ||
    !brand ||
    nav.globalPrivacyControl === true ||
    nav.doNotTrack === "1" ||
    nav.webdriver === true ||
    typeof nav.sendBeacon !== "function"
  )
    return;
  type Ev = { type: string; submission_id?: string; percent?: number; target?: string };
  let queue: Ev[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const done: Record<string, true> = {};
  const send = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    while (queue.length) {
      nav.sendBeacon(url, JSON.stringify({ brand_id: brand, events: queue.slice(0, 50) }));
      queue = queue.slice(50);
    }
  };
  const push = (e: Ev, key?: string) => {
    if (key) {
      if (done[key]) return;
      done[key] = true;
    }
    if (queue.some((q) => JSON.stringify(q) === JSON.stringify(e))) send();
    queue.push(e);
    timer = timer || setTimeout(send, 2000);
  };
  addEventListener("pagehide", send);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") send();
    else seen();
  });
  const sidOf = (el: Element | null) => (el?.closest("[data-sid]") as HTMLElement | null)?.dataset.sid;
  // The page as a whole: seen once it has been visible for a second.
  let pageTimer: ReturnType<typeof setTimeout> | null = null;
  const seen = () => {
    if (document.visibilityState !== "visible" || pageTimer || done.page) return;
    pageTimer = setTimeout(() => push({ type: "view" }, "page"), 1000);
  };
  seen();
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
              io.unobserve(el);
              push({ type: "view", submission_id: el.dataset.sid }, `v${el.dataset.sid}`);
            }, 1000),
          );
        } else {
          clearTimeout(waiting.get(el));
          waiting.delete(el);
        }
      }
    },
    { threshold: [0, 0.5, 1] },
  );
  for (const c of document.querySelectorAll("figure[data-sid]")) io.observe(c);
  document.addEventListener(
    "click",
    (e) => {
      if ((e.target as Element | null)?.closest?.("a[data-cta]")) push({ type: "click", target: "cta" });
    },
    true,
  );
  const reached = new WeakMap<Element, Record<number, true>>();
  document.addEventListener(
    "playing",
    (e) => {
      const media = e.target as HTMLMediaElement;
      const sid = sidOf(media);
      if (!sid || reached.has(media)) return;
      reached.set(media, {});
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
    for (const q of [25, 50, 75, 100])
      if (pct >= (q === 100 ? 99 : q) && !got[q]) {
        got[q] = true;
        push({ type: "progress", submission_id: sid, percent: q });
      }
  };
  document.addEventListener("timeupdate", progress, true);
  document.addEventListener("ended", progress, true);
}

/** The script's source as it goes into the page, whitespace removed. */
export const TRACK_SCRIPT = new Bun.Transpiler({ loader: "ts", minifyWhitespace: true })
  .transformSync(`(${track.toString()})();`)
  .trim();
