/**
 * What a respondent reads when this page cannot record (it is not at an https:// address, so the browser gives it
 * no camera or microphone): said plainly, with the ways to answer that still work here, from those the link takes.
 */
import type { Method } from "./types";

/** The sentence naming what remains: uploading a file the respondent has, writing, or both. */
export function remainingWays(accepts: Method[]): string {
  const video = accepts.includes("video");
  const audio = accepts.includes("audio");
  const upload = video && audio ? "a video or audio file" : video ? "a video" : "an audio recording";
  const write = accepts.includes("text");
  return `You can upload ${upload} you already have${write ? ", or write your testimonial instead" : " instead"}.`;
}

/** The notice, for links that take a recording; nothing for written-only links (there is nothing to miss). */
export function NoRecordingNotice({ accepts }: { accepts: Method[] }) {
  if (!accepts.includes("video") && !accepts.includes("audio")) return null;
  return (
    <p class="notice" id="no-recording">
      <strong>This page cannot use your camera or microphone.</strong> Recording needs a secure (https://) page.{" "}
      {remainingWays(accepts)}
    </p>
  );
}
