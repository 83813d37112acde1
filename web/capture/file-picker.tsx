/**
 * Answering with a file already on the device (a phone's camera roll, a voice memo). The phone offers both its
 * library and its camera for this input; the file is checked for type and size before anything is sent.
 */
import { useState } from "preact/hooks";
import { megabytes } from "./format";
import type { LinkView, MediaAnswer } from "./types";
import { t } from "./i18n";

const EXT_KIND: Record<string, "video" | "audio"> = {
  mp4: "video",
  mov: "video",
  webm: "video",
  mkv: "video",
  m4v: "video",
  "3gp": "video",
  ogv: "video",
  m4a: "audio",
  mp3: "audio",
  wav: "audio",
  aac: "audio",
  ogg: "audio",
  oga: "audio",
  opus: "audio",
  flac: "audio",
};

/** Video or audio, from the file's type or, when the browser gives none, its extension. */
export function fileKind(file: File): "video" | "audio" | null {
  if (file.type.startsWith("video/")) return "video";
  if (file.type.startsWith("audio/")) return "audio";
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  return EXT_KIND[ext] ?? null;
}

/**
 * A file input that turns the chosen file into an answer (or explains why it cannot be used). `label` names it
 * (by default it is the second way, after recording).
 */
export function FilePicker({
  limits,
  onAnswer,
  label = t("file.label"),
}: {
  limits: LinkView["limits"];
  onAnswer(a: MediaAnswer): void;
  label?: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const pick = (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    const kind = fileKind(file);
    if (!kind) return setError(t("file.notMedia"));
    const max = kind === "video" ? limits.max_video_bytes : limits.max_audio_bytes;
    if (file.size > max) return setError(t("file.tooLarge", { kind, size: megabytes(max) }));
    if (file.size === 0) return setError(t("file.empty"));
    setError(null);
    onAnswer({ kind, blob: file, url: URL.createObjectURL(file), durationMs: null, name: file.name });
  };
  return (
    <div class="file-pick">
      <label for="file" class="label">
        {label}
      </label>
      <input
        id="file"
        type="file"
        accept="video/*,audio/*"
        onChange={pick}
        aria-describedby={error ? "file-error" : undefined}
      />
      {error && (
        <p id="file-error" class="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
