/** What other domains may use from submissions. */
import "./usage";
export { submissions, transcripts, uploads, tags, submissionTags, type Word, type ConsentRecord } from "./tables";
export { createCollected, finishWritten, markReceived, PROCESS_JOB, type CollectedBase } from "./create";
export { failSubmission } from "./status";
export { shownCondition, isShown } from "./visibility";
export { presentSubmission, submissionEventData, presentTranscript, wordsText, type SubmissionRow, type TranscriptRow } from "./present";
export { listSubmissions, filterConditions, addSubmissionFilter, type SubmissionFilters } from "./list";
export { indexSubmission, indexSubmissions, unindexSubmission, searchBody } from "./search";
export { submissionRoutes } from "./routes";
export { registerSubmissionJobs } from "./jobs";
export { publicMediaUrls } from "./public-urls";
export { onShownChange, type ShownChange } from "./publication";
export { onErase } from "./purge";
export { approve, unapprove, reject, setVisibility, deleteSubmission, softDelete } from "./moderation";
export { getSubmissionRow, getTranscriptRow } from "./read";
export { tagRoutes } from "./tag-routes";
export { tagsOf } from "./tags";
export { listShown, shownSummary, pickShown, presentShown, captionsFrom, type ShownItem, type ShownQuery } from "./shown";
