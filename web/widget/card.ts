/**
 * One testimonial as a card: face, name, title and company, stars, the recording's poster (a play button), the
 * words and the date. Only what the document carries is drawn: a switched-off field is simply absent.
 */
import type { DocumentItem } from "../../src/domains/widgets/format";
import { clock, h, initials, inkOn, safeUrl } from "./dom";
import { openPlayer, speaker } from "./player";
import { day, t } from "./words";

/** Stars for a rating of 1 to 5, read as one phrase. */
export const stars = (rating: number, label = t("stars", { rating })) =>
  h(
    "span",
    { class: "st", role: "img", "aria-label": label },
    "★".repeat(Math.round(rating)) + "☆".repeat(5 - Math.round(rating)),
  );

/** The face: the published thumbnail, or initials when the name is shown, or nothing. */
export function face(item: DocumentItem): HTMLElement | null {
  if (!("avatar_url" in item)) return null;
  const src = safeUrl(item.avatar_url);
  if (src) return h("img", { class: "av", src, alt: "", width: 40, height: 40 });
  return h("span", { class: "av", "aria-hidden": "true" }, item.name ? initials(item.name) : "");
}

/** Shapes a poster box may take (width ÷ height): a very wide or very tall recording is cropped to these. */
const WIDEST = 2.4;
const TALLEST = 0.5;

/**
 * The shape of a video's poster box: the recording's own (documents before sizes were published: 16:9), so a face
 * is never cut to a band; `fit` (fit.ts) may crop it a little or make it narrower, never flatter.
 */
export const posterRatio = (item: DocumentItem) =>
  item.width && item.height ? Math.min(WIDEST, Math.max(TALLEST, item.width / item.height)) : 16 / 9;

/** The button that opens the player: the poster for a video, a bar for a recording of sound. */
function playButton(host: HTMLElement, item: DocumentItem): HTMLElement | null {
  if (item.kind === "text" || !safeUrl(item.kind === "video" ? item.video_url : item.audio_url)) return null;
  // The length in brackets after the words, in every language.
  const length = item.duration_ms ? ` (${clock(item.duration_ms)})` : "";
  const poster = safeUrl(item.poster_url);
  const img = poster ? h("img", { src: poster, alt: "" }) : null;
  const b = h(
    "button",
    {
      type: "button",
      class: `pl ${item.kind}`,
      "aria-label": t("play", { kind: item.kind, name: speaker(item) }) + length,
    },
    img,
    h("span", { class: "pi", "aria-hidden": "true" }, "▶"),
    item.kind === "audio" ? h("span", { "aria-hidden": "true" }, t("listen") + length) : null,
  );
  if (item.kind === "video") {
    const ratio = posterRatio(item);
    b.dataset.ratio = String(ratio);
    // Style properties set through the CSSOM, which a strict style-src on the host page allows.
    b.style.aspectRatio = String(ratio);
    // Any crop keeps the face in the picture when one was found.
    const f = item.focus;
    if (img && f) img.style.objectPosition = `${Math.round(f.x * 100)}% ${Math.round(f.y * 100)}%`;
  }
  b.onclick = () => openPlayer(host, item, b);
  return b;
}

/** Colours of the sources reviews are most often imported from (their marks' own colours); others take the accent. */
const SOURCE_COLOURS: Record<string, string> = {
  google: "#1967d2",
  trustpilot: "#007f55",
  facebook: "#0b62d6",
  yelp: "#d32323",
  g2: "#c9301c",
  capterra: "#044d80",
  tripadvisor: "#00815a",
  amazon: "#ff9900",
};

/**
 * "from Google": where an imported review was first published, a small mark with the source's initial in its colour
 * and its name, linking to the review when its address is known. Nothing for testimonials collected here.
 */
export function sourceMark(item: DocumentItem): HTMLElement | null {
  const name = item.source?.name?.trim();
  if (!name) return null;
  const url = safeUrl(item.source?.url);
  const dot = h("span", { class: "sd", "aria-hidden": "true" }, name[0]!.toUpperCase());
  const colour = SOURCE_COLOURS[name.toLowerCase().replace(/[^a-z0-9]/g, "")];
  if (colour) {
    dot.style.background = colour;
    dot.style.color = inkOn(colour);
  }
  const words = t("source", { source: name });
  return url
    ? h(
        "a",
        {
          class: "sm",
          href: url,
          target: "_blank",
          rel: "noopener nofollow",
          title: t("sourceLink", { source: name }),
        },
        dot,
        words,
      )
    : h("span", { class: "sm" }, dot, words);
}

/** A "Read more" button, made visible by `fit` (fit.ts) when the words do not fit their card. */
function readMore(host: HTMLElement, item: DocumentItem): HTMLElement {
  const b = h(
    "button",
    { type: "button", class: "rm", "aria-label": t("readMoreFrom", { name: speaker(item) }) },
    t("readMore"),
  );
  b.onclick = () => openPlayer(host, { ...item, kind: "text" }, b);
  return b;
}

/** The answers the owner chose to show, one "question: answer" line each; nothing when there are none. */
function answers(item: DocumentItem): HTMLElement | null {
  if (!item.answers?.length) return null;
  const said = (v: string | boolean) => (v === true ? t("yes") : v === false ? t("no") : v);
  return h(
    "dl",
    { class: "an" },
    ...item.answers.map((a) =>
      h("div", null, h("dt", null, /[?!:.]$/.test(a.label) ? a.label : `${a.label}:`), h("dd", null, said(a.value))),
    ),
  );
}

/** A card; `clamp` cuts long words to the whole lines that fit, with a "Read more" (fixed-height layouts). */
export function card(host: HTMLElement, item: DocumentItem, clamp: boolean): HTMLElement {
  const role = [item.title, item.company].filter(Boolean).join(", ");
  const text = item.text ? h("p", { class: clamp ? "q cl" : "q" }, item.text) : null;
  return h(
    "article",
    // The testimonial's id lets the embed script tell which card was seen or clicked (track.ts).
    { class: "c", "data-sid": item.id },
    h(
      "div",
      { class: "ch" },
      face(item),
      h(
        "div",
        { class: "who" },
        item.name ? h("strong", null, item.name) : null,
        role ? h("span", { class: "mu" }, role) : null,
      ),
    ),
    item.rating ? stars(item.rating) : null,
    playButton(host, item),
    text,
    answers(item),
    h(
      "div",
      { class: "cf" },
      item.date || item.source
        ? h(
            "span",
            { class: "mt" },
            item.date ? h("time", { class: "mu", datetime: item.date }, day(item.date)) : null,
            sourceMark(item),
          )
        : null,
      text && clamp ? readMore(host, item) : null,
    ),
  );
}
