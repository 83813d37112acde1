/**
 * Webhook endpoints that are a chat app's incoming webhook (issue 25): with `format` `slack`, `discord` or `teams`
 * an event is sent as that app's message instead of the contract's envelope, through the same queue, retries, log,
 * replay and SSRF rules (the body is made once, at fan-out, and stored like an envelope). A new testimonial reads as
 * people would write it: who, for which brand, the stars, the words (an excerpt), and a button to open it. Those
 * bodies hold a person's name and words, so erasing the testimonial deletes them from the delivery log (erase.ts).
 *
 * Shapes, as each app documents them:
 * - Slack incoming webhooks: `text` (the notification's fallback) and Block Kit `blocks` (section with mrkdwn text,
 *   context, actions with a URL button); text fields at most 3,000 characters, button text 75.
 * - Discord webhooks: `content` (at most 2,000) and `embeds` (title 256, description 4,096, at most 25 fields of
 *   name 256 and value 1,024, `color` an integer, `url`, `timestamp` ISO 8601).
 * - Microsoft Teams (Workflows / incoming webhooks): a `message` whose attachment is an Adaptive Card 1.4
 *   (`TextBlock`s, a `FactSet`, an `Action.OpenUrl`).
 */
import type { EventRow } from "../../platform/events/tables";
import { envelope, type Event } from "../../platform/events/emit";

/** How an endpoint wants its events. */
export const WEBHOOK_FORMATS = ["envelope", "slack", "discord", "teams"] as const;
/** An endpoint's format. */
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** A testimonial's details a chat message shows (events carry ids and states, not people's words). */
export interface ChatTestimonial {
  name: string | null;
  title: string | null;
  company: string | null;
  rating: number | null;
  text: string | null;
}

/** What a chat message needs besides the event: the dashboard's address, a brand's name, a testimonial's details. */
export interface ChatContext {
  appUrl: string;
  brandName(id: string): string | null;
  testimonial(id: string): ChatTestimonial | null;
}

/** An event told in a few parts, for any chat app. */
interface Summary {
  title: string;
  /** The testimonial's words (an excerpt), or null. */
  quote: string | null;
  facts: [string, string][];
  link: { label: string; url: string } | null;
  /** Hex colour of the app's accent bar. */
  color: string;
}

const QUOTE_CHARS = 600;

/** Text cut at a word boundary. */
function excerpt(text: string, max: number): string {
  const clean = text.trim().replace(/\s+/g, " ");
  if (clean.length <= max) return clean;
  const cut = clean.lastIndexOf(" ", max - 1);
  return `${clean.slice(0, cut > max / 2 ? cut : max - 1)}…`;
}

const stars = (n: unknown) => (typeof n === "number" && n >= 1 && n <= 5 ? "★".repeat(n) + "☆".repeat(5 - n) : null);

const TITLES: Record<string, string> = {
  "submission.created": "New testimonial",
  "submission.ready": "Testimonial ready to review",
  "submission.approved": "Testimonial approved",
  "submission.rejected": "Testimonial rejected",
  "reel.ready": "Reel ready",
  "reel.failed": "Reel could not be rendered",
  "export.ready": "Export ready",
};

const KINDS: Record<string, string> = { video: "Video", audio: "Audio", text: "Written" };

