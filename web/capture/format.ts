/** Small formatting helpers of the capture page. */
import { t } from "./i18n";

/** Seconds as a clock, whole seconds as media players show them: 75.6 → "1:15". */
export function clock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Seconds in words for limits: 90 → "1 min 30 s", 45 → "45 s". */
export function seconds(total: number): string {
  if (total < 60) return t("format.seconds", { s: total });
  const m = Math.floor(total / 60);
  const s = total % 60;
  return s ? t("format.minutesSeconds", { m, s }) : t("format.minutes", { m });
}

/** Bytes in words: "12 MB". */
export function megabytes(bytes: number): string {
  return t("format.megabytes", { n: Math.max(1, Math.round(bytes / 1024 / 1024)) });
}
