/**
 * A document kept in memory ready to send: its bytes as they are, gzipped and brotli-compressed (each made once,
 * when the content changes, never per request), a strong ETag per encoding, and its headers. `sendDocument`
 * answers a request from it: `304` when `If-None-Match` names any encoding's ETag, else the best encoding the
 * client accepts (`br`, then `gzip`, then none), with `Vary: Accept-Encoding`. Used by the wall pages
 * (src/domains/walls/page-cache.ts) and the widget documents and embed script (src/domains/widgets).
 */
import { brotliCompressSync, constants } from "node:zlib";

/** One encoding of a document: its bytes (as a Blob only: issue 28) and strong ETag. */
interface Encoded {
  /** The bytes as a Blob: a Response sends a Blob without copying it (a Uint8Array body is copied each time). */
  blob: Blob;
  /** How many bytes. */
  size: number;
  etag: string;
  /** Headers of a 200 in this encoding, made once. */
  headers: Record<string, string>;
  /** Headers of a 304 to a client taking this encoding: those of the 200 but the encoding. */
  notModified: Record<string, string>;
}

/** A document ready to send in any encoding. */
export interface CachedDocument {
  /** The ETag of the uncompressed bytes (`"<hash>"`); the gzip and brotli forms add `-gz` / `-br` inside the quotes. */
  etag: string;
  /** Hash of the content, to tell whether a rebuild changed anything. */
  hash: string;
  plain: Encoded;
  gzip: Encoded;
  br: Encoded;
  /** Headers given when the document was made (content type, caching, CORS, CSP…). */
  headers: Record<string, string>;
  /** The uncompressed bytes (the compressed forms are kept only as Blobs). */
  body: Uint8Array<ArrayBuffer>;
  /** What the document holds in memory, all encodings together (for the caches' byte budgets). */
  memoryBytes: number;
}

/** Smaller than this, compressing is not worth it: every encoding sends the plain bytes. */
const MIN_COMPRESS = 512;

const encoder = new TextEncoder();

/**
 * Makes a document from its bytes and headers (without `etag`, `content-encoding`; a `vary` is kept, with
 * Accept-Encoding added). Compression costs a
 * few milliseconds for a 40 KB page (brotli quality 9, gzip level 9), so callers make a document only when the
 * content changed: pass `previous` and it is reused as it is when the bytes are the same and the headers too.
 */
export function makeDocument(
  body: string | Uint8Array,
  headers: Record<string, string>,
  previous?: CachedDocument | null,
): CachedDocument {
  const plain = typeof body === "string" ? encoder.encode(body) : new Uint8Array(body);
  const hash = new Bun.CryptoHasher("sha256").update(plain).digest("hex");
  if (previous && previous.hash === hash && sameHeaders(previous.headers, headers)) return previous;
  const tag = hash.slice(0, 32);
  const etag = `"${tag}"`;
  const small = plain.length < MIN_COMPRESS;
  const gz = small ? null : new Uint8Array(Bun.gzipSync(plain, { level: 9 }));
  const br = small
    ? null
    : new Uint8Array(
        brotliCompressSync(plain, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
        }),
      );
  // A page chosen by other request headers too (a wall's language: Accept-Language) names them first.
  const base = { ...headers, vary: headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding" };
  const encoded = (bytes: Uint8Array<ArrayBuffer>, suffix: string, encoding: string | null): Encoded => {
    const e = suffix ? `"${tag}-${suffix}"` : etag;
    return {
      blob: new Blob([bytes]),
      size: bytes.length,
      etag: e,
      headers: encoding ? { ...base, etag: e, "content-encoding": encoding } : { ...base, etag: e },
      notModified: { ...base, etag: e },
    };
  };
  const plainForm = encoded(plain, "", null);
  return {
    etag,
    hash,
    plain: plainForm,
    gzip: gz ? encoded(gz, "gz", "gzip") : plainForm,
    br: br ? encoded(br, "br", "br") : plainForm,
    headers,
    body: plain,
    // The plain bytes twice (body and Blob), each compressed form once, and the headers' objects.
    memoryBytes: 2 * plain.length + (gz?.length ?? 0) + (br?.length ?? 0) + 2048,
  };
}

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (a[k] !== b[k]) return false;
  return true;
}

/** True when an `If-None-Match` value names one of the document's ETags (or `*`); weak comparison, as RFC 9110 asks. */
export function etagMatches(header: string, doc: CachedDocument): boolean {
  if (header === doc.plain.etag || header === doc.gzip.etag || header === doc.br.etag) return true;
  for (const raw of header.split(",")) {
    const t = raw.trim().replace(/^W\//, "");
    if (t === "*" || t === doc.plain.etag || t === doc.gzip.etag || t === doc.br.etag) return true;
  }
  return false;
}

/** The encoding a client takes: `br`, `gzip` or none (a `q=0` is honoured). */
function pick(acceptEncoding: string | null, doc: CachedDocument): Encoded {
  if (!acceptEncoding) return doc.plain;
  if (acceptEncoding.includes("br") && accepts(acceptEncoding, "br")) return doc.br;
  if (acceptEncoding.includes("gzip") && accepts(acceptEncoding, "gzip")) return doc.gzip;
  return doc.plain;
}

function accepts(header: string, coding: string): boolean {
  const m = new RegExp(`(?:^|,)\\s*${coding}\\s*(;\\s*q\\s*=\\s*([\\d.]+))?\\s*(?:,|$)`, "i").exec(header);
  return !!m && (m[2] === undefined || Number(m[2]) > 0);
}

/** Answers a GET (or HEAD) from a cached document: `304` on a matching `If-None-Match`, else its best encoding. */
export function sendDocument(
  request: Request,
  doc: CachedDocument,
  status = 200,
  extra?: Record<string, string>,
): Response {
  const form = pick(request.headers.get("accept-encoding"), doc);
  const inm = request.headers.get("if-none-match");
  if (inm !== null && status === 200 && etagMatches(inm, doc))
    return new Response(null, { status: 304, headers: extra ? { ...form.notModified, ...extra } : form.notModified });
  return new Response(request.method === "HEAD" ? null : form.blob, {
    status,
    headers: extra ? { ...form.headers, ...extra } : form.headers,
  });
}
