/**
 * Shapes of what the dashboard reads from the API: the server's response schemas (each domain's `model.ts`), as
 * types only, so the dashboard cannot drift from what the server answers and nothing of the server is bundled.
 */
import type { Static } from "elysia";
import type {
  ApiKeyView,
  HealthView,
  MeView,
  MemberView,
  billingSchema,
  createdKeySchema,
  outboxMessageSchema,
  planSchema,
  scopeListSchema,
  selfTestStepSchema,
  usageSchema,
} from "../../src/domains/accounts/model";
import type { OrgView } from "../../src/domains/accounts/org-model";
import type { brandStatsSchema, widgetStatsSchema } from "../../src/domains/analytics/model";
import type { NotificationsView, NotificationsPatch } from "../../src/domains/alerts/model";
import type {
  BrandDeletionPreview,
  BrandView,
  LinkDeletedView,
  LinkView,
  newBrandBody,
} from "../../src/domains/brands/model";
import type {
  AccountView,
  emailChangeLookupSchema,
  resetLookupSchema,
  resetRequestedSchema,
} from "../../src/domains/accounts/model";
import type { createdInvitationSchema, invitationLookupSchema, InvitationView } from "../../src/domains/accounts/model";
import type { exportFiltersSchema, exportPreviewSchema, ExportView } from "../../src/domains/exports/model";
import type { clipSchema, musicTrackSchema, ReelView } from "../../src/domains/reels/model";
import type {
  bulkResultSchema,
  signedMediaSchema,
  SubmissionDetailView,
  SubmissionView,
  TagView,
  TranscriptView,
  listQuery as submissionListQuery,
  newTagBody,
} from "../../src/domains/submissions/model";
import type {
  attemptSchema,
  DeliveryView,
  EndpointView,
  endpointWithSecretSchema,
} from "../../src/domains/webhooks/model";

/** `live` or `test` (the sandbox). */
export type Mode = ApiKeyView["mode"];

/** A member's role in an organisation. */
export type Role = MemberView["role"];

/** The signed-in person. */
export type User = MeView["user"];

/** One organisation the person belongs to. */
export type Membership = MeView["memberships"][number];

/** Answer of login and `GET /v1/me`. */
export type Me = MeView;

/** A brand. */
export type Brand = BrandView;

/** What creating a brand sends (`POST /v1/brands`). */
export type NewBrand = Static<typeof newBrandBody>;

/** The organisation's name, logo and colour (`GET /v1/org`). */
export type Organisation = OrgView;

/** The signed-in member's new-testimonial emails in this organisation and mode (`GET /v1/me/notifications`). */
export type Notifications = NotificationsView;

/** What `PATCH /v1/me/notifications` takes. */
export type NotificationsChange = NotificationsPatch;
/** What `GET /v1/brands/{id}/deletion` says deleting the brand takes. */
export type BrandDeletion = BrandDeletionPreview;

/** The answer of `DELETE /v1/links/{id}`. */
export type LinkDeleted = LinkDeletedView;

/** The profile page's view of the signed-in person (`GET /v1/me/account`). */
export type Account = AccountView;

/** The answer of `POST /v1/auth/password-reset` (the same for every address). */
export type ResetRequested = Static<typeof resetRequestedSchema>;

/** What `POST /v1/auth/password-reset/lookup` answers. */
export type ResetInfo = Static<typeof resetLookupSchema>;

/** What `POST /v1/auth/email-change/lookup` answers. */
export type EmailChangeInfo = Static<typeof emailChangeLookupSchema>;

/** A collect link. */
export type CollectLink = LinkView;

/** A former slug of a brand or link, kept for the organisation until `held_until`. */
export type FormerSlug = BrandView["former_slugs"][number];

/** One question on a collect link. */
export type Prompt = LinkView["prompts"][number];

/** A kind of answer a collect link may take. */
export type AnswerKind = LinkView["accepts"][number];

/** One of a collect link's own questions. */
export type LinkCustomField = LinkView["custom_fields"][number];

/** An API key (never its secret, except right after creation). */
export type ApiKey = ApiKeyView;

/** The answer to creating a key: the key and its secret, shown once. */
export type CreatedApiKey = Static<typeof createdKeySchema>;

/** A scope a key can have. */
export type ScopeInfo = Static<typeof scopeListSchema>["data"][number];

/** A member of the organisation. */
export type Member = MemberView;

/** A plan and its allowances (null = unlimited). */
export type Plan = Static<typeof planSchema>;

