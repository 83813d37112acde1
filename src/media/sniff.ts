/**
 * Looks at a file's first bytes (with `file-type`) before any decoder sees it: empty files, web pages, playlists
 * and other non-media are refused here, by what they are rather than by their name.
 *
 * We read the head ourselves and use file-type's buffer API: `fileTypeFromFile` loads `strtok3` with a run-time
 * import that `bun build --compile` does not embed, so it failed inside the executable (and only there).
 */
import { open, stat } from "node:fs/promises";
import { MediaError } from "./errors";

/** What the first bytes say a file is. */
export interface Sniffed {
  ext: string;
  mime: string;
  bytes: number;
}

/** Container types (file-type's `ext`) we accept. */
export const ACCEPTED_TYPES = new Set([
  "mp4",
  "m4v",
  "mov",
  "m4a",
  "3gp",
  "3g2",
  "mj2",
  "webm",
  "mkv",
  "ogg",
  "oga",
  "ogv",
  "opus",
  "wav",
  "mp3",
  "aac",
  "flac",
]);

/** Bytes read from the start of a file: enough for every container signature file-type knows. */
export const SNIFF_BYTES = 4100;

async function head(path: string, n: number): Promise<Uint8Array> {
  const fh = await open(path, "r");
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

function describeText(start: string): string | null {
  const s = start.replace(/^\uFEFF|^\xEF\xBB\xBF/, "").trimStart();
  if (/^#EXTM3U/i.test(s))
    return "The file is a streaming playlist (HLS), not a recording. Please send the video or audio file itself.";
  if (/^<(!doctype html|html|head|body|script|\?xml|svg)/i.test(s))
    return "The file is a web page or document, not a recording.";
  if (/^[\x09\x0a\x0d\x20-\x7e]{32}/.test(s)) return "The file is text, not a recording.";
  return null;
}

/** Checks size and content type; throws MediaError `not_media`, `unsupported_format` or `too_large_file`. */
export async function sniffMedia(path: string, maxBytes = Number.POSITIVE_INFINITY): Promise<Sniffed> {
  let bytes: number;
  try {
    bytes = (await stat(path)).size;
  } catch {
    throw new MediaError("not_media", "The file could not be found.");
  }
  if (bytes === 0) throw new MediaError("not_media", "The file is empty.");
  if (bytes > maxBytes) {
    throw new MediaError(
      "too_large_file",
      `The file is ${Math.ceil(bytes / 2 ** 20)} MB; the limit is ${Math.floor(maxBytes / 2 ** 20)} MB.`,
    );
  }
  const start = await head(path, SNIFF_BYTES);
  // Loaded with the first file to look at, not at start-up (~20 ms).
  const { fileTypeFromBuffer } = await import("file-type");
  const type = await fileTypeFromBuffer(start);
  if (!type) {
    const text = describeText(Buffer.from(start.subarray(0, 512)).toString("latin1"));
    throw new MediaError("not_media", text ?? "The file is not a video or audio recording we recognise.");
  }
  if (!ACCEPTED_TYPES.has(type.ext)) {
    throw new MediaError(
      "unsupported_format",
      `Files of type ${type.ext.toUpperCase()} are not accepted. Please send an MP4, MOV, WebM, M4A, MP3, OGG, WAV or FLAC file.`,
    );
  }
  return { ext: type.ext, mime: type.mime, bytes };
}
