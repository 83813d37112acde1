/**
 * The letters share images are set in (issue 25): three families a brand chooses from, each with Latin and Latin
 * Extended glyphs (most European languages), in regular and bold, from the @fontsource packages. The files are
 * embedded in the executable (`with { type: "file" }`) and read on first use; satori turns the glyphs into paths, so
 * the rasteriser needs no font of its own.
 */
import interLatin400 from "@fontsource/inter/files/inter-latin-400-normal.woff" with { type: "file" };
import interLatin700 from "@fontsource/inter/files/inter-latin-700-normal.woff" with { type: "file" };
import interExt400 from "@fontsource/inter/files/inter-latin-ext-400-normal.woff" with { type: "file" };
import interExt700 from "@fontsource/inter/files/inter-latin-ext-700-normal.woff" with { type: "file" };
import loraLatin400 from "@fontsource/lora/files/lora-latin-400-italic.woff" with { type: "file" };
import loraLatin700 from "@fontsource/lora/files/lora-latin-700-normal.woff" with { type: "file" };
import loraExt400 from "@fontsource/lora/files/lora-latin-ext-400-italic.woff" with { type: "file" };
import loraExt700 from "@fontsource/lora/files/lora-latin-ext-700-normal.woff" with { type: "file" };
import playLatin400 from "@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff" with {
  type: "file",
};
import playLatin700 from "@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff" with {
  type: "file",
};
import playExt400 from "@fontsource/playfair-display/files/playfair-display-latin-ext-400-normal.woff" with {
  type: "file",
};
import playExt700 from "@fontsource/playfair-display/files/playfair-display-latin-ext-700-normal.woff" with {
  type: "file",
};

/** The families a brand may choose for its share images. */
export const CARD_FONTS = ["sans", "serif", "display"] as const;
/** A brand's choice. */
export type CardFont = (typeof CARD_FONTS)[number];

/** One face as satori takes it. */
export interface FontFace {
  name: string;
  data: ArrayBuffer;
  weight: 400 | 700;
  style: "normal" | "italic";
}

/** The quote's family, and Inter for names and titles (one sans for every choice, so small text stays legible). */
const FILES: Record<CardFont, { name: string; style: "normal" | "italic"; files: [string, 400 | 700][] }> = {
  sans: { name: "Inter", style: "normal", files: [] },
  serif: {
    name: "Lora",
    style: "italic",
    files: [
      [loraLatin400, 400],
      [loraExt400, 400],
      [loraLatin700, 700],
      [loraExt700, 700],
    ],
  },
  display: {
    name: "Playfair Display",
    style: "normal",
    files: [
      [playLatin400, 400],
      [playExt400, 400],
      [playLatin700, 700],
      [playExt700, 700],
    ],
  },
};

const INTER: [string, 400 | 700][] = [
  [interLatin400, 400],
  [interExt400, 400],
  [interLatin700, 700],
  [interExt700, 700],
];

const loaded = new Map<string, Promise<ArrayBuffer>>();
const bytes = (path: string) => {
  let p = loaded.get(path);
  if (!p) loaded.set(path, (p = Bun.file(path).arrayBuffer()));
  return p;
};

/** The faces a card in `font` needs, and the name of its quote's family. */
export async function fontsFor(
  font: CardFont,
): Promise<{ faces: FontFace[]; quoteFamily: string; quoteStyle: "normal" | "italic" }> {
  const family = FILES[font];
  const faces: FontFace[] = [];
  for (const [path, weight] of INTER) faces.push({ name: "Inter", data: await bytes(path), weight, style: "normal" });
  for (const [path, weight] of family.files)
    faces.push({ name: family.name, data: await bytes(path), weight, style: weight === 700 ? "normal" : family.style });
  return { faces, quoteFamily: family.name, quoteStyle: family.style };
}
