/**
 * The tus protocol version (tus 1.0 core, "Tus-Resumable"): every request to an upload address except OPTIONS names
 * the version it speaks, and a server that does not speak it must refuse the request with 412 Precondition Failed
 * and say in `Tus-Version` which versions it does. Checked before the upload is looked up, so a client speaking
 * another version learns that first, whatever the address. `tus-js-client` (the capture page) sends the header
 * on every request.
 */
import { AppError } from "../../platform/errors";

/** The one version these routes speak. */
export const TUS_VERSION = "1.0.0";

/** Headers every tus answer carries. */
export const TUS_HEADERS = { "tus-resumable": TUS_VERSION } as const;

/**
 * Refuses a request that does not speak tus 1.0.0: 412 `tus_version_unsupported`, with `Tus-Version` (and
 * `Tus-Resumable`) set on `headers` for the error answer.
 */
export function requireTusVersion(request: Request, headers: Record<string, string | number>): void {
  const sent = request.headers.get("tus-resumable");
  if (sent?.trim() === TUS_VERSION) return;
  headers["tus-version"] = TUS_VERSION;
  Object.assign(headers, TUS_HEADERS);
  throw new AppError(
    "tus_version_unsupported",
    412,
    sent === null
      ? `Send the tus protocol version with every upload request: Tus-Resumable: ${TUS_VERSION}.`
      : `This server speaks tus ${TUS_VERSION} only (Tus-Resumable: ${TUS_VERSION}), not ${JSON.stringify(sent.slice(0, 40))}.`,
    { header: "Tus-Resumable", supported: [TUS_VERSION] },
  );
}
