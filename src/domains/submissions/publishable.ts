/**
 * What may be made public: only a finished testimonial (processed, not failed, not deleted or removed), and a
 * recording whose words are an unchecked machine draft only with its words hidden. Every step that leaves a
 * testimonial public (approve with publish, visibility true, their bulk forms) asks here first, so a broken or
 * unchecked testimonial can never be queued to go live, not even "once it is ready".
 */
import { AppError } from "../../platform/errors";
import type { SubmissionRow } from "./present";

/** Why a testimonial cannot be made public: `not_publishable` (broken or unfinished) or `words_unchecked`. */
export interface PublishProblem {
  code: "not_publishable" | "words_unchecked";
  message: string;
}

/** What the API says of an unchecked draft (the field to send is `hide_words`, described in the reference). */
export const WORDS_UNCHECKED =
  "Its words are a machine draft nobody has checked: publish the recording without its words, or check the words first.";

/**
 * Why `row` cannot be made public, or null when it can. `hideWords` is what the row's words setting will be after
 * the change (a draft may go public with its words hidden).
 */
export function publishProblem(
  row: Pick<SubmissionRow, "status" | "deletedAt" | "erasedAt" | "kind" | "wordsDraft">,
  hideWords: boolean,
): PublishProblem | null {
  const refuse = (message: string): PublishProblem => ({ code: "not_publishable", message });
  if (row.deletedAt !== null || row.erasedAt !== null || row.status === "erased")
    return refuse("This testimonial was deleted or removed; it cannot be published.");
  switch (row.status) {
    case "failed":
      return refuse("This recording failed to process, so there is nothing to publish. Process it again or delete it.");
    case "uploading":
      return refuse("This testimonial is still being uploaded; it can be published once it is processed.");
    case "processing":
      return refuse("This testimonial is still being processed; publish it once it is ready.");
  }
  if (row.kind !== "text" && row.wordsDraft && !hideWords) return { code: "words_unchecked", message: WORDS_UNCHECKED };
  return null;
}

/** Throws 409 with the problem's code when `row` cannot be made public. */
export function assertPublishable(row: Parameters<typeof publishProblem>[0], hideWords: boolean): void {
  const problem = publishProblem(row, hideWords);
  if (problem) throw new AppError(problem.code, 409, problem.message);
}

/**
 * Whether public places may show a testimonial's words (its text, captions and transcript): always for a written
 * testimonial (it is its words), and for a recording unless they are hidden or an unchecked machine draft. The
 * draft test is the safety net for anything published before drafts were refused: such words never go out.
 */
export const wordsPublic = (row: Pick<SubmissionRow, "kind" | "hideWords" | "wordsDraft">): boolean =>
  row.kind === "text" || (!row.hideWords && !row.wordsDraft);

/** Engines whose free transcription is a rough draft (offline recognition, roughly one word in three wrong). */
const DRAFT_ENGINES = new Set(["pocketsphinx"]);

/** True when a transcript of `words` from `engine` is a machine draft to check before its words are public. */
export const isDraftTranscript = (engine: string, words: readonly unknown[]): boolean =>
  words.length > 0 && DRAFT_ENGINES.has(engine);
