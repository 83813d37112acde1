/**
 * Image work as a dependency (`deps.images`, also given to the media toolkit for posters): checking an uploaded
 * image by decoding it and fitting it as PNG (brand logos), and making a video's JPEG poster and WebP thumbnail from a
 * still frame. The real implementation is sharp, imported on first use so that a server whose native image library
 * cannot load still starts and only logo uploads and posters fail. Inside the compiled binary, scripts/build.ts
 * swaps sharp's loader for one that copies the embedded addon and libvips into `<data dir>/runtime/`
 * (src/platform/native-dir.ts, named before the import) and loads them from there.
 */
import { useNativeDir } from "../platform/native-dir";

/** Pixel dimensions of an image. */
export interface ImageSize {
  width: number;
  height: number;
}

/** Why image work failed: the library could not be loaded, or the input is not an image it may read. */
export class ImageError extends Error {
  override readonly name = "ImageError";
  constructor(
    readonly reason: "unavailable" | "unreadable",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What to accept and how large to make an uploaded image. */
export interface FitOptions {
  /** Image formats accepted, as the decoder names them (`png`, `jpeg`, `svg`…). */
  formats: ReadonlySet<string>;
  /** The result fits inside `maxSide`×`maxSide` (never enlarged). */
  maxSide: number;
  /** Inputs with more pixels are refused before decoding. */
  maxInputPixels: number;
}

/** Poster and thumbnail sizes. */
export interface PosterSizes {
  /** The JPEG poster fits inside `maxSide`×`maxSide`. */
  maxSide: number;
  /** The WebP thumbnail's width. */
  thumbWidth: number;
}

/** The image operations Plaudit needs. */
export interface Images {
  /**
   * Decodes `input` (by its content, not its name), turns it upright, fits it and re-encodes it as PNG (which drops
   * any script an SVG carried). Rejects with `ImageError` `unreadable` for anything not an image of `formats`, and
   * `unavailable` when the image library cannot be loaded.
   */
  fitAsPng(input: Uint8Array, o: FitOptions): Promise<Uint8Array>;
  /**
   * Decodes `input` like `fitAsPng`, turns it upright, crops it to a `side`×`side` square around its most striking
   * part (a face, usually) and re-encodes it as WebP without any metadata (no EXIF, GPS or ICC profile kept).
   * Rejects with `ImageError` as `fitAsPng` does. Used for a respondent's photo.
   */
  squareAsWebp(input: Uint8Array, o: Omit<FitOptions, "maxSide"> & { side: number }): Promise<Uint8Array>;
  /**
   * Rasterises an SVG this server made itself (a QR code) to a PNG at its own size (one SVG unit, one pixel), on
   * white, as a two-colour palette image. `unavailable` as above; never used for uploaded SVGs.
   */
  svgAsPng(svg: Uint8Array): Promise<Uint8Array>;
  /**
   * Rasterises an SVG this server laid out itself (a share image: glyphs already paths, images as PNG data URIs) to
   * a full-colour PNG at its own size. `unavailable` as above; never used for uploaded SVGs.
   */
  renderSvg(svg: Uint8Array): Promise<Uint8Array>;
  /**
   * A stored image (a logo, a respondent's photo, a poster: PNG, JPEG or WebP) as a PNG that fits `side`×`side`, for
   * embedding in a share image. `unreadable` for anything else.
   */
  smallPng(input: Uint8Array, side: number): Promise<Uint8Array>;
  /** Writes a JPEG poster and a WebP thumbnail of the still image in `frame`; `unavailable` as above. */
  posterAndThumbnail(
    frame: string,
    out: { poster: string; thumbnail: string },
    o: PosterSizes,
  ): Promise<{ poster: ImageSize; thumbnail: ImageSize }>;
}

type Sharp = typeof import("sharp").default;
let sharpLoading: Promise<Sharp> | null = null;

/** sharp, imported once per process on first use (a failed import is tried again next time). */
function loadSharp(dataDir: string): Promise<Sharp> {
  useNativeDir(dataDir);
  sharpLoading ??= import("sharp").then(
    (m) => m.default,
    (e) => {
      sharpLoading = null;
      throw e;
    },
  );
  return sharpLoading.catch((e) => {
    throw new ImageError("unavailable", String((e as Error)?.message ?? e), { cause: e });
  });
}

/** The real image operations (sharp), for the data directory whose `runtime/` holds the binary's native files. */
export function createImages(config: { dataDir: string }): Images {
  return {
    async fitAsPng(input, o) {
      const sharp = await loadSharp(config.dataDir);
      try {
        const meta = await sharp(input, { limitInputPixels: o.maxInputPixels }).metadata();
        if (!meta.format || !o.formats.has(meta.format)) throw new Error(`format ${meta.format ?? "unknown"}`);
        return await sharp(input, { limitInputPixels: o.maxInputPixels })
          .rotate()
          .resize(o.maxSide, o.maxSide, { fit: "inside", withoutEnlargement: true })
          .png()
          .toBuffer();
      } catch (e) {
        throw new ImageError("unreadable", `Not a readable image: ${(e as Error)?.message ?? e}`, { cause: e });
      }
    },
    async squareAsWebp(input, o) {
      const sharp = await loadSharp(config.dataDir);
      try {
        const meta = await sharp(input, { limitInputPixels: o.maxInputPixels }).metadata();
        if (!meta.format || !o.formats.has(meta.format)) throw new Error(`format ${meta.format ?? "unknown"}`);
        return await sharp(input, { limitInputPixels: o.maxInputPixels })
          .rotate()
          .resize(o.side, o.side, { fit: "cover", position: "attention" })
          .webp({ quality: 82 })
          .toBuffer();
      } catch (e) {
        throw new ImageError("unreadable", `Not a readable image: ${(e as Error)?.message ?? e}`, { cause: e });
      }
    },
    async svgAsPng(svg) {
      const sharp = await loadSharp(config.dataDir);
      return await sharp(svg, { density: 72 })
        .flatten({ background: "#ffffff" })
        .png({ palette: true, colours: 2 })
        .toBuffer();
    },
    async renderSvg(svg) {
      const sharp = await loadSharp(config.dataDir);
      return await sharp(svg, { density: 72 }).png({ compressionLevel: 8 }).toBuffer();
    },
    async smallPng(input, side) {
      const sharp = await loadSharp(config.dataDir);
      try {
        return await sharp(input, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize(side, side, { fit: "inside", withoutEnlargement: true })
          .png()
          .toBuffer();
      } catch (e) {
        throw new ImageError("unreadable", `Not a readable image: ${(e as Error)?.message ?? e}`, { cause: e });
      }
    },
    async posterAndThumbnail(frame, out, o) {
      const sharp = await loadSharp(config.dataDir);
      const poster = await sharp(frame)
        .resize({ width: o.maxSide, height: o.maxSide, fit: "inside", withoutEnlargement: true })
        .jpeg({ quality: 82, mozjpeg: true })
        .toFile(out.poster);
      const thumb = await sharp(frame)
        .resize({ width: o.thumbWidth, withoutEnlargement: true })
        .webp({ quality: 70 })
        .toFile(out.thumbnail);
      return {
        poster: { width: poster.width, height: poster.height },
        thumbnail: { width: thumb.width, height: thumb.height },
      };
    },
  };
}
