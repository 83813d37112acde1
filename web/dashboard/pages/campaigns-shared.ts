/**
 * What the Requests pages share: the API's campaign and recipient as the dashboard reads them, the words for each
 * status, and the email as the person will read it (the same words the server writes, src/domains/campaigns/message.ts).
 */
import { firstName } from "../../../src/domains/campaigns/first-name";
import type { BadgeTone } from "../../shared/ui/badge";
import type { Static } from "elysia";
import type {
  campaignSchema,
  countsSchema,
  createdSchema,
  recipientSchema,
} from "../../../src/domains/campaigns/model";
import { t } from "../i18n";

/** Recipients by status (`emailed`: requests that went out). */
export type CampaignCounts = Static<typeof countsSchema>;

/** A campaign as `GET /v1/campaigns/{id}` answers it. */
export type Campaign = Static<typeof campaignSchema>;

/** The answer of `POST /v1/campaigns`. */
export type CreatedCampaign = Static<typeof createdSchema>;

/** One person of a campaign. */
export type Recipient = Static<typeof recipientSchema>;

/** Where a person stands. */
export type RecipientStatus = Recipient["status"];

/** Label and badge tone per status. */
export const statuses = (): Record<RecipientStatus, { label: string; tone: BadgeTone }> => ({
  queued: { label: t("campaigns-shared.status_queued"), tone: "neutral" },
  sent: { label: t("campaigns-shared.status_sent"), tone: "info" },
  reminded: { label: t("campaigns-shared.status_reminded"), tone: "info" },
  answered: { label: t("campaigns-shared.status_answered"), tone: "good" },
  unsubscribed: { label: t("campaigns-shared.status_unsubscribed"), tone: "warn" },
  bounced: { label: t("campaigns-shared.status_bounced"), tone: "bad" },
  stopped: { label: t("campaigns-shared.status_stopped"), tone: "neutral" },
});

const PLACEHOLDER = /\{([^{}\s]{0,30})\}/g;

/** What is wrong with the words, or null: a one-line subject, `{link}` present, no other placeholder. */
export function wordsProblem(subject: string, message: string): { field: "subject" | "message"; text: string } | null {
  if (!subject.trim()) return { field: "subject", text: t("campaigns-shared.write_subject") };
  if (subject.length > 150) return { field: "subject", text: t("campaigns-shared.subject_too_long") };
  if (!message.trim()) return { field: "message", text: t("campaigns-shared.write_message") };
  if (message.length > 5000) return { field: "message", text: t("campaigns-shared.message_too_long") };
  for (const [, name] of message.matchAll(PLACEHOLDER))
    if (name !== "name" && name !== "full_name" && name !== "link")
      return { field: "message", text: t("campaigns-shared.unknown_placeholder", { name }) };
  if (!message.includes("{link}")) return { field: "message", text: t("campaigns-shared.no_link") };
  return null;
}

/** The email one person gets, as text: their name and a stand-in for their personal link and unsubscribe address. */
export function previewMail(input: {
  brand: string;
  subject: string;
  message: string;
  name: string;
  linkUrl: string;
  siteUrl: string;
}): { subject: string; text: string } {
  const body = input.message
    .replace(/\r\n?/g, "\n")
    .trim()
    .replace(PLACEHOLDER, (all, key: string) =>
      key === "name"
        ? firstName(input.name) || t("campaigns-shared.no_name")
        : key === "full_name"
          ? input.name.trim() || t("campaigns-shared.no_name")
          : key === "link"
            ? `${input.linkUrl}?r=…`
            : all,
    );
  return {
    subject: input.subject.trim(),
    text: [
      body,
      "",
      "--",
      t("campaigns-shared.footer_why", { brand: input.brand }),
      t("campaigns-shared.footer_unsubscribe", { brand: input.brand, url: `${input.siteUrl}/u/…` }),
    ].join("\n"),
  };
}

/** The default words of a new request, for a brand. */
export const defaultWords = (brand: string) => ({
  subject: t("campaigns-shared.default_subject", { brand }),
  message: t("campaigns-shared.default_message", { brand }),
});
