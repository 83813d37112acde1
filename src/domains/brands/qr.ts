/**
 * QR codes of a collect link's address (`url`: the friendly address when the link has a slug, else the id
 * address), as SVG and as PNG for print. `uqr` is imported statically so that it is bundled into the compiled
 * binary; the PNG is the same SVG rasterised through `deps.images`, one whole number of pixels per module so the
 * edges stay sharp.
 */
import { encode, renderSVG, type QrCodeGenerateOptions } from "uqr";
import type { Deps } from "../../platform/deps";
import { ImageError } from "../../media/images";
import { AppError } from "../../platform/errors";
import { linkPublicUrl, type LinkRow } from "./present";

/** The PNG is at most this many pixels wide and tall (about 1000: large enough for a printed flyer). */
export const QR_PNG_MAX_SIDE = 1024;

/** Error correction `M` (survives a smudge or a small sticker) and the four-module quiet zone the standard asks. */
const OPTIONS: QrCodeGenerateOptions = { ecc: "M", border: 4 };

/**
 * The address a QR code of `row` carries: the link's `url` (friendly address when it has a slug, else the id one, on
 * the brand's own domain once that is active).
 */
export function linkAddress(deps: Pick<Deps, "config" | "db">, row: LinkRow): string {
  return linkPublicUrl(deps.db, deps.config.siteUrl, row);
}

/** The QR code of `address` as an SVG document, black on white, `moduleSize` units per module. */
export function qrSvg(address: string, moduleSize = 10): string {
  const svg = renderSVG(address, { ...OPTIONS, pixelSize: moduleSize });
  const side = encode(address, OPTIONS).size * moduleSize;
  return svg.replace("<svg ", `<svg width="${side}" height="${side}" shape-rendering="crispEdges" `);
}

/**
 * The same QR code as a square PNG, at most `QR_PNG_MAX_SIDE` pixels wide; a 503 in the API's error shape when the
 * image library cannot be loaded.
 */
export async function qrPng(deps: Pick<Deps, "images" | "log">, address: string): Promise<Uint8Array> {
  const moduleSize = Math.max(1, Math.floor(QR_PNG_MAX_SIDE / encode(address, OPTIONS).size));
  try {
    return await deps.images.svgAsPng(new TextEncoder().encode(qrSvg(address, moduleSize)));
  } catch (e) {
    if (e instanceof ImageError && e.reason === "unavailable") {
      deps.log.error("sharp could not be loaded", { error: e.message.split("\n")[0] });
      throw new AppError(
        "image_processing_unavailable",
        503,
        "The PNG needs the image library (sharp), which could not be loaded on this server. Download the SVG instead, or run `plaudit doctor`.",
      );
    }
    throw e;
  }
}