function summarise(event: Event, ctx: ChatContext): Summary {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
  const base = TITLES[event.type] ?? event.type;
  if (event.type.startsWith("submission.")) {
    const t = str(data.id) ? ctx.testimonial(data.id as string) : null;
    const name = str(t?.name) ?? "Someone";
    const brand = str(data.brand_id) ? ctx.brandName(data.brand_id as string) : null;
    const words = str(t?.text);
    const facts: [string, string][] = [];
    if (brand) facts.push(["Brand", brand]);
    const kind = str(data.kind);
    if (kind) facts.push(["Kind", KINDS[kind] ?? kind]);
    const rating = stars(t?.rating);
    if (rating) facts.push(["Rating", rating]);
    const who = [str(t?.title), str(t?.company)].filter(Boolean).join(", ");
    if (who) facts.push(["From", who]);
    if (event.type === "submission.rejected" && str(data.rejection_reason))
      facts.push(["Reason", str(data.rejection_reason)!]);
    const id = str(data.id);
    return {
      title: `${base}: ${name}${brand ? ` for ${brand}` : ""}`,
      quote: words ? excerpt(words, QUOTE_CHARS) : null,
      facts,
      link: id ? { label: "Open in the inbox", url: `${ctx.appUrl}/inbox/${encodeURIComponent(id)}` } : null,
      color: event.type === "submission.rejected" ? "#b91c1c" : "#4f46e5",
    };
  }
  const reel = (data.reel ?? data) as Record<string, unknown>;
  const title = str(reel.title) ?? str(data.title);
  const facts: [string, string][] = [];
  if (str(data.reason)) facts.push(["Reason", str(data.reason)!]);
  const reelId = str(reel.id);
  return {
    title: title ? `${base}: ${title}` : base,
    quote: null,
    facts,
    link:
      event.type.startsWith("reel.") && reelId
        ? { label: "Open the reel", url: `${ctx.appUrl}/reels/${encodeURIComponent(reelId)}` }
        : null,
    color: event.type.endsWith("failed") ? "#b91c1c" : "#4f46e5",
  };
}

/** Slack's mrkdwn needs `&`, `<` and `>` escaped. */
const slackEscape = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

function slack(s: Summary) {
  const fallback = [s.title, s.quote ? `“${s.quote}”` : null].filter(Boolean).join(": ");
  const blocks: unknown[] = [
    {
      type: "section",
      text: {
        type: "mrkdwn",
        text: excerpt(`*${slackEscape(s.title)}*${s.quote ? `\n>${slackEscape(s.quote)}` : ""}`, 3000),
      },
    },
  ];
  if (s.facts.length)
    blocks.push({
      type: "context",
      elements: s.facts
        .slice(0, 10)
        .map(([k, v]) => ({ type: "mrkdwn", text: excerpt(`*${k}:* ${slackEscape(v)}`, 300) })),
    });
  if (s.link)
    blocks.push({
      type: "actions",
      elements: [{ type: "button", text: { type: "plain_text", text: s.link.label, emoji: false }, url: s.link.url }],
    });
  return { text: excerpt(fallback, 3000), blocks };
}

function discord(s: Summary, at: string) {
  return {
    content: excerpt(s.title, 2000),
    embeds: [
      {
        title: excerpt(s.title, 256),
        ...(s.quote ? { description: excerpt(`“${s.quote}”`, 4096) } : {}),
        ...(s.link ? { url: s.link.url } : {}),
        color: Number.parseInt(s.color.slice(1), 16),
        fields: s.facts.slice(0, 25).map(([name, value]) => ({
          name: excerpt(name, 256),
          value: excerpt(value, 1024),
          inline: true,
        })),
        timestamp: at,
        footer: { text: "Plaudit" },
      },
    ],
  };
}

function teams(s: Summary) {
  const body: unknown[] = [{ type: "TextBlock", text: s.title, weight: "Bolder", size: "Medium", wrap: true }];
  if (s.quote) body.push({ type: "TextBlock", text: `“${s.quote}”`, wrap: true, isSubtle: false });
  if (s.facts.length) body.push({ type: "FactSet", facts: s.facts.map(([title, value]) => ({ title, value })) });
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body,
          ...(s.link ? { actions: [{ type: "Action.OpenUrl", title: s.link.label, url: s.link.url }] } : {}),
        },
      },
    ],
  };
}

/** The body an endpoint of `format` is sent for an event: the envelope, or the chat app's message. */
export function bodyFor(format: WebhookFormat, event: Event | EventRow, ctx: ChatContext): string {
  if (format === "envelope") return JSON.stringify(envelope(event));
  const s = summarise(event, ctx);
  const at = new Date(event.createdAt).toISOString();
  return JSON.stringify(format === "slack" ? slack(s) : format === "discord" ? discord(s, at) : teams(s));
}
