/**
 * The builder's live preview: the draft's settings go to `POST /v1/widgets/preview` (a moment after the last
 * change), and the answer is drawn by the embed script's own renderer, side by side at a phone's, a tablet's and
 * a desktop's width (device-frames.tsx), so the preview is exactly what visitors will see on each.
 */
import { useEffect, useState } from "preact/hooks";
import type { WidgetDocument } from "../../../src/domains/widgets/format";
import { Spinner } from "../../shared/ui/loading";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import { DeviceFrames } from "./device-frames";
import { bodyOf, widgetHeight, type Draft } from "./draft";
import { t } from "../i18n";

/** Props of `LivePreview`. */
export interface LivePreviewProps {
  brandId: string;
  draft: Draft;
}

/** Waits this long after the last change before asking for a preview. */
const SETTLE_MS = 300;

/** The draft as it would look on a page, at three widths. */
export function LivePreview({ brandId, draft }: LivePreviewProps) {
  const [doc, setDoc] = useState<WidgetDocument | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const body = JSON.stringify({ brand_id: brandId, ...bodyOf(draft) });

  useEffect(() => {
    let stale = false;
    const timer = setTimeout(() => {
      setBusy(true);
      api
        .post<WidgetDocument>("/v1/widgets/preview", JSON.parse(body))
        .then(
          (d) => !stale && (setDoc(d), setError(null)),
          (e) => !stale && setError(e),
        )
        .finally(() => !stale && setBusy(false));
    }, SETTLE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [body]);

  const count = doc?.items.length ?? 0;
  const height = widgetHeight(draft.layout, draft.look);
  return (
    <section class="widget-preview-panel" aria-labelledby="widget-preview-title">
      <div class="row widget-preview-head">
        <h2 id="widget-preview-title">{t("widgets.live-preview.title")}</h2>
        <span class="muted small" role="status">
          {busy ? <Spinner /> : null}
          {busy
            ? t("widgets.live-preview.updating")
            : doc
              ? height
                ? t("widgets.live-preview.shown_high", { count, height })
                : t("widgets.live-preview.shown_floating", { count })
              : ""}
        </span>
      </div>
      <ErrorNotice error={error} />
      {doc && count === 0 && (
        <p class="hint">
          {draft.selection === "manual"
            ? t("widgets.live-preview.empty_manual")
            : t("widgets.live-preview.empty_filters")}
        </p>
      )}
      <DeviceFrames doc={doc} height={height} />
    </section>
  );
}
