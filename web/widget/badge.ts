/**
 * The faces-and-rating badge, sized to its content: up to seven faces, the stars and "4.8 from 12 reviews". The
 * `standard` look sits in the page where the snippet is; `floating` is fixed in the visitor's bottom corner and
 * opens the testimonials in a dialog.
 */
import type { WidgetDocument } from "../../src/domains/widgets/format";
import { card, face, stars } from "./card";
import { h } from "./dom";
import { openDialog } from "./dialog";
import type { Draw } from "./view";
import { decimal, t } from "./words";

/** The faces and the rating line of a badge. */
function badgeParts(doc: WidgetDocument): HTMLElement[] {
  const faces = doc.fields.avatar
    ? doc.items
        .slice(0, 7)
        .map(face)
        .filter((f): f is HTMLElement => !!f)
    : [];
  const { average, count } = doc.rating;
  const rated = doc.fields.rating && count > 0;
  const avg = decimal(average);
  const n = doc.items.length;
  return [
    ...(faces.length ? [h("span", { class: "fs", "aria-hidden": "true" }, ...faces)] : []),
    h(
      "span",
      { class: "bt" },
      rated ? stars(Math.round(average), t("stars", { rating: avg })) : null,
      h("span", null, rated ? t("rated", { average: avg, count }) : t("count", { count: n })),
    ),
  ];
}

/** The badge in the page. */
export const avatars: Draw = ({ doc, at }) => {
  const parts = badgeParts(doc);
  if (at) parts[parts.length - 1]!.append(at);
  return h("div", { class: "fa" }, ...parts);
};

/** The badge fixed in the corner; a press opens every testimonial of the widget in a dialog. */
export const floating: Draw = ({ host, doc, at }) => {
  const b = h("button", { type: "button", class: "fa", "aria-haspopup": "dialog" }, ...badgeParts(doc));
  const title = t("for", { brand: doc.brand_name });
  b.setAttribute("aria-label", `${title}: ${b.textContent}`);
  b.onclick = () =>
    openDialog(
      host,
      title,
      [h("div", { class: "dl" }, ...doc.items.map((i) => card(host, i, false))), at && at.cloneNode(true)],
      b,
    );
  return h("div", { class: "fw" }, b, at);
};
