/**
 * Files the dashboard fetches with the session and chosen organisation (QR codes, share images) and hands to the
 * browser: as a Blob to preview, or saved under a name. A refusal becomes an `ApiError` with the server's words.
 */
import { ApiError } from "../shared/api";
import { config, scopeHeaders } from "./api";
import { t } from "./i18n";

/** Fetches `path` (an API path such as `/v1/links/…/qr.svg`) as a Blob; `what` names it in a generic failure. */
export async function fetchFile(path: string, what: string): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(`${config.apiUrl.replace(/\/+$/, "")}${path}`, {
      headers: scopeHeaders(),
      credentials: "include",
    });
  } catch {
    throw new ApiError(0, "network", t("files.network"));
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(
      res.status,
      body?.error?.code ?? "http_error",
      body?.error?.message ?? t("files.failed", { what }),
    );
  }
  return res.blob();
}

/** Hands `blob` to the browser as a file named `name`. */
export function saveAs(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
