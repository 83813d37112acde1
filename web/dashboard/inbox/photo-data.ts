/**
 * A photo chosen in the dashboard, made small enough to send inside a JSON body: drawn into a canvas at most
 * `SIDE` pixels on its longer side and encoded as JPEG, then given as base64 (the server crops it square and
 * re-encodes it as WebP without metadata, so nothing of the original file's metadata is sent on).
 */
import { t } from "../i18n";

/** The longer side the browser scales a photo down to before sending (the server keeps a 400 px square). */
const SIDE = 800;

/** Reads an image file and answers it as base64 JPEG text; rejects with words a person can read. */
export async function photoAsBase64(file: File): Promise<string> {
  if (!file.type.startsWith("image/")) throw new Error(t("inbox.photo-data.not_image"));
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(t("inbox.photo-data.unreadable"));
  }
  const scale = Math.min(1, SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const data = canvas.toDataURL("image/jpeg", 0.85);
  return data.slice(data.indexOf(",") + 1);
}
