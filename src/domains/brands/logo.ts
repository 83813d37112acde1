/**
 * Brand logos: the upload is checked by decoding it with sharp (not by its name or declared type), resized to fit
 * 512×512, re-encoded as PNG (which also drops any script an SVG carried) and published under an unguessable name.
 */
import { eq } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { randomToken } from "../../platform/crypto";
import { AppError, invalid } from "../../platform/errors";
import { audit } from "../../platform/audit/audit";
import { shownChanged } from "../../platform/events/publication";
import { tx } from "../../platform/db/client";
import { useNativeDir } from "../../platform/native-dir";
import { brands } from "./tables";
import { getBrandRow } from "./brand-service";
import { presentBrand } from "./present";

/** Largest logo upload accepted. */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
const FORMATS = new Set(["png", "jpeg", "webp", "gif", "svg", "avif"]);

type Sharp = typeof import("sharp").default;
let sharpLoading: Promise<Sharp> | null = null;

/**
 * sharp, imported on first use so that a server whose native image library cannot load still starts and only
 * logo uploads fail. Inside the compiled binary, scripts/build.ts swaps sharp's loader for one that copies the
 * embedded addon and libvips into `<data dir>/runtime/` (src/platform/native-dir.ts) and loads them from there.
 */
function loadSharp(dataDir: string): Promise<Sharp> {
  useNativeDir(dataDir);
  sharpLoading ??= import("sharp").then(
    (m) => m.default,
    (e) => {
      sharpLoading = null;
      throw e;
    },
  );
  return sharpLoading;
}

/** Replaces a brand's logo with an uploaded image. */
export async function setLogo(deps: Deps, ctx: Ctx, brandId: string, file: Blob | undefined) {
  getBrandRow(deps.db, ctx, brandId);
  if (!file || typeof file.arrayBuffer !== "function")
    throw invalid("Send the image as multipart form field `file`.", "file");
  if (file.size === 0) throw invalid("The file is empty.", "file");
  if (file.size > MAX_LOGO_BYTES)
    throw new AppError("file_too_large", 413, "Logos can be up to 5 MB.", { field: "file", max_bytes: MAX_LOGO_BYTES });
  let sharp: Sharp;
  try {
    sharp = await loadSharp(deps.config.dataDir);
  } catch (e) {
    deps.log.error("sharp could not be loaded", { error: String((e as Error)?.message ?? e).split("\n")[0] });
    throw new AppError(
      "image_processing_unavailable",
      503,
      "Logo uploads need the image library (sharp), which could not be loaded on this server. Run `plaudit doctor`, or reinstall with install.sh.",
    );
  }
  const input = Buffer.from(await file.arrayBuffer());
  let png: Buffer;
  try {
    const meta = await sharp(input, { limitInputPixels: 40_000_000 }).metadata();
    if (!meta.format || !FORMATS.has(meta.format)) throw new Error("format");
    png = await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(512, 512, { fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw new AppError(
      "unsupported_media_type",
      415,
      "That file is not an image we can read. Upload a PNG, JPEG, WebP, GIF or SVG.",
      { field: "file" },
    );
  }
  const key = `brands/${brandId}/logo-${randomToken(12)}.png`;
  await deps.storage.write("public", key, png);
  const old = tx(deps.db, (db) => {
    const row = getBrandRow(db, ctx, brandId);
    db.update(brands).set({ logoKey: key, updatedAt: ctx.clock.now() }).where(eq(brands.id, brandId)).run();
    audit(db, ctx, "brand.logo_changed", brandId);
    shownChanged(db, ctx, { brandId, submissionId: null, reason: "brand.logo_changed" });
    return row.logoKey;
  });
  if (old) await deps.storage.remove("public", old);
  return presentBrand(deps, getBrandRow(deps.db, ctx, brandId));
}
