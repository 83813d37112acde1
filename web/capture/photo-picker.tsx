/**
 * The respondent's photo (a headshot or their company's logo), optional: chosen from the device or taken with the
 * phone's camera, shown as the round avatar it will become, removable. Large photos are made smaller in the browser
 * before sending (the server decodes, crops and strips it again whatever arrives).
 */
import { useEffect, useState } from "preact/hooks";
import { megabytes } from "./format";
import { t } from "./i18n";

/** The photo field; `file` null means no photo. */
export function PhotoPicker({
  file,
  onChange,
  maxBytes,
  error,
}: {
  file: Blob | null;
  onChange(f: Blob | null): void;
  maxBytes: number;
  error?: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  const described = ["photo-hint", error && "photo-error"].filter(Boolean).join(" ");
  return (
    <div class="field photo-field">
      <label for="photo" class="label">
        {t("photo.label")} <span class="opt">{t("common.optional")}</span>
      </label>
      <p id="photo-hint" class="hint">
        {t("photo.hint", { size: megabytes(maxBytes) })}
      </p>
      <div class="photo-row">
        {url ? (
          <img class="photo-preview" src={url} alt={t("photo.previewAlt")} width={72} height={72} />
        ) : (
          <span class="photo-preview photo-empty" aria-hidden="true" />
        )}
        <div class="stack-sm">
          <input
            id="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            aria-describedby={described}
            aria-invalid={error ? true : undefined}
            onChange={async (e) => {
              const input = e.currentTarget as HTMLInputElement;
              const chosen = input.files?.[0];
              if (chosen) onChange(await shrink(chosen));
            }}
          />
          {file && (
            <button
              type="button"
              class="btn-link small"
              onClick={(e) => {
                const input = (e.currentTarget as HTMLElement).parentElement?.querySelector("input");
                if (input) input.value = "";
                onChange(null);
              }}
            >
              {t("photo.remove")}
            </button>
          )}
        </div>
      </div>
      {error && (
        <p id="photo-error" class="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A photo made at most 1200 px on its longer side (JPEG), or the file as it is when the browser cannot read it. */
async function shrink(file: File): Promise<Blob> {
  if (!file.type.startsWith("image/") || file.size < 600_000) return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, 1200 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, "image/jpeg", 0.88));
    return blob ?? file;
  } catch {
    return file;
  }
}
