/**
 * What the inbox offers towards publishing, by the server's own rules (src/domains/submissions/publishable.ts): a
 * failed or unfinished testimonial is never offered "Approve & publish" or "Publish" (the server would refuse it),
 * and a recording whose words are an unchecked machine draft asks once whether to publish it without its words or
 * to check the words first.
 */
import type { Submission } from "./types";
import { t } from "../i18n";

/** Processed and not failed: something that can be published. */
export const canPublish = (s: Pick<Submission, "status">): boolean => s.status === "ready";

/** Why a testimonial cannot be published, in words, or null when it can. */
export function notPublishableReason(s: Pick<Submission, "status">): string | null {
  switch (s.status) {
    case "failed":
      return t("inbox.publishable.failed");
    case "uploading":
      return t("inbox.publishable.uploading");
    case "processing":
      return t("inbox.publishable.processing");
    default:
      return null;
  }
}

/** A recording whose words nobody has checked, not yet set to be shown without them: publishing it asks first. */
export const asksAboutWords = (s: Pick<Submission, "kind" | "words_draft" | "hide_words">): boolean =>
  s.kind !== "text" && s.words_draft && !s.hide_words;

/** Whether public places show the words: always for written ones, for a recording while checked and not hidden. */
export const wordsShown = (s: Pick<Submission, "kind" | "words_draft" | "hide_words">): boolean =>
  s.kind === "text" || (!s.words_draft && !s.hide_words);

/** "video" or "recording" (audio), as the question names it. */
export const recordingWord = (s: Pick<Submission, "kind">): string =>
  s.kind === "video" ? t("inbox.publishable.video") : t("inbox.publishable.recording");
