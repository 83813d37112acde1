/**
 * Browser recording helpers: can this browser record (and is the page one where browsers allow it), which container
 * to record in, and a plain explanation of why the camera or microphone could not be used.
 */
import { t } from "./i18n";

const VIDEO_TYPES = ["video/webm;codecs=vp8,opus", "video/webm", "video/mp4"];
const AUDIO_TYPES = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4", "audio/ogg;codecs=opus"];

/** True when the browser can ask for the camera/microphone and record (secure page, MediaRecorder present). */
export const canRecord = (): boolean =>
  typeof MediaRecorder !== "undefined" &&
  !!navigator.mediaDevices &&
  typeof navigator.mediaDevices.getUserMedia === "function";

/**
 * True when this page is not a secure context (plain http:// at an address other than the respondent's own machine):
 * browsers then give it no camera or microphone at all, whatever the device has. Uploading a file and writing still
 * work.
 */
export const insecurePage = (): boolean => window.isSecureContext === false;

/** The first recording format the browser supports for a kind ("" lets the browser choose). */
export function recordingType(kind: "video" | "audio"): string {
  const list = kind === "video" ? VIDEO_TYPES : AUDIO_TYPES;
  return list.find((t) => MediaRecorder.isTypeSupported(t)) ?? "";
}

/** Asks for the camera and microphone (video) or the microphone only (audio). */
export function openStream(kind: "video" | "audio"): Promise<MediaStream> {
  const audio = { echoCancellation: true, noiseSuppression: true };
  const video = { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: "user" };
  return navigator.mediaDevices.getUserMedia(kind === "video" ? { video, audio } : { audio });
}

/** Stops every track of a stream (turns the camera light off). */
export function closeStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((t) => t.stop());
}

/** Why recording is not possible, in plain words, from what `getUserMedia` threw (or null: no support). */
export function explainMediaError(kind: "video" | "audio", error: unknown): string {
  const device = kind === "video" ? "camera" : "microphone";
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (!canRecord()) return t("media.cannotRecord");
  switch (name) {
    case "NotAllowedError":
    case "SecurityError":
      return t("media.notAllowed", { device });
    case "NotFoundError":
    case "OverconstrainedError":
      return kind === "video" ? t("media.noCamera") : t("media.noMicrophone");
    case "NotReadableError":
    case "AbortError":
      return t("media.busy", { device });
    default:
      return t("media.failed", { device });
  }
}
