/**
 * The brand colour as CSS variables that stay readable: `--accent` fills buttons with `--on-accent` text (black
 * or white, whichever contrasts more), and `--accent-ink` is the colour darkened until it reads on white (4.5:1).
 * Pure and dependency-free, so the server (wall pages, emails) and the browser (the capture page) share it: web/
 * imports it from here; nothing under src/ imports from web/.
 */

type Rgb = [number, number, number];

const parse = (hex: string): Rgb | null => {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

const luminance = ([r, g, b]: Rgb) => {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

/** WCAG contrast ratio of two colours. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const hex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [17, 24, 39];

/** CSS custom properties for a brand colour (the default indigo when the colour is missing or malformed). */
export function accentVars(color: string): Record<string, string> {
  const base = parse(color) ?? [67, 56, 202];
  const onAccent = contrast(base, WHITE) >= contrast(base, INK) ? WHITE : INK;
  let ink = base;
  for (let i = 0; i < 20 && contrast(ink, WHITE) < 4.5; i++) ink = ink.map((v) => v * 0.85) as Rgb;
  return { "--accent": hex(base), "--on-accent": hex(onAccent), "--accent-ink": hex(ink) };
}
