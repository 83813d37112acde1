/**
 * Queueing one alert email, in the caller's unit of work: the outbox copy (text and HTML, with a mark where each
 * personal link goes), its `alert_mails` row, one button per testimonial and action (only the token's hash kept),
 * the notices that the member has been told, and its `alert.send_mail` job, in line at the server's sending pace
 * (alerts are caused by what strangers send through public forms, so a flood of them waits its turn like other mail
 * of that kind; test mode skips the line because it delivers nothing).
 */
import { eq } from "drizzle-orm";
import type { Mode } from "../../platform/context";
import type { Tx } from "../../platform/db/unit-of-work";
import { newId } from "../../platform/ids";
import { insertOutbox } from "../../platform/mail/queue-mail";
import { queueInTurn } from "../../platform/mail/turns";
import { PRIORITY } from "../../platform/jobs/tables";
import { brands } from "../brands";
import { orgs } from "../accounts";
import { orgSender } from "../../platform/access";
import { PERMISSIONS } from "../../platform/access";
import type { SubmissionRow } from "../submissions";
import { alertItem } from "./content";
import { alertHtml } from "./mail-html";
import { alertText } from "./mail-text";
import { subjectOf, type MailItem } from "./mail-words";
import type { AlertMember } from "./recipients";
import {
  alertButtons,
  alertMails,
  alertNotices,
  type AlertMailKind,
  type ArrivalOutcome,
  type ButtonAction,
} from "./tables";
import { BUTTON_TTL_MS, buttonToken, linkMark, STOP_REF, stopToken, tokenHashOf } from "./tokens";

/** The job kind that sends one alert email. */
export const ALERT_MAIL_JOB = "alert.send_mail";

/** Payload of an alert.send_mail job. */
export interface AlertMailPayload {
  mailId: string;
}

/** A testimonial to put in an email, as it arrived. */
export interface QueuedItem {
  row: SubmissionRow;
  outcome: ArrivalOutcome;
}

/** What to queue. */
export interface AlertMailRequest {
  orgId: string;
  mode: Mode;
  member: AlertMember;
  kind: AlertMailKind;
  items: QueuedItem[];
  /** Testimonials told of but not listed (beyond a digest's length). */
  more?: number;
  /** Testimonials told of by this email, when more than `items` (the unlisted ones of a digest). */
  alsoTold?: string[];
}

const DAYS = Math.round(BUTTON_TTL_MS / (24 * 3600_000));

/** The actions a member's buttons may offer for a testimonial (none for a failed one, or one already live). */
function actionsFor(member: AlertMember, item: MailItem): ButtonAction[] {
  if (!(PERMISSIONS["submission:moderate"].roles as readonly string[]).includes(member.role)) return [];
  if (item.outcome === "failed" || item.decided === "live") return [];
  return item.decided === "approved" ? ["approve_publish"] : ["approve_publish", "approve"];
}

/** Queues one alert email to `member` in the caller's unit of work; returns the outbox message id. */
export function queueAlertMail(tx: Tx, req: AlertMailRequest): string {
  const { db, deps } = tx;
  const { config, clock, signer } = deps;
  const now = clock.now();
  const org = db
    .select({ name: orgs.name, color: orgs.color, logoKey: orgs.logoKey })
    .from(orgs)
    .where(eq(orgs.id, req.orgId))
    .get()!;
  const buttons: { id: string; submissionId: string; action: ButtonAction }[] = [];
  const items: MailItem[] = req.items.map(({ row, outcome }) => {
    const item: MailItem = {
      ...alertItem(db, config.appUrl, row, outcome),
      buttons: { approve: null, approvePublish: null },
    };
    for (const action of actionsFor(req.member, item)) {
      const id = newId("alertButton", now);
      buttons.push({ id, submissionId: row.id, action });
      if (action === "approve") item.buttons.approve = linkMark(id);
      else item.buttons.approvePublish = linkMark(id);
    }
    return item;
  });
  const brandNames = req.member.settings.brandIds
    ? req.member.settings.brandIds
        .map((id) => db.select({ name: brands.name }).from(brands).where(eq(brands.id, id)).get()?.name)
        .filter((n): n is string => !!n)
    : null;
  const input = {
    kind: req.kind,
    mode: req.mode,
    org: { name: org.name, color: org.color, hasLogo: !!org.logoKey },
    items,
    more: req.more ?? 0,
    brandNames,
    frequency: req.member.settings.frequency,
    settingsUrl: `${config.appUrl}/notifications`,
    inboxUrl: `${config.appUrl}/inbox`,
    stopHref: linkMark(STOP_REF),
    buttonDays: DAYS,
  };
  const mailId = insertOutbox(db, clock, {
    orgId: req.orgId,
    mode: req.mode,
    to: req.member.email,
    subject: subjectOf(input),
    text: alertText(input),
    html: alertHtml(input),
    sender: orgSender(db, req.orgId),
  });
  db.insert(alertMails)
    .values({
      mailId,
      orgId: req.orgId,
      mode: req.mode,
      memberId: req.member.memberId,
      kind: req.kind,
      stopHash: tokenHashOf(stopToken(signer, mailId)),
      createdAt: now,
    })
    .run();
  for (const b of buttons)
    db.insert(alertButtons)
      .values({
        id: b.id,
        orgId: req.orgId,
        mode: req.mode,
        memberId: req.member.memberId,
        submissionId: b.submissionId,
        mailId,
        action: b.action,
        tokenHash: tokenHashOf(buttonToken(signer, b.id)),
        createdAt: now,
        expiresAt: now + BUTTON_TTL_MS,
      })
      .run();
  for (const submissionId of [...req.items.map((i) => i.row.id), ...(req.alsoTold ?? [])])
    db.insert(alertNotices)
      .values({ memberId: req.member.memberId, submissionId, orgId: req.orgId, mode: req.mode, mailId, createdAt: now })
      .onConflictDoUpdate({ target: [alertNotices.memberId, alertNotices.submissionId], set: { mailId } })
      .run();
  queueInTurn(tx.queue, config.mailBulkPerMinute, {
    mailId,
    orgId: req.orgId,
    mode: req.mode,
    kind: ALERT_MAIL_JOB,
    payload: { mailId } satisfies AlertMailPayload,
    priority: PRIORITY.delivery,
    dedupeKey: `${ALERT_MAIL_JOB}:${mailId}`,
  });
  return mailId;
}
