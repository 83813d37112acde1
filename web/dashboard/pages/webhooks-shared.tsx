/**
 * What the webhook pages share: the shapes the API answers with, the event types with words for a person, and
 * the status badges of endpoints and deliveries.
 */
import { Badge, type BadgeTone } from "../../shared/ui/badge";
import type { WebhookDelivery, WebhookEndpoint } from "../types";

export type { EndpointWithSecret, WebhookAttempt, WebhookDelivery, WebhookEndpoint } from "../types";

/** Every event type, with when it is sent. */
export const EVENT_TYPES: { type: string; label: string }[] = [
  { type: "submission.created", label: "A respondent sends a testimonial" },
  { type: "submission.ready", label: "A testimonial is processed and playable" },
  { type: "submission.approved", label: "Someone approves a testimonial" },
  { type: "submission.rejected", label: "Someone rejects a testimonial" },
  { type: "reel.ready", label: "A reel finished rendering" },
  { type: "reel.failed", label: "A reel could not be rendered" },
  { type: "export.ready", label: "An export is ready to download" },
];

const ENDPOINT: Record<WebhookEndpoint["status"], { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "good" },
  failing: { label: "Failing", tone: "warn" },
  disabled: { label: "Disabled", tone: "bad" },
};

const DELIVERY: Record<WebhookDelivery["status"], { label: string; tone: BadgeTone }> = {
  pending: { label: "Waiting", tone: "info" },
  retrying: { label: "Retrying", tone: "warn" },
  delivered: { label: "Delivered", tone: "good" },
  failed: { label: "Failed", tone: "bad" },
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
