/** Images embedded in a card: a stored picture made a small PNG data URI (satori draws data URIs, fetches nothing). */
import type { Deps } from "../../platform/deps";

/** Side of the photo and logo embedded in a card (pixels). */
const EMBED_SIDE = 256;

/** Reads a stored image and makes it a PNG data URI for a card; null when missing or unreadable. */
export async function embeddedPng(
  deps: Pick<Deps, "storage" | "images">,
  area: "media" | "public",
  key: string | null,
): Promise<string | null> {
  if (!key) return null;
  try {
    const body = await deps.storage.get(area, key);
    if (!body) return null;
    const bytes = new Uint8Array(await new Response(body as BodyInit).arrayBuffer());
    const png = await deps.images.smallPng(bytes, EMBED_SIDE);
    return `data:image/png;base64,${Buffer.from(png).toString("base64")}`;
  } catch {
    return null;
  }
}
