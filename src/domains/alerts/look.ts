/**
 * The organisation's look on alert emails and pages (white label): its name, colour (or the dashboard's default) and
 * the text colour that reads on it, and HTML escaping for everything a respondent or a member typed.
 */

/** The colour when the organisation chose none (the dashboard's primary colour). */
export const DEFAULT_COLOR = "#4338ca";

/** The organisation's colour, or the default; only `#rrggbb` is ever used in a style. */
export const accentOf = (color: string | null | undefined) =>
  color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : DEFAULT_COLOR;

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export function textOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? "#111111" : "#ffffff";
}

/** The first letter of a name, for the mark of an organisation without a logo. */
export const initialOf = (name: string) => [...name.trim()][0]?.toUpperCase() ?? "·";

/** Text made safe for HTML content and quoted attribute values. */
export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** "★★★★☆" for a rating of 4. */
export const stars = (rating: number) => "★".repeat(rating) + "☆".repeat(5 - rating);
