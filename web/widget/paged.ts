/**
 * The wall: pages of cards that fit the box, never a scroll area inside the page. `standard` is a grid of equal
 * cards, as many columns as fit the width (one on a phone) and rows as fit the height; `masonry` packs cards of
 * their natural height into the columns. Previous/Next (and the arrow keys, and a swipe) turn pages; the page
 * showing the first card of the current one is kept when the box changes size.
 */
import { card } from "./card";
import { h } from "./dom";
import { CROP, fit } from "./fit";
import { roundButton, type Draw } from "./view";
import { rtl, t } from "./words";

/** Narrowest column and lowest row of the grid (CSS pixels), and the gap between cards. */
const COL = 280;
const ROW = 230;
const GAP = 12;
/** What a video card holds besides its poster: padding, face and name, stars, a line of words, the date, gaps. */
const VIDEO_CHROME = 180;
/** Share of its natural height a video's poster may be given when a page is short of room (fit.ts narrows it). */
const VIDEO_SQUEEZE = 0.6;

const fitting = (size: number, min: number) => Math.max(1, Math.floor((size + GAP) / (min + GAP)));

/**
 * What a card asks of a standard grid row: `ROW`, or for a video the room its poster needs at the column's width
 * in the recording's shape (cropped a little at most), so a row holding a video is taller; and the least it can
 * live with (its poster drawn narrower, in its shape).
 */
function rowSize(c: HTMLElement, columnWidth: number, height: number): { need: number; least: number } {
  const ratio = Number(c.querySelector<HTMLElement>(".pl.video")?.dataset.ratio);
  if (!ratio) return { need: ROW, least: ROW };
  const poster = (columnWidth * (1 - CROP)) / ratio;
  return {
    need: Math.min(height, Math.max(ROW, VIDEO_CHROME + poster)),
    least: Math.min(height, Math.max(ROW, VIDEO_CHROME + poster * VIDEO_SQUEEZE)),
  };
}

/**
 * Standard pages: rows of `cols` cards, as many rows as fit in `height` at the least each needs; each page's row
 * sizes are proportional to what they ask for, and a page with room left gets empty rows of `ROW`, so cards keep
 * one size.
 */
function standardPages(cards: HTMLElement[], cols: number, width: number, height: number) {
  const cw = (width - GAP * (cols - 1)) / cols;
  const pages: { cards: HTMLElement[]; rows: number[] }[] = [];
  let used = 0;
  for (let i = 0; i < cards.length; i += cols) {
    const row = cards.slice(i, i + cols);
    const sizes = row.map((c) => rowSize(c, cw, height));
    const need = Math.max(...sizes.map((x) => x.need));
    const least = Math.max(...sizes.map((x) => x.least));
    const page = pages[pages.length - 1];
    if (page && used + GAP + least <= height) {
      page.cards.push(...row);
      page.rows.push(need);
      used += GAP + least;
    } else {
      pages.push({ cards: row, rows: [need] });
      used = least;
    }
  }
  for (const p of pages) {
    let room = height - p.rows.reduce((a, b) => a + b, 0) - GAP * (p.rows.length - 1);
    while (room >= ROW + GAP) p.rows.push(ROW), (room -= ROW + GAP);
  }
  return pages;
}

/** The wall layout; `masonry` packs natural-height cards. */
export const wall =
  (masonry: boolean): Draw =>
  ({ host, doc, resize }) => {
    const cards = doc.items.map((i) => card(host, i, true));
    const grid = h("div", { class: `g fx${masonry ? " ms" : ""}` });
    const status = h("span", { class: "mu", "aria-live": "polite" });
    const prev = roundButton(t("previousPage"), "‹");
    const next = roundButton(t("nextPage"), "›");
    const nav = h("div", { class: "nv" }, status, prev, next);
    let pages: HTMLElement[][] = [];
    // Standard pages: each page's row sizes.
    let rows: number[][] = [];
    let at = 0;
    let cols = 1;
    const show = (p: number) => {
      at = Math.max(0, Math.min(p, pages.length - 1));
      const page = pages[at] ?? [];
      if (masonry) {
        const columns = Array.from({ length: cols }, () => h("div", { class: "col" }));
        page.forEach((c) => columns[Number(c.dataset.col)]!.append(c));
        grid.replaceChildren(...columns);
      } else {
        grid.style.gridTemplateRows = (rows[at] ?? [ROW]).map((r) => `minmax(0,${Math.round(r)}fr)`).join(" ");
        grid.replaceChildren(...page);
      }
      status.textContent = `${at + 1} / ${pages.length}`;
      prev.disabled = at === 0;
      next.disabled = at >= pages.length - 1;
      nav.hidden = pages.length < 2;
      fit(grid);
    };
    const paginate = () => {
      const first = pages[at]?.[0];
      nav.hidden = false;
      const width = grid.clientWidth;
      const height = grid.clientHeight;
      cols = fitting(width, COL);
      grid.style.gridTemplateColumns = `repeat(${cols},minmax(0,1fr))`;
      pages = [];
      if (masonry) {
        // Natural heights at the column's width, measured in one column.
        const probe = h("div", { class: "col" }, ...cards);
        probe.style.width = `${(width - GAP * (cols - 1)) / cols}px`;
        grid.replaceChildren(probe);
        for (const c of cards) c.style.maxHeight = "";
        const heights = cards.map((c) => Math.min(c.offsetHeight, height));
        // Each card into a new column while there are columns left, then into the shortest; shortened (its
        // words clamped) when at least ROW is left there, else onto a new page.
        let fill: number[] = [];
        cards.forEach((c, i) => {
          let j = fill.length < cols ? fill.push(0) - 1 : fill.indexOf(Math.min(...fill));
          let room = fill[j] ? height - fill[j]! - GAP : height;
          if (!pages.length || room < Math.min(ROW, heights[i]!)) {
            if (pages.length) (fill = [0]), (j = 0), (room = height);
            pages.push([]);
          }
          const ht = Math.min(heights[i]!, room);
          c.style.maxHeight = `${ht}px`;
          fill[j] = height - room + ht;
          c.dataset.col = String(j);
          pages[pages.length - 1]!.push(c);
        });
      } else {
        const laid = standardPages(cards, cols, width, height);
        pages = laid.map((p) => p.cards);
        rows = laid.map((p) => p.rows);
      }
      show(
        Math.max(
          0,
          pages.findIndex((p) => first && p.includes(first)),
        ),
      );
    };
    resize.push(paginate);
    prev.onclick = () => show(at - 1);
    next.onclick = () => show(at + 1);
    const region = h(
      "section",
      { class: "pg", "aria-roledescription": t("pages"), "aria-label": t("for", { brand: doc.brand_name }) },
      grid,
      nav,
    );
    region.onkeydown = (e) => {
      const step = { ArrowLeft: -1, ArrowRight: 1 }[e.key]! * (rtl(region) ? -1 : 1);
      if (step && !(e.target as HTMLElement).closest?.("dialog")) show(at + step);
    };
    let x0 = 0;
    grid.ontouchstart = (e) => (x0 = e.touches[0]!.clientX);
    grid.ontouchend = (e) => {
      const dx = e.changedTouches[0]!.clientX - x0;
      if (Math.abs(dx) > 40) show(at - Math.sign(dx) * (rtl(grid) ? -1 : 1));
    };
    return region;
  };
