/**
 * Copies the files the box answers under the CDN address from its own build (the widget script, the default logo,
 * the music previews: each module's `cdnFiles`, and the CDN's built-in assets) into the public area of the file
 * storage, under the same paths. With S3 storage the bucket then holds everything the CDN address must serve, so
 * `PLAUDIT_CDN_URL` can point straight at the bucket or at a CDN in front of it (docs/scaling.md); with the data
 * directory the copies are harmless (the box answers these paths from its build before its stored files).
 *
 * Each file is fetched from the app itself (no network: `app.handle`), so its bytes, Content-Type and Cache-Control
 * are exactly what the box sends, and written only when the stored copy differs (S3: its MD5 ETag and metadata; the
 * data directory: its bytes), so a restart of an unchanged release writes nothing. Run after the port is open,
 * in the background: a failure is logged and retried at the next start, it never stops the box.
 */
import { createHash } from "node:crypto";
import type { Deps } from "./deps";
import type { BlobHead } from "./blob-store";
import type { DomainModule } from "./module";
import { BUILT_IN_CDN_FILES } from "./http/cdn";
import { mountPrefix } from "./http/hosts";
import { publicContentType } from "./public-files";

/** What `app.handle` offers (an Elysia app). */
export interface RequestHandling {
  handle(request: Request): Response | Promise<Response>;
}

/** Every path to copy: the CDN's built-in assets and each module's `cdnFiles`. */
export function cdnFilesOf(modules: readonly DomainModule[]): string[] {
  return [...BUILT_IN_CDN_FILES, ...modules.flatMap((m) => m.cdnFiles ?? [])];
}

/** What happened to each path. */
export interface StaticReport {
  written: string[];
  unchanged: string[];
  failed: { path: string; error: string }[];
}

/** One file as the box answers it. */
interface Answer {
  bytes: Uint8Array;
  contentType: string;
  cacheControl: string;
}

/** True when the stored copy already is this answer. */
async function isCurrent(deps: Pick<Deps, "storage">, key: string, head: BlobHead | null, want: Answer) {
  if (!head || head.size !== want.bytes.length) return false;
  if (head.etag !== null) {
    // S3: a single-part object's ETag is the MD5 of its bytes; the metadata must match too.
    const md5 = createHash("md5").update(want.bytes).digest("hex");
    return head.etag === `"${md5}"` && head.contentType === want.contentType && head.cacheControl === want.cacheControl;
  }
  const stored = await deps.storage.blobs.bytes(key);
  return !!stored && Buffer.compare(stored, want.bytes) === 0;
}

/** Asks the app for one CDN path (no `Accept-Encoding`: the plain bytes). */
async function answerOf(deps: Pick<Deps, "config">, app: RequestHandling, path: string): Promise<Answer> {
  const origin = new URL(deps.config.baseUrl).origin;
  const res = await app.handle(new Request(`${origin}${mountPrefix(deps.config, "cdn")}/${path}`));
  if (res.status !== 200) throw new Error(`the box answers ${res.status} for {cdn}/${path}`);
  return {
    bytes: new Uint8Array(await res.arrayBuffer()),
    // As a store writes it (the type its name gives, which is what the box sends for every file it serves).
    contentType: publicContentType(path, res.headers.get("content-type") ?? undefined),
    cacheControl: res.headers.get("cache-control") ?? "public, max-age=300",
  };
}

/**
 * Writes each CDN path (`widget.js`, `assets/default-logo.png`…) into `public/{path}` when the stored copy is not
 * already the same; never throws (failures are in the report and the log).
 */
export async function publishStaticFiles(
  deps: Pick<Deps, "config" | "storage" | "log">,
  app: RequestHandling,
  paths: readonly string[],
): Promise<StaticReport> {
  const report: StaticReport = { written: [], unchanged: [], failed: [] };
  for (const path of paths) {
    try {
      const want = await answerOf(deps, app, path);
      const key = deps.storage.key("public", path);
      if (await isCurrent(deps, key, await deps.storage.blobs.head(key), want)) {
        report.unchanged.push(path);
        continue;
      }
      await deps.storage.blobs.put(key, want.bytes, { contentType: want.contentType, cacheControl: want.cacheControl });
      report.written.push(path);
    } catch (e) {
      report.failed.push({ path, error: e instanceof Error ? e.message : String(e) });
    }
  }
  if (report.failed.length)
    deps.log.error("copying the built-in CDN files into the storage failed (retried at the next start)", {
      failed: report.failed,
    });
  else if (report.written.length)
    deps.log.info("built-in CDN files copied into the storage", {
      written: report.written,
      storage: deps.storage.blobs.kind,
    });
  return report;
}
