/**
 * A collect link's QR code: a preview of the code for the link's address and two downloads, SVG (for print and
 * design tools, scales without blur) and PNG (about 1000 px, for documents and slides). The files come from
 * `GET /v1/links/{id}/qr.svg|png` with the session and chosen organisation, so they are fetched and handed to the
 * browser as a download rather than linked directly.
 */
import { useEffect, useState } from "preact/hooks";
import { errorMessage } from "../../shared/api";
import { Button } from "../../shared/ui/button";
import { Loading } from "../../shared/ui/loading";
import { fetchFile, saveAs } from "../files";
import { rich, t } from "../i18n";
import type { CollectLink } from "../types";
import { useAction } from "../use-action";

type QrFormat = "svg" | "png";

/** Fetches the link's QR code in `format`. */
const fetchQr = (link: CollectLink, format: QrFormat) =>
  fetchFile(`/v1/links/${encodeURIComponent(link.id)}/qr.${format}`, t("link-qr.what"));

/** The QR panel of one link card (preview and downloads), shown when the owner asks for it. */
export function LinkQr({ link }: { link: CollectLink }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const base = (link.slug ?? link.id).replace(/[^a-z0-9-_]+/gi, "-");
  const download = useAction(async (format: QrFormat) => {
    setPreviewError(null);
    saveAs(await fetchQr(link, format), `qr-${base}.${format}`);
  });
  // One line of error: the latest of the preview's and the download's.
  const error = previewError ?? download.message;

  // The preview follows the address (a new slug makes a new code).
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    setPreview(null);
    fetchQr(link, "svg").then(
      (blob) => {
        url = URL.createObjectURL(blob);
        if (live) setPreview(url);
      },
      (e) => live && setPreviewError(errorMessage(e)),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [link.id, link.url]);

  return (
    <div class="link-qr">
      <div class="link-qr-code">
        {preview ? (
          <img src={preview} width={132} height={132} alt={t("link-qr.alt", { url: link.url })} />
        ) : (
          !error && <Loading label={t("link-qr.making")} />
        )}
      </div>
      <div class="link-qr-side">
        <p class="small">
          {rich("link-qr.explain", { url: link.url, mono: (parts) => <span class="mono">{parts}</span> })}
        </p>
        <div class="row">
          <Button
            small
            busy={download.running === "svg"}
            busyLabel={t("link-qr.preparing")}
            onClick={() => download.run("svg")}
          >
            {t("link-qr.download_svg")}
          </Button>
          <Button
            small
            busy={download.running === "png"}
            busyLabel={t("link-qr.preparing")}
            onClick={() => download.run("png")}
          >
            {t("link-qr.download_png")}
          </Button>
        </div>
        <p class="muted small">{t("link-qr.formats")}</p>
        {error && (
          <p class="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
