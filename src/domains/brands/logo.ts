/**
 * Brand logos: the upload is checked by decoding it (`deps.images`: sharp; not by its name or declared type), resized
 * to fit 512×512, re-encoded as PNG (which also drops any script an SVG carried) and published under an unguessable
 * name.
 */
import { eq } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { randomToken } from "../../platform/crypto";
import { AppError, invalid } from "../../platform/errors";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import { ImageError } from "../../media/images";
import { brands } from "./tables";
import { getBrandRow } from "./brand-service";
import { presentBrand } from "./present";

/** Largest logo upload accepted. */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
const FORMATS = new Set(["png", "jpeg", "webp", "gif", "svg", "avif"]);

/**
 * An uploaded logo as the PNG to publish: decoded (never trusted by its name or declared type), fitted into 512×512
 * and re-encoded. The one check for every logo (brands', organisations'): 400 no file, 413 too large, 415 not an
 * image we read, 503 when the image library is missing.
 */
export async function logoPng(deps: Deps, file: Blob | undefined): Promise<Uint8Array> {
  if (!file || typeof file.arrayBuffer !== "function")
    throw invalid("Send the image as multipart form field `file`.", "file");
  if (file.size === 0) throw invalid("The file is empty.", "file");
  if (file.size > MAX_LOGO_BYTES)
    throw new AppError("file_too_large", 413, "Logos can be up to 5 MB.", { field: "file", max_bytes: MAX_LOGO_BYTES });
  try {
    return await deps.images.fitAsPng(new Uint8Array(await file.arrayBuffer()), {
      formats: FORMATS,
      maxSide: 512,
      maxInputPixels: 40_000_000,
    });
  } catch (e) {
    if (e instanceof ImageError && e.reason === "unavailable") {
      deps.log.error("sharp could not be loaded", { error: e.message.split("\n")[0] });
      throw new AppError(
        "image_processing_unavailable",
        503,
        "Logo uploads need the image library (sharp), which could not be loaded on this server. Run `plaudit doctor`, or reinstall with install.sh.",
      );
    }
    throw new AppError(
      "unsupported_media_type",
      415,
      "That file is not an image we can read. Upload a PNG, JPEG, WebP, GIF or SVG.",
      { field: "file" },
    );
  }
}

/** Points a brand at a published logo file; answers the key of the one it replaces (to delete after the commit). */
export function replaceLogo(tx: Tx, brandId: string, key: string): string | null {
  const row = getBrandRow(tx.db, tx.ctx, brandId);
  tx.db.update(brands).set({ logoKey: key, updatedAt: tx.ctx.clock.now() }).where(eq(brands.id, brandId)).run();
  tx.audit("brand.logo_changed", brandId);
  tx.shown({ brandId, submissionId: null, reason: "brand.logo_changed" });
  return row.logoKey;
}

/**
 * Replaces a brand's logo with an uploaded image (the upload route's work): the file is checked and published
 * first, then the brand points at it in one unit of work, then the old file goes.
 */
export async function setLogo(deps: Deps, ctx: Ctx, brandId: string, file: Blob | undefined) {
  getBrandRow(deps.db, ctx, brandId);
  const png = await logoPng(deps, file);
  const key = `brands/${brandId}/logo-${randomToken(12)}.png`;
  await deps.storage.write("public", key, png);
  const old = unitOfWork(deps, ctx, (tx) => replaceLogo(tx, brandId, key));
  if (old) await deps.storage.remove("public", old);
  return presentBrand(deps, getBrandRow(deps.db, ctx, brandId));
}
