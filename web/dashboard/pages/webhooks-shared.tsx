/**
 * What the webhook pages share: the shapes the API answers with, the event types with words for a person, and
 * the status badges of endpoints and deliveries.
 */
import { Badge, type BadgeTone } from "../../shared/ui/badge";
import { t } from "../i18n";
import type { WebhookDelivery, WebhookEndpoint } from "../types";

export type { EndpointWithSecret, WebhookAttempt, WebhookDelivery, WebhookEndpoint } from "../types";

/** Every event type, with when it is sent. */
export const EVENT_TYPES: { type: string; label: string }[] = [
  { type: "submission.created", label: t("webhooks-shared.event_submission_created") },
  { type: "submission.ready", label: t("webhooks-shared.event_submission_ready") },
  { type: "submission.approved", label: t("webhooks-shared.event_submission_approved") },
  { type: "submission.rejected", label: t("webhooks-shared.event_submission_rejected") },
  { type: "reel.ready", label: t("webhooks-shared.event_reel_ready") },
  { type: "reel.failed", label: t("webhooks-shared.event_reel_failed") },
  { type: "export.ready", label: t("webhooks-shared.event_export_ready") },
];

const ENDPOINT: Record<WebhookEndpoint["status"], { label: string; tone: BadgeTone }> = {
  active: { label: t("webhooks-shared.endpoint_active"), tone: "good" },
  failing: { label: t("webhooks-shared.endpoint_failing"), tone: "warn" },
  disabled: { label: t("webhooks-shared.endpoint_disabled"), tone: "bad" },
};

const DELIVERY: Record<WebhookDelivery["status"], { label: string; tone: BadgeTone }> = {
  pending: { label: t("webhooks-shared.delivery_pending"), tone: "info" },
  retrying: { label: t("webhooks-shared.delivery_retrying"), tone: "warn" },
  delivered: { label: t("webhooks-shared.delivery_delivered"), tone: "good" },
  failed: { label: t("webhooks-shared.delivery_failed"), tone: "bad" },
};

/** Active, Failing or Disabled. */
export const EndpointBadge = ({ status }: { status: WebhookEndpoint["status"] }) => (
  <Badge tone={ENDPOINT[status].tone}>{ENDPOINT[status].label}</Badge>
);

/** Waiting, Retrying, Delivered or Failed. */
export const DeliveryBadge = ({ status }: { status: WebhookDelivery["status"] }) => (
  <Badge tone={DELIVERY[status].tone}>{DELIVERY[status].label}</Badge>
);

/** Address of an endpoint's API routes. */
export const endpointPath = (id: string) => `/v1/webhooks/${encodeURIComponent(id)}`;
