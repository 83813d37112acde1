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
export const STATUS: Record<RecipientStatus, { label: string; tone: BadgeTone }> = {
  queued: { label: "Waiting to send", tone: "neutral" },
  sent: { label: "Sent", tone: "info" },
  reminded: { label: "Reminded", tone: "info" },
  answered: { label: "Answered", tone: "good" },
  unsubscribed: { label: "Unsubscribed", tone: "warn" },
  bounced: { label: "Not delivered", tone: "bad" },
  stopped: { label: "Not sent (stopped)", tone: "neutral" },
};

const PLACEHOLDER = /\{([^{}\s]{0,30})\}/g;

/** What is wrong with the words, or null: a one-line subject, `{link}` present, no other placeholder. */
export function wordsProblem(subject: string, message: string): { field: "subject" | "message"; text: string } | null {
  if (!subject.trim()) return { field: "subject", text: "Write a subject." };
  if (subject.length > 150) return { field: "subject", text: "Keep the subject under 150 characters." };
  if (!message.trim()) return { field: "message", text: "Write a message." };
  if (message.length > 5000) return { field: "message", text: "Keep the message under 5,000 characters." };
  for (const [, name] of message.matchAll(PLACEHOLDER))
    if (name !== "name" && name !== "full_name" && name !== "link")
      return { field: "message", text: `Unknown placeholder {${name}}: use {name}, {full_name} and {link}.` };
  if (!message.includes("{link}"))
    return { field: "message", text: "Put {link} where the person's personal link should go." };
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
        ? firstName(input.name) || "there"
        : key === "full_name"
          ? input.name.trim() || "there"
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
      `You are receiving this because ${input.brand} asked for your feedback.`,
      `To get no more of these emails from ${input.brand}: ${input.siteUrl}/u/…`,
    ].join("\n"),
  };
}

/** The default words of a new request, for a brand. */
export const defaultWords = (brand: string) => ({
  subject: `Would you share a few words about ${brand}?`,
  message: `Hi {name},\n\nThank you for working with ${brand}. Would you have two minutes to tell others what it was like? You can record a short video or simply write a few lines:\n\n{link}\n\nIt means a lot to us. Thank you!`,
});
