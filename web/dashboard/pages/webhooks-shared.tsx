/**
 * What the webhook pages share: the shapes the API answers with, the event types with words for a person, and
 * the status badges of endpoints and deliveries.
 */
import { Badge, type BadgeTone } from "../../shared/ui/badge";

/** An endpoint as listed (never with its secret). */
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: string[];
  status: "active" | "failing" | "disabled";
  failing_since: string | null;
  disabled_at: string | null;
  created_at: string;
  previous_secret_expires_at: string | null;
  mode: string;
}

/** The answer to create and rotate-secret: the endpoint with its secret, shown once. */
export interface EndpointWithSecret extends WebhookEndpoint {
  secret: string;
}

/** One HTTP attempt of a delivery. */
export interface WebhookAttempt {
  number: number;
  attempted_at: string;
  request_headers: Record<string, string>;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number;
  error: string | null;
}

/** A delivery with its attempts. */
export interface WebhookDelivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: "pending" | "retrying" | "delivered" | "failed";
  next_attempt_at: string | null;
  delivered_at: string | null;
  failure_reason: string | null;
  replay_of: string | null;
  is_test: boolean;
  created_at: string;
  body: string;
  attempts: WebhookAttempt[];
}

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
