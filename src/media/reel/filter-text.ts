/**
 * Values written into ffmpeg filter graphs. A graph is parsed twice (the graph, then each filter's options), so a
 * file name with `:`, `,`, `'` or brackets must be escaped for both levels, as ffmpeg's documentation describes.
 */

/** Escapes a value for a filter option inside a `-filter_complex` graph (both parsing levels). */
export function filterValue(value: string): string {
  const option = value.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/:/g, "\\:");
  return option
    .replace(/\\/g, "\\\\")
    .replace(/'/g, "\\'")
    .replace(/[[\],;]/g, (c) => `\\${c}`);
}

/** Seconds with millisecond precision, as filter options take them. */
export const sec = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

/** `#4f46e5` → `0x4f46e5` (ffmpeg colour syntax); anything else falls back to a neutral indigo. */
export function ffColor(hex: string): string {
  return /^#[0-9a-fA-F]{6}$/.test(hex) ? `0x${hex.slice(1)}` : "0x4f46e5";
}

/** `#4f46e5` → ASS `&H00E5464F` (alpha, blue, green, red). */
export function assColor(hex: string): string {
  const h = /^#[0-9a-fA-F]{6}$/.test(hex) ? hex.slice(1) : "ffffff";
  return `&H00${h.slice(4, 6)}${h.slice(2, 4)}${h.slice(0, 2)}`.toUpperCase();
}

/** True when text on this background should be dark (WCAG relative luminance above the midpoint). */
export function isLight(hex: string): boolean {
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) return false;
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.4;
}
