/** What other domains may use from submissions, and the submissions module. */
import type { DomainModule } from "../../platform/module";
import { submissionRoutes } from "./routes";
import { tagRoutes } from "./tag-routes";
import { registerSubmissionJobs } from "./jobs";
import { brandSubmissionCount, submissionsThisMonth } from "./usage";
import { testimonialsOfDeletedBrand } from "./brand-deletion";
export {
  submissions,
  transcripts,
  uploads,
  tags,
  submissionTags,
  type Word,
  type ConsentRecord,
  type CustomAnswer,
  type ManualAttestation,
} from "./tables";
export { createCollected, finishWritten, markReceived, PROCESS_JOB, type CollectedBase } from "./create";
export { submissionRow, type NewSubmission } from "./row";
export { failSubmission } from "./status";
export { shownCondition, isShown } from "./visibility";
export { wordsPublic, publishProblem } from "./publishable";
export {
  presentSubmission,
  submissionEventData,
  presentTranscript,
  wordsText,
  type SubmissionRow,
  type TranscriptRow,
} from "./present";
export { listSubmissions, filterConditions, type SubmissionFilters } from "./list";
export {
  captionCueSchema,
  shownItemSchema,
  listQuery as submissionListQuery,
  filterBodyFields as submissionFilterFields,
} from "./model";
export { indexSubmission, indexSubmissions, unindexSubmission, searchBody } from "./search";
export { submissionRoutes } from "./routes";
export { registerSubmissionJobs } from "./jobs";
export { publicMediaUrls } from "./public-urls";
export type { ShownChange } from "../../platform/events/publication";
export { approve, unapprove, reject, setVisibility, deleteSubmission, softDelete } from "./moderation";
export { getSubmissionRow, getTranscriptRow, submissionDetail } from "./read";
export { teamPhotoWebp, storeTeamPhoto, TEAM_PHOTO_LIMITS } from "./team-photo";
export { respondentFields } from "./correction-model";
export { submissionDetailSchema } from "./model";
export { placeRespondentPhoto, requirePhotoRoom, PHOTO_UPLOADS_MAX, type PhotoPlacement } from "./photo-review";
export { tagRoutes } from "./tag-routes";
export { tagsOf, visibleTags } from "./tags";
export {
  listShown,
  shownSummary,
  pickShown,
  presentShown,
  captionsFrom,
  type ShownItem,
  type ShownQuery,
} from "./shown";
export { ftsQuery } from "./search";
export { fileResponse, signedMediaUrl } from "./media-links";
export { wordsWithin } from "./trim-words";

/**
 * The submissions module: testimonial and tag routes, processing, public-media publishing and erasure jobs (erasure
 * runs every module's `erase` participant), the `submissions_per_month` counter, how a brand's testimonials are
 * counted (each brand's `submission_count`), and the erasure of a deleted brand's testimonials.
 */
export const submissionsModule: DomainModule = {
  name: "submissions",
  routes: (deps) => [submissionRoutes(deps), tagRoutes(deps)],
  jobs: registerSubmissionJobs,
  usage: { submissions_per_month: submissionsThisMonth },
  brandSubmissionCount,
  brandDeletion: testimonialsOfDeletedBrand,
};
export { shareCard } from "./share-card";
