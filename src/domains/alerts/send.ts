/**
 * The `alert.send_mail` job: delivers one alert email. Its own job rather than the generic mail.send because an alert
 * carries several personal links (a button per testimonial and action, and the stop link), in its HTML as well as
 * its text, a `List-Unsubscribe` header, and its pictures as inline attachments; the principle is mail.send's: the
 * links are made here, from the rows' ids and the secret, in what is handed to the SMTP server only.
 *
 * Checked again when it leaves: a recipient no longer a member, who turned these alerts off, or who can no longer
 * see a testimonial's brand (demoted, a client given other brands) gets nothing (the outbox says why); a single alert
 * whose testimonial was deleted meanwhile is withheld too. Test mode (the sandbox)
 * delivers nothing, like all sandbox mail: the copy stays in the test-mode outbox with its links shown, and they act
 * on sandbox testimonials only. Without SMTP the copy stays in the outbox without links.
 */
import { eq, inArray } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import { systemCtx, type Mode } from "../../platform/context";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import { PermanentJobError, type JobRegistry } from "../../platform/jobs/worker";
import { mailOutbox, type MailRow } from "../../platform/mail/tables";
import { BACKOFF_MS, isPermanent } from "../../platform/mail/jobs";
import type { MailAttachment } from "../../platform/mail/mailer";
import { orgs } from "../accounts";
import { submissions } from "../submissions";
import { alertButtons, alertMails, alertNotices } from "./tables";
import { alertMember, maySee } from "./recipients";
import { LOGO_CID, posterCid } from "./mail-html";
import { ALERT_MAIL_JOB, type AlertMailPayload } from "./queue";
import { buttonToken, buttonUrl, linkMark, STOP_REF, stopToken, stopUrl } from "./tokens";

/** Why a test-mode alert stays in the outbox. */
export const TEST_MODE_NOTE =
  "Test mode: kept in the outbox and not delivered (the sandbox never emails anyone). Its buttons are shown so you can try them; they act on sandbox testimonials only.";

/** Why a live alert stays in the outbox without SMTP. */
export const NO_SMTP_NOTE =
  "Not delivered: no SMTP server is configured (PLAUDIT_SMTP_URL). The buttons' links are never kept in the outbox.";

/** Pictures larger than this are left out of the email (a poster is a JPEG of at most 1280 pixels). */
const MAX_PICTURE_BYTES = 2_000_000;

/** Why the email must not go out now, or null. */
function withheld(deps: Deps, row: MailRow, am: typeof alertMails.$inferSelect): string | null {
  const member = alertMember(deps.db, am.orgId, am.memberId, am.mode);
  if (!member) return "Not sent: the recipient is no longer a member of the organisation.";
  if (member.settings.frequency === "off") return "Not sent: the recipient turned these emails off before it went out.";
  if (member.email.toLowerCase() !== row.to.toLowerCase())
    return "Not sent: the recipient's sign-in email changed before it went out.";
  const ids = deps.db
    .select({ id: alertNotices.submissionId })
    .from(alertNotices)
    .where(eq(alertNotices.mailId, am.mailId))
    .all()
    .map((n) => n.id);
  const rows = ids.length
    ? deps.db
        .select({ brandId: submissions.brandId, deletedAt: submissions.deletedAt })
        .from(submissions)
        .where(inArray(submissions.id, ids))
        .all()
    : [];
  // Demoted or limited meanwhile (a client given other brands): what the email shows is no longer theirs to see.
  if (rows.some((r) => !maySee(member, r.brandId, am.mode)))
    return "Not sent: the recipient can no longer see these testimonials' brand.";
  if (am.kind === "each" && rows.length > 0 && rows.every((r) => r.deletedAt !== null))
    return "Not sent: the testimonial was deleted before it went out.";
  return null;
}

/** The email's personal links, by mark. */
function links(deps: Deps, mailId: string): Map<string, string> {
  const site = deps.config.siteUrl;
  const out = new Map([[linkMark(STOP_REF), stopUrl(site, stopToken(deps.signer, mailId))]]);
  for (const b of deps.db
    .select({ id: alertButtons.id })
    .from(alertButtons)
    .where(eq(alertButtons.mailId, mailId))
    .all())
    out.set(linkMark(b.id), buttonUrl(site, buttonToken(deps.signer, b.id)));
  return out;
}

const fill = (text: string, map: Map<string, string>) => {
  let out = text;
  for (const [mark, url] of map) out = out.replaceAll(mark, url);
  return out;
};

async function bytesOf(deps: Deps, area: "public" | "media", key: string | null): Promise<Uint8Array | null> {
  if (!key) return null;
  try {
    const body = await deps.storage.get(area, key);
    if (!body) return null;
    const bytes = new Uint8Array(await new Response(body as BodyInit).arrayBuffer());
    return bytes.length > 0 && bytes.length <= MAX_PICTURE_BYTES ? bytes : null;
  } catch {
    return null;
  }
}

