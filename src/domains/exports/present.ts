/**
 * How an export looks in the API and in the `export.ready` event, and its download address: a signed token
 * (`/public/exports/{token}`) carrying the export id and an expiry one hour ahead. Every read of the export
 * signs a fresh one, so an expired link is replaced by asking for the export again.
 */
import { iso } from "../../platform/clock";
import type { Deps } from "../../platform/deps";
import { AppError, notFound } from "../../platform/errors";
import type { exports } from "./tables";
import type { ExportView } from "./model";

/** A stored export row. */
export type ExportRow = typeof exports.$inferSelect;

/** How long a download URL works. */
export const DOWNLOAD_URL_TTL_MS = 3600_000;

const PURPOSE = "export.download";

/** A signed download URL for a ready export and when it stops working. */
export function downloadUrl(deps: Deps, id: string): { url: string; expires_at: string } {
  const expiresAt = deps.clock.now() + DOWNLOAD_URL_TTL_MS;
  const payload = Buffer.from(`${id}:${Math.floor(expiresAt / 1000)}`).toString("base64url");
  return {
    url: `${deps.config.baseUrl}/public/exports/${deps.signer.sign(PURPOSE, payload)}`,
    expires_at: iso(expiresAt)!,
  };
}

/** The export id behind a download token; 404 when forged, 410 when expired. */
export function resolveDownloadToken(deps: Deps, token: string): string {
  const payload = deps.signer.verify(PURPOSE, token);
  if (!payload) throw notFound("file");
  const [id, exp] = Buffer.from(payload, "base64url").toString().split(":");
  if (!id || !(Number(exp) * 1000 >= deps.clock.now()))
    throw new AppError("link_expired", 410, "This download link expired; open the export again for a fresh one.");
  return id;
}

/** The export as the API shows it; a ready export carries a fresh download URL. */
export function presentExport(deps: Deps, row: ExportRow): ExportView {
  const link = row.status === "ready" ? downloadUrl(deps, row.id) : null;
  return {
    id: row.id,
    format: row.format,
    status: row.status,
    filters: row.filters,
    row_count: row.rowsTotal,
    progress: { done: row.rowsDone, total: row.rowsTotal },
    byte_size: row.status === "ready" ? row.byteSize : null,
    download_url: link?.url ?? null,
    download_url_expires_at: link?.expires_at ?? null,
    file_expires_at: row.status === "ready" ? iso(row.fileExpiresAt) : null,
    reason: row.reason,
    mode: row.mode,
    created_at: iso(row.createdAt),
    ready_at: iso(row.readyAt),
    updated_at: iso(row.updatedAt),
  };
}

/** The name a downloaded file is saved under, e.g. `plaudit-export-2026-11-22-1a2b3c.csv`. */
export const fileName = (row: ExportRow): string =>
  `plaudit-export-${new Date(row.createdAt).toISOString().slice(0, 10)}-${row.id.slice(-6)}.${row.format}`;
