/**
 * A stored file as an HTTP response, through the BlobStore: one `Range: bytes=a-b` request honoured (video players
 * seek with it; 206 with `content-range`, 416 when unsatisfiable), `content-length` always set.
 */
import type { Area, Storage } from "../storage";
import { parseRange, type BlobStat } from "../blob-store";

/** The response for a stored file, or null when it is missing. `stat` may be passed when the caller has it. */
export async function blobResponse(
  request: Request,
  storage: Storage,
  area: Area,
  key: string,
  headers: Record<string, string>,
  stat?: BlobStat | null,
): Promise<Response | null> {
  const st = stat === undefined ? await storage.stat(area, key) : stat;
  if (!st) return null;
  const size = st.size;
  const base = { "accept-ranges": "bytes", ...headers };
  const range = parseRange(request.headers.get("range"), size);
  if (range === "unsatisfiable")
    return new Response(null, { status: 416, headers: { ...base, "content-range": `bytes */${size}` } });
  const body = await storage.get(area, key, range ?? undefined);
  if (!body) return null;
  if (!range) return new Response(body, { headers: { ...base, "content-length": String(size) } });
  return new Response(body, {
    status: 206,
    headers: {
      ...base,
      "content-range": `bytes ${range.start}-${range.end - 1}/${size}`,
      "content-length": String(range.end - range.start),
    },
  });
}
