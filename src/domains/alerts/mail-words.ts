/**
 * The words of an alert email, shared by its plain-text and HTML forms: the subject, the heading, what each button
 * does, and the footer saying why the member gets it and how to change or stop it. The email names the organisation
 * (white label), never the product.
 */
import type { Mode } from "../../platform/context";
import type { AlertItem } from "./content";
import type { AlertMailKind, Frequency } from "./tables";

/** The links of one testimonial's buttons (marks in the outbox copy; real links only in the delivered email). */
export interface ItemButtons {
  approve: string | null;
  approvePublish: string | null;
}

/** One testimonial in an email, with its buttons. */
export type MailItem = AlertItem & { buttons: ItemButtons };

/** Everything an alert email shows. */
export interface AlertMailInput {
  kind: AlertMailKind;
  mode: Mode;
  org: { name: string; color: string | null; hasLogo: boolean };
  items: MailItem[];
  /** Testimonials not listed (a digest shows at most `DIGEST_MAX`). */
  more: number;
  /** The member's brand limit, as names; null: every brand they see. */
  brandNames: string[] | null;
  frequency: Frequency;
  /** The dashboard's notifications page and inbox. */
  settingsUrl: string;
  inboxUrl: string;
  /** The one-click stop link (a mark in the outbox copy). */
  stopHref: string;
  /** How many days the buttons work. */
  buttonDays: number;
}

/** At most this many testimonials are listed in one digest; the rest are counted with a link to the inbox. */
export const DIGEST_MAX = 20;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The subject line. */
export function subjectOf(m: AlertMailInput): string {
  const test = m.mode === "test" ? "[Test] " : "";
  const total = m.items.length + m.more;
  if (m.kind === "digest") return `${test}Daily summary: ${plural(total, "new testimonial")} for ${m.org.name}`;
  if (m.kind === "catch_up") return `${test}${plural(total, "more new testimonial")} for ${m.org.name}`;
  const item = m.items[0]!;
  const from = item.name ? ` from ${item.name}` : "";
  if (item.outcome === "failed") return `${test}A recording${from} for ${item.brandName} could not be processed`;
  const what =
    item.kind === "video" ? "video testimonial" : item.kind === "audio" ? "audio testimonial" : "testimonial";
  const rated = item.rating ? `${item.rating}-star ` : "";
  return `${test}New ${rated}${what} for ${item.brandName}${from}`;
}

/** The heading above the testimonials. */
export function headingOf(m: AlertMailInput): string {
  const total = m.items.length + m.more;
  if (m.kind === "digest") return `${plural(total, "new testimonial")} since the last summary`;
  if (m.kind === "catch_up") return `${plural(total, "more testimonial")} arrived in the last hour`;
  const item = m.items[0]!;
  return item.outcome === "failed"
    ? `A recording for ${item.brandName} arrived but could not be processed`
    : `New testimonial for ${item.brandName}`;
}

/** The line under the heading, or null. */
export function introOf(m: AlertMailInput): string | null {
  if (m.kind === "catch_up")
    return "So many arrived at once that we held the rest of the emails back and list them here instead.";
  if (m.mode === "test")
    return "Test mode: this email was not delivered to anyone. It stays in the test-mode outbox, and its buttons act on sandbox testimonials only.";
  return null;
}

/** What the buttons promise, under each testimonial's buttons. */
export const buttonNote = (days: number) =>
  `Each button opens a page that asks you to confirm before anything changes. It works once, for ${days} days.`;

/** Why the member gets this email. */
export function whyOf(m: AlertMailInput): string {
  const brands = m.brandNames?.length ? m.brandNames.join(", ") : "every brand you can see";
  const how = m.frequency === "daily" ? "a daily summary of new testimonials" : "an email for each new testimonial";
  return `You get ${how} of ${brands} at ${m.org.name}.`;
}

/** What a failed recording's card says. */
export const failedLine = (item: AlertItem) =>
  `${item.failure?.message ?? "Processing failed."} What you can do: ${item.failure?.action ?? "open it in the dashboard."}`;

/** The note under machine-transcribed words nobody checked. */
export const DRAFT_NOTE =
  "Machine transcript, not checked yet: it may hold mistakes. It can be published without its words, or after someone checks them.";

/** Where an already decided testimonial stands, or null while it waits for a decision. */
export function decidedLine(item: AlertItem): string | null {
  switch (item.decided) {
    case "live":
      return "Already approved and published by the team.";
    case "approved":
      return "Already approved by the team, and kept private.";
    case "rejected":
      return "Rejected by the team. Approving it clears the rejection.";
    default:
      return null;
  }
}