/** Keeps one side of a `<!--name-->…<!--name-fallback-->…<!--/name-->` block (or drops a block without fallback). */
function choose(html: string, open: string, close: string, keep: boolean, fallback?: string): string {
  const start = html.indexOf(open);
  const end = html.indexOf(close, start);
  if (start < 0 || end < 0) return html;
  const inner = html.slice(start + open.length, end);
  const split = fallback ? inner.indexOf(fallback) : -1;
  const chosen = keep
    ? split >= 0
      ? inner.slice(0, split)
      : inner
    : split >= 0
      ? inner.slice(split + fallback!.length)
      : "";
  return html.slice(0, start) + chosen + html.slice(end + close.length);
}

/** The HTML with its pictures attached (what is missing is dropped from the HTML). */
async function withPictures(deps: Deps, orgId: string, html: string) {
  const attachments: MailAttachment[] = [];
  const logoKey = deps.db.select({ key: orgs.logoKey }).from(orgs).where(eq(orgs.id, orgId)).get()?.key ?? null;
  const logo = html.includes("<!--logo-->") ? await bytesOf(deps, "public", logoKey) : null;
  if (logo) attachments.push({ filename: "logo.png", content: logo, contentType: "image/png", cid: LOGO_CID });
  let out = choose(html, "<!--logo-->", "<!--/logo-->", !!logo, "<!--logo-fallback-->");
  const ids = [...out.matchAll(/<!--poster:([a-z0-9_]+)-->/g)].map((m) => m[1]!);
  for (const id of ids) {
    const key = deps.db
      .select({ key: submissions.posterKey })
      .from(submissions)
      .where(eq(submissions.id, id))
      .get()?.key;
    const poster = await bytesOf(deps, "media", key ?? null);
    if (poster)
      attachments.push({ filename: "poster.jpg", content: poster, contentType: "image/jpeg", cid: posterCid(id) });
    out = choose(out, `<!--poster:${id}-->`, `<!--/poster:${id}-->`, !!poster);
  }
  return { html: out, attachments };
}

/** Changes an outbox row of an alert email, in the caller's unit of work. */
export function markAlertMail(tx: Tx, mailId: string, values: Partial<MailRow>): void {
  tx.db.update(mailOutbox).set(values).where(eq(mailOutbox.id, mailId)).run();
}

/**
 * Sends one alert email; returns what became of it. Each change of its outbox row is a unit of work of its own (of
 * the email's organisation and mode), before or after the SMTP exchange, never around it.
 */
export async function sendAlertMail(deps: Deps, mailId: string): Promise<"sent" | "outbox" | "withheld" | "skipped"> {
  const { db, clock, mailer } = deps;
  const row = db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId)).get();
  if (!row || row.status !== "queued") return "skipped";
  const am = db.select().from(alertMails).where(eq(alertMails.mailId, mailId)).get();
  if (!am) return "skipped";
  const mark = (values: Partial<MailRow>) =>
    unitOfWork(deps, systemCtx(am.orgId, am.mode as Mode, clock), (tx) => markAlertMail(tx, mailId, values));
  const why = withheld(deps, row, am);
  if (why) {
    mark({ status: "failed", error: why });
    return "withheld";
  }
  const map = links(deps, mailId);
  if (am.mode === "test") {
    // The sandbox emails no one; its copy shows the links so the buttons can be tried (sandbox rows only).
    mark({ status: "outbox", text: fill(row.text, map), html: row.html && fill(row.html, map), error: TEST_MODE_NOTE });
    return "outbox";
  }
  if (!mailer.delivers) {
    mark({ status: "outbox", error: NO_SMTP_NOTE });
    return "outbox";
  }
  const pictures = row.html ? await withPictures(deps, am.orgId, row.html) : { html: null, attachments: [] };
  const stop = map.get(linkMark(STOP_REF))!;
  try {
    const { messageId } = await mailer.send({
      to: row.to,
      subject: row.subject,
      text: fill(row.text, map),
      html: pictures.html && fill(pictures.html, map),
      attachments: pictures.attachments,
      headers: { "List-Unsubscribe": `<${stop}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      fromName: row.fromName,
      replyTo: row.replyTo,
    });
    mark({ status: "sent", messageId, sentAt: clock.now(), error: null });
    return "sent";
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    mark({ error: message });
    throw isPermanent(e) ? new PermanentJobError(message) : e;
  }
}

/** Registers the alert.send_mail job kind. */
export function registerAlertMailJob(registry: JobRegistry): JobRegistry {
  return registry.register<AlertMailPayload>(ALERT_MAIL_JOB, {
    handle: async (job, deps) => void (await sendAlertMail(deps, job.payload.mailId)),
    maxAttempts: BACKOFF_MS.length + 1,
    backoffMs: (attempt) => BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length) - 1]!,
    timeoutMs: 2 * 60_000,
    onDead(job, deps, error) {
      const { mailId } = job.payload;
      const am = deps.db.select().from(alertMails).where(eq(alertMails.mailId, mailId)).get();
      const ctx = am ? systemCtx(am.orgId, am.mode as Mode, deps.clock) : systemCtx("", "live", deps.clock);
      unitOfWork(deps, ctx, (tx) => markAlertMail(tx, mailId, { status: "failed", error }));
    },
  });
}
