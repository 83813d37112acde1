/**
 * The layouts and their looks: `wall` (pages of cards; `masonry` packs them), `carousel` (a snapping row with
 * buttons and arrow keys; `marquee` is a slowly moving row of quotes), `single` (one featured testimonial) and
 * `avatars` (a badge of faces and the rating; `floating` fixes it in the visitor's corner).
 */
import type { Layout, Look } from "../../src/domains/widgets/format";
import { card } from "./card";
import { h } from "./dom";
import { avatars, floating } from "./badge";
import { wall } from "./paged";
import { roundButton, type Draw } from "./view";
import { rtl, t } from "./words";

const carousel: Draw = ({ host, doc }) => {
  const track = h(
    "ul",
    { class: "tr fx", tabindex: 0, "aria-label": t("scroll") },
    ...doc.items.map((i) => h("li", null, card(host, i, true))),
  );
  // Right to left, the row starts at the right: its scroll positions are negative and "next" is to the left.
  const flip = rtl() ? -1 : 1;
  const step = (dir: number) =>
    track.scrollBy({ left: dir * flip * (track.firstElementChild?.clientWidth ?? 280), behavior: "smooth" });
  // A row starts at its beginning; whether there is more to the right is known once it is laid out.
  const prev = roundButton(t("previous"), "‹");
  const next = roundButton(t("next"), "›");
  prev.disabled = true;
  prev.onclick = () => step(-1);
  next.onclick = () => step(1);
  const ends = () => {
    const at = Math.abs(track.scrollLeft);
    prev.disabled = at <= 1;
    next.disabled = at + track.clientWidth >= track.scrollWidth - 1;
  };
  track.onscroll = ends;
  requestAnimationFrame(ends);
  track.onkeydown = (e) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => step(flip),
      ArrowLeft: () => step(-flip),
      Home: () => track.scrollTo({ left: 0 }),
      End: () => track.scrollTo({ left: flip * track.scrollWidth }),
    };
    if (keys[e.key] && e.target === track) {
      e.preventDefault();
      keys[e.key]!();
    }
  };
  return h(
    "section",
    { class: "cr", "aria-roledescription": t("carousel"), "aria-label": t("for", { brand: doc.brand_name }) },
    track,
    h("div", { class: "nv" }, prev, next),
  );
};

/**
 * Quotes moving slowly to the left, in a loop (the row is drawn twice; the copy is hidden from assistive
 * technology and the keyboard). It stops while pointed at or focused, and with its Pause button; with reduced
 * motion asked for, it stands still as a row that scrolls.
 */
const marquee: Draw = ({ host, doc }) => {
  const quotes = doc.items.filter((i) => i.text);
  const row = (copy: boolean) =>
    quotes.map((i) =>
      h("li", copy ? { "aria-hidden": "true", inert: true } : null, card(host, { ...i, kind: "text" }, true)),
    );
  const track = h("ul", { class: "mq fx" }, ...row(false), ...row(true));
  track.style.animationDuration = `${quotes.length * 8}s`;
  const pause = h("button", { type: "button", class: "pz", "aria-pressed": "false" }, t("pause"));
  const box = h(
    "section",
    { class: "cr mw", "aria-label": t("for", { brand: doc.brand_name }) },
    h("div", { class: "mv", role: "group", tabindex: 0, "aria-label": t("quotes") }, track),
    h("div", { class: "nv" }, pause),
  );
  pause.onclick = () => pause.setAttribute("aria-pressed", String(box.classList.toggle("ps")));
  return box;
};

const single: Draw = ({ host, doc }) =>
  h("div", { class: "sg fx" }, doc.items[0] ? card(host, doc.items[0], true) : null);

/** Draws a layout in a look; a look of another layout draws the layout's standard look. */
export function drawOf(layout: Layout, look: Look): Draw {
  if (layout === "carousel") return look === "marquee" ? marquee : carousel;
  if (layout === "single") return single;
  if (layout === "avatars") return look === "floating" ? floating : avatars;
  return wall(look === "masonry");
}