/** `GET /v1/billing`. */
export type Billing = Static<typeof billingSchema>;

/** `GET /v1/billing/usage`. */
export type Usage = Static<typeof usageSchema>;

/** One allowance's use. */
export type Allowance = Usage["allowances"][number];

/** A message in the mail outbox. */
export type OutboxMessage = Static<typeof outboxMessageSchema>;

/** One step of the server's media self-test. */
export type SelfTestStep = Static<typeof selfTestStepSchema>;

/** Answer of `GET /v1/system/health` (owners and admins). */
export type SystemHealth = HealthView;

/** A pending invitation as listed. */
export type Invitation = InvitationView;

/** The answer of `POST /v1/members`: the invitation and its one-time link, which no other answer carries. */
export type CreatedInvitation = Static<typeof createdInvitationSchema>;

/** What `POST /v1/invitations/lookup` answers. */
export type InvitationInfo = Static<typeof invitationLookupSchema>;

/** A webhook endpoint as listed (never with its secret). */
export type WebhookEndpoint = EndpointView;

/** The answer to create and rotate-secret: the endpoint with its secret, shown once. */
export type EndpointWithSecret = Static<typeof endpointWithSecretSchema>;

/** One HTTP attempt of a webhook delivery. */
export type WebhookAttempt = Static<typeof attemptSchema>;

/** A webhook delivery with its attempts. */
export type WebhookDelivery = DeliveryView;

/** Filters of an export (the testimonial list's, as JSON). */
export type ExportFilters = Static<typeof exportFiltersSchema>;

/** An export. */
export type ExportItem = ExportView;

/** What `POST /v1/exports/preview` answers. */
export type ExportPreview = Static<typeof exportPreviewSchema>;

/**
 * Processing state of a testimonial. The schema's `erased` is for events only: an erased testimonial was deleted
 * first, and no answer carries a deleted one.
 */
export type SubmissionStatus = Exclude<SubmissionView["status"], "erased">;

/** A testimonial as lists show it. */
export type Submission = Omit<SubmissionView, "status"> & { status: SubmissionStatus };

/** `GET /v1/submissions/{id}`. */
export type SubmissionDetail = Omit<SubmissionDetailView, "status"> & { status: SubmissionStatus };

/** A transcript: the current words, and the machine's first version when it was corrected. */
export type Transcript = TranscriptView;

/** A word of a transcript with its place in the recording. */
export type Word = Transcript["words"][number];

/** What the respondent agreed to, word for word. */
export type Consent = NonNullable<SubmissionDetail["consent"]>;

/** A signed, expiring address of one media file. */
export type MediaLink = Static<typeof signedMediaSchema>;

/** A tag. */
export type Tag = TagView;

/** The query of `GET /v1/submissions`: its filters as query text (yes/no as "true"/"false") and the page. */
export type SubmissionListQuery = Static<typeof submissionListQuery>;

/** What creating a tag sends (`POST /v1/tags`). */
export type NewTag = Static<typeof newTagBody>;

/** The bulk answer as the schema states it (its testimonials' `status` includes the events' `erased`). */
type BulkResultView = Static<typeof bulkResultSchema>;

/** One testimonial's outcome in a bulk answer. */
export type BulkItemResult = BulkResultView["results"][number] extends infer R
  ? R extends { ok: true }
    ? Omit<R, "submission"> & { submission: Submission | null }
    : R
  : never;

/** `POST /v1/submissions/bulk`. */
export type BulkAnswer = Omit<BulkResultView, "results"> & { results: BulkItemResult[] };

/** Actions of `POST /v1/submissions/bulk`. */
export type BulkAction = BulkAnswer["action"];

/** A reel. */
export type Reel = ReelView;

/** A clip of a reel. */
export type Clip = Static<typeof clipSchema>;

/** Reel settings. */
export type ReelConfig = Reel["config"];

/** A reel's latest render's state. */
export type RenderState = Reel["render"];

/** What rendering a reel would cost. */
export type Estimate = Reel["estimate"];

/** Files of a reel's last successful render (signed addresses, valid one hour). */
export type Output = NonNullable<Reel["output"]>;

/** A reel's public copy. */
export type Share = Reel["share"];

/** A music track. */
export type Track = Static<typeof musicTrackSchema>;

/** A widget's stats (`GET /v1/widgets/{id}/stats`). */
export type WidgetStats = Static<typeof widgetStatsSchema>;

/** A brand's stats (`GET /v1/brands/{id}/stats`). */
export type BrandStats = Static<typeof brandStatsSchema>;
