/**
 * Shapes of what the inbox reads from the testimonial routes (`/v1/submissions…`, `/v1/tags…`): the server's
 * response schemas, through the dashboard's types.
 */
export type {
  BulkAction,
  BulkAnswer,
  BulkItemResult,
  Consent,
  MediaLink,
  Submission,
  SubmissionDetail,
  SubmissionListQuery,
  SubmissionStatus,
  Tag,
  Transcript,
  Word,
} from "../types";
