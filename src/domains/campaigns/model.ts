/** Request and response schemas of the campaign routes, and the campaign limits in numbers. */
import { t } from "elysia";
import { pageQuerySchema, pageSchema } from "../../platform/http/pagination";
import { bodyInteger } from "../../platform/http/strict-schema";
import { lineText, multiLineText } from "../../platform/http/text-schema";
import {
  address,
  count,
  maybeTimestamp,
  modeField,
  nullable,
  oneOf,
  timestamp,
} from "../../platform/http/response-schema";

/** Limits of one campaign. */
export const CAMPAIGN_LIMITS = {
  maxRecipients: 1000,
  maxSubjectChars: 150,
  maxMessageChars: 5000,
  maxNameChars: 120,
  maxEmailChars: 254,
  maxReminderDays: 30,
} as const;

/** Every recipient status, in the order a request moves through them. */
export const RECIPIENT_STATUSES = [
  "queued",
  "sent",
  "reminded",
  "answered",
  "unsubscribed",
  "bounced",
  "stopped",
] as const;

const recipientBody = t.Object(
  {
    name: t.Optional(
      t.String({
        maxLength: CAMPAIGN_LIMITS.maxNameChars,
        description:
          "How the message greets them ({name}: the first word, unless it is a title; {full_name}: all of it).",
      }),
    ),
    email: t.String({ minLength: 1, maxLength: CAMPAIGN_LIMITS.maxEmailChars, description: "One email address." }),
  },
  { additionalProperties: false },
);

/** `POST /v1/campaigns`. */
export const createBody = t.Object(
  {
    link_id: t.String({ minLength: 1, maxLength: 64, description: "The collect link the request points to." }),
    subject: lineText({ minLength: 1, maxLength: CAMPAIGN_LIMITS.maxSubjectChars, description: "One line." }),
    message: multiLineText({
      minLength: 1,
      maxLength: CAMPAIGN_LIMITS.maxMessageChars,
      description:
        "Plain text; {name} becomes the recipient's first name, {full_name} their whole name, and {link} their personal link (required).",
    }),
    reminder_after_days: t.Optional(
      bodyInteger({
        minimum: 0,
        maximum: CAMPAIGN_LIMITS.maxReminderDays,
        description: "One reminder this many days after the request to those who have not answered; 0 (default): none.",
      }),
    ),
    recipients: t.Array(recipientBody, {
      minItems: 1,
      maxItems: CAMPAIGN_LIMITS.maxRecipients,
      description: `1 to ${CAMPAIGN_LIMITS.maxRecipients} people; a repeated address is asked once.`,
    }),
  },
  { additionalProperties: false },
);

/** `GET /v1/campaigns`. */
export const listQuery = t.Object({
  ...pageQuerySchema,
  link_id: t.Optional(t.String({ minLength: 1, maxLength: 64, description: "Only campaigns of this link." })),
});

/** `GET /v1/campaigns/{id}/recipients`. */
export const recipientsQuery = t.Object({
  ...pageQuerySchema,
  status: t.Optional(t.Union(RECIPIENT_STATUSES.map((s) => t.Literal(s)))),
});

/** `{id}` of a campaign. */
export const idParams = t.Object({ id: t.String({ maxLength: 64 }) });

/** `{token}` of an unsubscribe page. */
export const tokenParams = t.Object({ token: t.String({ maxLength: 200 }) });

/** How many recipients are where. */
export const countsSchema = t.Object(
  {
    total: count(),
    queued: count(),
    sent: count("Emailed and waiting for an answer (no reminder yet)."),
    reminded: count(),
    answered: count(),
    unsubscribed: count(),
    bounced: count(),
    stopped: count("Not emailed: the campaign was stopped before their email left."),
    emailed: count("Requests that went out (or, in test mode, were written to the outbox)."),
  },
  { description: "Recipients by status." },
);

/** A campaign as the API shows it. */
export const campaignSchema = t.Object({
  id: t.String({ description: "`cmp_` prefix." }),
  mode: modeField,
  link_id: t.String(),
  brand_id: t.String(),
  link_title: t.String(),
  link_url: address("The link's address; each recipient gets it with their own `?r=` token."),
  subject: t.String(),
  message: t.String(),
  reminder_after_days: count(),
  counts: countsSchema,
  sending_until: maybeTimestamp(
    "While emails wait to leave (`counts.queued`), when the last of them is due to go out at the server's sending pace (PLAUDIT_MAIL_BULK_PER_MINUTE); null when none waits.",
  ),
  created_at: timestamp(),
  stopped_at: maybeTimestamp(
    "When the campaign was stopped (emails not yet sent were withheld, no reminders), or null.",
  ),
  stopped_by: nullable(oneOf(["team", "operator"] as const), "Who stopped it: the team, or whoever runs the server."),
});

/** The answer of `POST /v1/campaigns`: the campaign and what was left out of the list. */
export const createdSchema = t.Object({
  ...campaignSchema.properties,
  duplicates_skipped: count("Repeated addresses asked only once."),
  recently_asked: count(
    "Addresses this organisation already asked in the last 30 days (in any campaign): left out, not asked again.",
  ),
  suppressed: count("Addresses on the unsubscribe list: kept as `unsubscribed`, never emailed."),
});

/** One recipient. */
export const recipientSchema = t.Object({
  id: t.String({ description: "`rcp_` prefix." }),
  position: count(),
  name: t.String(),
  email: nullable(t.String(), "Null once erased with their testimonial."),
  status: oneOf(RECIPIENT_STATUSES),
  submission_id: nullable(t.String(), "The testimonial they sent through their link."),
  error: nullable(t.String()),
  sent_at: maybeTimestamp(),
  reminded_at: maybeTimestamp(),
  answered_at: maybeTimestamp(),
  unsubscribed_at: maybeTimestamp(),
});

/** A page of campaigns. */
export const campaignPageSchema = pageSchema(campaignSchema);
/** A page of recipients, in list order. */
export const recipientPageSchema = pageSchema(recipientSchema, "Recipients in the order they were listed.");
/** The answer of a delete. */
export const campaignDeletedSchema = t.Object({ id: t.String(), deleted: t.Literal(true) });

/** `GET /v1/operator/campaigns`. */
export const operatorListQuery = t.Object({
  ...pageQuerySchema,
  sending: t.Optional(
    t.Union([t.Literal("true"), t.Literal("false")], {
      description: "`true`: only campaigns with emails still waiting to leave.",
    }),
  ),
});

/** A campaign as the server's operator sees it: with the organisation it belongs to. */
export const operatorCampaignSchema = t.Object({
  ...campaignSchema.properties,
  org_id: t.String({ description: "The organisation that sent it (`org_` prefix)." }),
  org_name: t.String(),
});

/** A page of every organisation's campaigns. */
export const operatorCampaignPageSchema = pageSchema(operatorCampaignSchema);
