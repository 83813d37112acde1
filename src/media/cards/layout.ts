/**
 * The share image's design (issue 25), as the element tree satori lays out: the brand's colour around a white card
 * holding the stars, the quote set as large as it fits, and the person (photo or initials, name, title); the brand's
 * logo and name above it. Three sizes: square 1080×1080 (Instagram, LinkedIn posts), story 1080×1920 (stories,
 * reels) and landscape 1200×630 (link previews: `og:image`). Plain objects (`{ type, props }`), no React.
 */
import type { CardFont } from "./fonts";

/** The sizes, in pixels. */
export const CARD_SIZES = {
  square: { width: 1080, height: 1080, maxChars: 320 },
  story: { width: 1080, height: 1920, maxChars: 460 },
  landscape: { width: 1200, height: 630, maxChars: 170 },
} as const;
/** A size's name. */
export type CardSize = keyof typeof CARD_SIZES;

/** What a card shows, ready to lay out. */
export interface CardContent {
  /** The words, already chosen to fit (quote.ts). */
  quote: string;
  name: string;
  /** Title and company, or null. */
  byline: string | null;
  rating: number | null;
  /** The brand's colour, `#rrggbb`. */
  color: string;
  brandName: string;
  /** PNG data URIs, or null. */
  logo: string | null;
  avatar: string | null;
  font: CardFont;
}

/** An element as satori takes it. */
export interface Node {
  type: string;
  props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown };
}

/** An element for satori: a tag, its style, its children and other props. */
export const el = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  extra: Record<string, unknown> = {},
): Node => ({
  type,
  props: { style, children, ...extra },
});

/** Relative luminance of a hex colour (WCAG), to pick readable text on it. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const STAR = "M12 2l3.09 6.26L22 9.27l-5 4.87L18.18 21 12 17.77 5.82 21 7 14.14l-5-4.87 6.91-1.01z";

function stars(rating: number, size: number, color: string): Node {
  return el(
    "div",
    { display: "flex", gap: size * 0.2 },
    Array.from({ length: 5 }, (_, i) =>
      el(
        "svg",
        { width: size, height: size },
        [{ type: "path", props: { d: STAR, fill: i < rating ? color : "#d1d5db" } }],
        { viewBox: "0 0 24 24", width: size, height: size },
      ),
    ),
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("") || "?";

/** The quote's font size: as large as fits the text box (about half an em a letter, 1.3 em a line). */
export function quoteSize(chars: number, boxWidth: number, boxHeight: number, max: number, min: number): number {
  const fit = Math.sqrt((boxWidth * boxHeight) / (0.62 * Math.max(chars, 1))) * 0.9;
  return Math.round(Math.max(min, Math.min(max, fit)));
}

/** The brand's logo (when it has one) and name, on its colour, `height` pixels high. */
export function brandHead(
  c: Pick<CardContent, "logo" | "brandName">,
  height: number,
  unit: number,
  onColor: string,
): Node {
  const side = Math.round(height * 0.8);
  return el("div", { display: "flex", alignItems: "center", gap: Math.round(20 * unit), height }, [
    ...(c.logo
      ? [
          el("img", { width: side, height: side, borderRadius: 12 * unit, objectFit: "contain" }, undefined, {
            src: c.logo,
            width: side,
            height: side,
          }),
        ]
      : []),
    el("div", { fontSize: Math.round(34 * unit), fontWeight: 700, color: onColor }, c.brandName),
  ]);
}

/** The element tree of a card, and the families it needs. */
export function cardTree(c: CardContent, size: CardSize, quoteFamily: string, quoteStyle: "normal" | "italic"): Node {
  const { width, height } = CARD_SIZES[size];
  // Sizes follow the width (what a feed shows at the same size); the height only decides how much room the words get.
  const unit = width / 1080;
  const pad = Math.round((size === "landscape" ? 40 : 72) * unit);
  const inner = Math.round((size === "landscape" ? 40 : 64) * unit);
  const onColor = luminance(c.color) > 0.5 ? "#111827" : "#ffffff";
  const headH = Math.round((size === "landscape" ? 60 : 84) * unit);
  const footH = Math.round((size === "landscape" ? 80 : 132) * unit);
  const starH = c.rating ? Math.round(44 * unit) : 0;
  const boxW = width - 2 * pad - 2 * inner;
  const boxH = height - 2 * pad - headH - 2 * inner - footH - starH - Math.round(48 * unit);
  const fs = quoteSize(c.quote.length + 2, boxW, boxH, Math.round((size === "story" ? 80 : 68) * unit), 26);
  const avatarSide = Math.round((size === "landscape" ? 72 : 104) * unit);
  const person = el("div", { display: "flex", alignItems: "center", gap: Math.round(24 * unit) }, [
    c.avatar
      ? el("img", { width: avatarSide, height: avatarSide, borderRadius: avatarSide, objectFit: "cover" }, undefined, {
          src: c.avatar,
          width: avatarSide,
          height: avatarSide,
        })
      : el(
          "div",
          {
            width: avatarSide,
            height: avatarSide,
            borderRadius: avatarSide,
            background: c.color,
            color: onColor,
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            fontSize: Math.round(avatarSide * 0.4),
            fontWeight: 700,
          },
          initials(c.name),
        ),
    el("div", { display: "flex", flexDirection: "column", maxWidth: boxW - avatarSide - 24 }, [
      el("div", { fontSize: Math.round(34 * unit), fontWeight: 700, color: "#111827" }, c.name),
      ...(c.byline ? [el("div", { fontSize: Math.round(26 * unit), color: "#4b5563" }, c.byline)] : []),
    ]),
  ]);
  const head = brandHead(c, headH, unit, onColor);
  const card = el(
    "div",
    {
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      flexGrow: 1,
      boxSizing: "border-box",
      background: "#ffffff",
      borderRadius: Math.round(28 * unit),
      padding: inner,
      boxShadow: "0 12px 40px rgba(0,0,0,0.18)",
    },
    [
      el(
        "div",
        { display: "flex", flexDirection: "column", justifyContent: "center", flexGrow: 1, gap: Math.round(28 * unit) },
        [
          ...(c.rating ? [stars(c.rating, starH, "#f59e0b")] : []),
          el(
            "div",
            {
              display: "flex",
              fontFamily: quoteFamily,
              fontStyle: quoteStyle,
              fontSize: fs,
              lineHeight: 1.3,
              color: "#111827",
              width: boxW,
            },
            `“${c.quote}”`,
          ),
        ],
      ),
      person,
    ],
  );
  return el(
    "div",
    {
      width,
      height,
      boxSizing: "border-box",
      display: "flex",
      flexDirection: "column",
      gap: Math.round(24 * unit),
      padding: pad,
      background: c.color,
      fontFamily: "Inter",
    },
    [head, card],
  );
}
