/**
 * The one place a testimonial row is written out: `submissionRow` builds a new row's insert values (collected or
 * imported) from what the caller knows, every other column at its empty default; `erasedValues` is the update an
 * erasure makes, the same empty defaults for the personal details, words, files and sources.
 */
import { newId } from "../../platform/ids";
import type { SubmissionRow } from "./present";

/** Every column a new testimonial starts with unless given: nothing recorded, nothing analysed, nothing published. */
const BLANK = {
  linkId: null,
  failureReason: null,
  promptId: null,
  respondentName: "",
  respondentEmail: null,
  respondentTitle: null,
  respondentCompany: null,
  rating: null,
  consent: null,
  textInput: null,
  textSource: null,
  originalText: null,
  language: null,
  pageLanguage: null,
  sentimentScore: null,
  sentimentLabel: null,
  durationMs: null,
  originalKey: null,
  originalType: null,
  videoKey: null,
  audioKey: null,
  posterKey: null,
  thumbKey: null,
  width: null,
  height: null,
  isApproved: false,
  approvedAt: null,
  isPublic: false,
  rejectedAt: null,
  rejectionReason: null,
  deletedAt: null,
  importId: null,
  sourceName: null,
  sourceUrl: null,
  reviewUrl: null,
  reviewedAt: null,
  dedupeHash: null,
  publicMedia: null,
  mediaEdit: null,
  wordsDraft: false,
  hideWords: false,
  customAnswers: null,
  photoKey: null,
  pendingPhotoKey: null,
  photoUploads: 0,
  attestation: null,
  originalRespondent: null,
  correctedAt: null,
  erasedAt: null,
  receivedAt: null,
  processedAt: null,
} satisfies Omit<SubmissionRow, SubmissionCore | "id" | "createdAt" | "updatedAt">;

/** What every new testimonial is given: whose it is and what it is. */
type SubmissionCore = "orgId" | "mode" | "brandId" | "origin" | "kind" | "status";

/** The fields of a new testimonial: its core, and any other column that does not start empty. */
export type NewSubmission = Pick<SubmissionRow, SubmissionCore> & Partial<Omit<SubmissionRow, SubmissionCore>>;

/** A new testimonial's row, to insert: a fresh id, created and updated `now`, every column not given empty. */
export function submissionRow(fields: NewSubmission, now: number): SubmissionRow {
  return { id: newId("submission", now), ...BLANK, createdAt: now, updatedAt: now, ...fields };
}

/** The columns an erasure empties: the personal details, the words and their analysis, every file, the sources. */
const ERASED = [
  "failureReason",
  "promptId",
  "respondentName",
  "respondentEmail",
  "respondentTitle",
  "respondentCompany",
  "rating",
  "consent",
  "textInput",
  "originalText",
  "language",
  "sentimentScore",
  "sentimentLabel",
  "originalKey",
  "originalType",
  "videoKey",
  "audioKey",
  "posterKey",
  "thumbKey",
  "width",
  "height",
  "rejectionReason",
  "sourceName",
  "sourceUrl",
  "reviewUrl",
  "reviewedAt",
  "dedupeHash",
  "publicMedia",
  "mediaEdit",
  "customAnswers",
  "photoKey",
  "pendingPhotoKey",
  "originalRespondent",
] as const satisfies readonly (keyof typeof BLANK)[];

/** The update that leaves an erased testimonial a tombstone: status `erased`, the `ERASED` columns empty. */
export function erasedValues(now: number): Partial<SubmissionRow> {
  const empty = Object.fromEntries(ERASED.map((k) => [k, BLANK[k]])) as Pick<typeof BLANK, (typeof ERASED)[number]>;
  return { status: "erased", ...empty, erasedAt: now, updatedAt: now };
}
