/**
 * Making a campaign sends it: the list and the words are checked as a whole (nothing is stored when one row is
 * wrong), then one transaction stores the campaign, each recipient and, for each, the request's outbox row and its
 * place in the server's mail line (src/platform/mail/turns.ts). Addresses on the organisation's unsubscribe list are
 * kept as `unsubscribed` and never emailed; addresses it asked in the last 30 days are left out (`recently_asked`).
 * The emails sent count against the plan's `request_emails_per_month` (402 beyond it, nothing stored). A live
 * campaign needs an SMTP server (test mode needs none: it delivers nothing). `Idempotency-Key` makes a retried
 * request send nothing twice.
 */
import type { Static } from "elysia";
import type { Tx } from "../../platform/db/unit-of-work";
import { actorRef } from "../../platform/context";
import { AppError, conflict } from "../../platform/errors";
import { idempotent } from "../../platform/http/idempotency";
import { newId } from "../../platform/ids";
import { brandSender, brands, getLinkRow, linkState, mailBrand } from "../brands";
import { requireAllowance, type PlanId, planOf } from "../../platform/access";
import { eq } from "drizzle-orm";
import type { createBody, createdSchema } from "./model";
import { checkWords, requestMail } from "./message";
import { checkRecipients } from "./recipients";
import { queueCampaignMail } from "./send";
import { askedRecently, countRequestEmails, markAsked } from "./usage";
import { campaignRecipients, campaigns } from "./tables";
import { emailHashOf, isSuppressed, recipientToken, tokenHashOf } from "./tokens";
import { presentCampaign } from "./present";

/** The body of `POST /v1/campaigns`. */
export type CreateCampaignInput = Static<typeof createBody>;

/** Checks and stores a campaign, queueing one request per recipient, in the unit of work; answers the campaign. */
export function createCampaign(
  tx: Tx,
  input: CreateCampaignInput,
  idempotencyKey?: string | null,
): Static<typeof createdSchema> {
  const { ctx, deps } = tx;
  const link = getLinkRow(deps.db, ctx, input.link_id);
  const state = linkState(deps.db, link, deps.clock.now());
  if (!state.open)
    throw conflict(
      "link_closed",
      `This link is ${state.reason ?? "paused"}, so the people you ask could not answer. Reopen it or choose another link.`,
      { field: "link_id", reason: state.reason },
    );
  const words = checkWords(input.subject, input.message);
  const list = checkRecipients(input.recipients);
  if (ctx.mode === "live" && !deps.mailer.delivers)
    throw new AppError(
      "mail_not_configured",
      422,
      "Request emails need an SMTP server, and none is configured. Ask whoever runs Plaudit to set PLAUDIT_SMTP_URL, or try the campaign in test mode.",
    );
  const brandRow = deps.db
    .select({ name: brands.name, color: brands.color, logoKey: brands.logoKey, language: brands.defaultLanguage })
    .from(brands)
    .where(eq(brands.id, link.brandId))
    .get();
  const brand = mailBrand(deps.config.cdnUrl, brandRow ?? { name: "the team", color: "#4f46e5", logoKey: null });
  // The words around the owner's message are in the page's language: the link's own, else the brand's default.
  const language = link.language ?? brandRow?.language ?? null;
  // Requests leave in the brand's name, replies go to the brand (white label); the address stays the server's.
  const sender = brandSender(deps.db, link.brandId);
  return idempotent(tx.db, ctx, "POST /v1/campaigns", idempotencyKey, input, (db) => {
    const now = ctx.clock.now();
    const id = newId("campaign", now);
    const campaign = {
      id,
      orgId: ctx.orgId,
      mode: ctx.mode,
      linkId: link.id,
      subject: words.subject,
      message: words.message,
      reminderAfterDays: input.reminder_after_days ?? 0,
      createdBy: actorRef(ctx.actor).label,
      createdAt: now,
      stoppedAt: null,
      stoppedBy: null,
    };
    db.insert(campaigns).values(campaign).run();
    // Who is asked: not those asked lately (left out), and not the unsubscribed (kept, never emailed).
    const people = list.recipients.map((person) => ({ ...person, emailHash: emailHashOf(deps.signer, person.email) }));
    const fresh = people.filter((p) => !askedRecently(db, ctx.orgId, ctx.mode, p.emailHash, now));
    const suppressedHashes = new Set(
      fresh.filter((p) => isSuppressed(db, ctx.orgId, ctx.mode, p.emailHash)).map((p) => p.emailHash),
    );
    const emails = fresh.length - suppressedHashes.size;
    requireAllowance(tx, planOf(db, ctx.orgId), "request_emails_per_month", emails);
    countRequestEmails(db, ctx.orgId, ctx.mode, now, emails);
    let suppressed = 0;
    for (const person of fresh) {
      const recipientId = newId("campaignRecipient", now);
      const emailHash = person.emailHash;
      const off = suppressedHashes.has(emailHash);
      if (off) suppressed++;
      else markAsked(db, ctx.orgId, ctx.mode, emailHash, now);
      let mailId: string | null = null;
      if (!off) {
        const mail = requestMail({
          brand,
          subject: words.subject,
          message: words.message,
          name: person.name,
          reminder: false,
          language,
        });
        mailId = queueCampaignMail(tx, {
          orgId: ctx.orgId,
          mode: ctx.mode,
          to: person.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          recipientId,
          reminder: false,
          perMinute: deps.config.mailBulkPerMinute,
          sender,
        });
      }
      db.insert(campaignRecipients)
        .values({
          id: recipientId,
          campaignId: id,
          orgId: ctx.orgId,
          mode: ctx.mode,
          position: person.row,
          name: person.name,
          email: person.email,
          emailHash,
          tokenHash: tokenHashOf(recipientToken(deps.signer, recipientId)),
          status: off ? "unsubscribed" : "queued",
          mailId,
          error: off ? "On your unsubscribe list from an earlier request: not emailed." : null,
          createdAt: now,
        })
        .run();
    }
    tx.audit("campaign.sent", id, {
      link_id: link.id,
      recipients: fresh.length,
      recently_asked: people.length - fresh.length,
      suppressed,
      reminder_after_days: campaign.reminderAfterDays,
    });
    return {
      ...presentCampaign(deps, db, campaign, link),
      duplicates_skipped: list.duplicates,
      recently_asked: people.length - fresh.length,
      suppressed,
    };
  }).value;
}
