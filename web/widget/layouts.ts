/**
 * The four layouts: `wall` (a grid of cards, scrolling inside the box), `carousel` (a snapping row with buttons
 * and arrow keys), `single` (one featured testimonial) and `avatars` (faces and the rating).
 */
import type { Layout, WidgetDocument } from "../../src/domains/widgets/format";
import { h } from "./dom";
import { card, face, stars } from "./card";

type Draw = (host: HTMLElement, doc: WidgetDocument) => HTMLElement;

const wall: Draw = (host, doc) =>
  // Focusable, so keyboard users can scroll it when no card holds a button.
  h(
    "div",
    { class: "g", tabindex: 0, role: "region", "aria-label": `Testimonials for ${doc.brand_name}` },
    ...doc.items.map((i) => card(host, i, false)),
  );

const carousel: Draw = (host, doc) => {
  const track = h(
    "ul",
    { class: "tr", tabindex: 0, "aria-label": "Testimonials; use the arrow keys to scroll" },
    ...doc.items.map((i) => h("li", null, card(host, i, true))),
  );
  const step = (dir: number) =>
    track.scrollBy({ left: dir * (track.firstElementChild?.clientWidth ?? 280), behavior: "smooth" });
  // A row starts at its beginning; whether there is more to the right is known once it is laid out.
  const prev = h("button", { type: "button", class: "nb", "aria-label": "Previous testimonial", disabled: true }, "‹");
  const next = h("button", { type: "button", class: "nb", "aria-label": "Next testimonial" }, "›");
  prev.onclick = () => step(-1);
  next.onclick = () => step(1);
  const ends = () => {
    prev.disabled = track.scrollLeft <= 1;
    next.disabled = track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
  };
  track.onscroll = ends;
  requestAnimationFrame(ends);
  track.onkeydown = (e) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => step(1),
      ArrowLeft: () => step(-1),
      Home: () => track.scrollTo({ left: 0 }),
      End: () => track.scrollTo({ left: track.scrollWidth }),
    };
    if (keys[e.key] && e.target === track) {
      e.preventDefault();
      keys[e.key]!();
    }
  };
  return h(
    "section",
    { class: "cr", "aria-roledescription": "carousel", "aria-label": `Testimonials for ${doc.brand_name}` },
    track,
    h("div", { class: "nv" }, prev, next),
  );
};

const single: Draw = (host, doc) => h("div", { class: "sg" }, doc.items[0] ? card(host, doc.items[0], true) : null);

const avatars: Draw = (_host, doc) => {
  const faces = doc.fields.avatar
    ? doc.items
        .slice(0, 7)
        .map(face)
        .filter((f): f is HTMLElement => !!f)
    : [];
  const { average, count } = doc.rating;
  const rated = doc.fields.rating && count > 0;
  const avg = average.toFixed(1);
  return h(
    "div",
    { class: "fa" },
    faces.length ? h("div", { class: "fs", "aria-hidden": "true" }, ...faces) : null,
    h(
      "p",
      null,
      rated ? stars(Math.round(average), `Rated ${avg} out of 5`) : null,
      h(
        "span",
        null,
        rated
          ? ` ${avg} from ${count} review${count === 1 ? "" : "s"}`
          : `${doc.items.length} testimonial${doc.items.length === 1 ? "" : "s"}`,
      ),
    ),
  );
};

/** Draws a layout. */
export const LAYOUT_DRAW: Record<Layout, Draw> = { wall, carousel, single, avatars };
