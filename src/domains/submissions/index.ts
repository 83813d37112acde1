/** What other domains may use from submissions. */
import "./usage";
export { submissions, transcripts, uploads, type Word, type ConsentRecord } from "./tables";
export { createCollected, finishWritten, markReceived, PROCESS_JOB, type CollectedBase } from "./create";
export { failSubmission } from "./status";
export { shownCondition, isShown } from "./visibility";
export { presentSubmission, submissionEventData, presentTranscript, wordsText, type SubmissionRow, type TranscriptRow } from "./present";
export { listSubmissions, filterConditions, addSubmissionFilter, type SubmissionFilters } from "./list";
export { indexSubmission, indexSubmissions, unindexSubmission, searchBody } from "./search";
export { submissionRoutes } from "./routes";
export { registerSubmissionJobs } from "./jobs";
