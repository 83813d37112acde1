/**
 * What a respondent reads when this page cannot record (it is not at an https:// address, so the browser gives it
 * no camera or microphone): said plainly, with the ways to answer that still work here, from those the link takes.
 */
import type { Method } from "./types";
import { t } from "./i18n";

/** The sentence naming what remains: uploading a file the respondent has, writing, or both. */
export function remainingWays(accepts: Method[]): string {
  const video = accepts.includes("video");
  const audio = accepts.includes("audio");
  const what = video && audio ? "both" : video ? "video" : "audio";
  return accepts.includes("text") ? t("noRecording.waysWrite", { what }) : t("noRecording.ways", { what });
}

/** The notice, for links that take a recording; nothing for written-only links (there is nothing to miss). */
export function NoRecordingNotice({ accepts }: { accepts: Method[] }) {
  if (!accepts.includes("video") && !accepts.includes("audio")) return null;
  return (
    <p class="notice" id="no-recording">
      <strong>{t("noRecording.title")}</strong> {t("noRecording.why")} {remainingWays(accepts)}
    </p>
  );
}
