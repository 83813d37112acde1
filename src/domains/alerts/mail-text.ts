/** The plain-text form of an alert email (every mail client shows it; the outbox lists it). */
import { describeKind } from "./content";
import { stars } from "./look";
import {
  buttonNote,
  decidedLine,
  DRAFT_NOTE,
  failedLine,
  headingOf,
  introOf,
  whyOf,
  type AlertMailInput,
  type MailItem,
} from "./mail-words";

function itemText(item: MailItem, many: boolean): string[] {
  const lines: string[] = [];
  const who = item.name || "Someone who gave no name";
  lines.push(item.role ? `${who} (${item.role})` : who);
  if (many) lines.push(`For ${item.brandName}`);
  if (item.rating) lines.push(`Rating: ${stars(item.rating)} (${item.rating} out of 5)`);
  const what = describeKind(item.kind, item.durationMs);
  lines.push(`${what[0]!.toUpperCase()}${what.slice(1)}.`);
  if (item.outcome === "failed") {
    lines.push("", `It could not be processed. ${failedLine(item)}`);
  } else if (item.words) {
    lines.push("", ...item.words.split(/\r?\n/).map((l) => `> ${l}`));
    if (item.draft) lines.push(`(${DRAFT_NOTE})`);
  } else if (item.kind !== "text") {
    lines.push("", "(No words were recognised in the recording.)");
  }
  const decided = decidedLine(item);
  lines.push("", ...(decided ? [decided] : []));
  if (item.buttons.approvePublish) lines.push(`Approve & publish: ${item.buttons.approvePublish}`);
  if (item.buttons.approve) lines.push(`Approve (keep private): ${item.buttons.approve}`);
  lines.push(`Open in the dashboard: ${item.dashboardUrl}`);
  return lines;
}

/** The text of an alert email. */
export function alertText(m: AlertMailInput): string {
  const many = m.kind !== "each";
  const out: string[] = [headingOf(m)];
  const intro = introOf(m);
  if (intro) out.push("", intro);
  m.items.forEach((item, i) => {
    out.push("", many ? `${i + 1}. ${"-".repeat(40)}` : "", ...itemText(item, many));
  });
  if (m.more > 0) out.push("", `…and ${m.more} more. See them all in the inbox: ${m.inboxUrl}`);
  if (m.items.some((i) => i.buttons.approve || i.buttons.approvePublish)) out.push("", buttonNote(m.buttonDays));
  out.push("", "--", whyOf(m), `Change what you get: ${m.settingsUrl}`, `Stop these emails: ${m.stopHref}`, "");
  return out.filter((l, i, a) => !(l === "" && a[i - 1] === "")).join("\n");
}
