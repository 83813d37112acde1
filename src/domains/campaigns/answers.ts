/**
 * Who answered. The personal link carries the recipient's token as `r`; the capture page passes it to
 * `POST /public/links/{id}/submissions` as `request_token`, and `noteRequestAnswer` ties the new testimonial to the
 * recipient when the token belongs to a campaign of that very link (same organisation and mode). The recipient is
 * `answered` once the testimonial has arrived: at once for a written one, at `submission.created` (the last byte) for
 * a recording. Without a token (the person opened the plain link), a `submission.created` whose respondent email is
 * a recipient's, for a campaign of the same link, answers for them. Answered people get no reminder.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Deps } from "../../platform/deps";
import type { Event } from "../../platform/events/emit";
import { tx } from "../../platform/db/client";
import { submissions } from "../submissions";
import { campaignRecipients, campaigns } from "./tables";
import { recipientByToken } from "./tokens";

/** Statuses from which a testimonial makes a recipient `answered`. */
const OPEN = ["queued", "sent", "reminded", "unsubscribed"] as const;

/** Ties a testimonial started through a personal link to its recipient; a token of another link does nothing. */
export function noteRequestAnswer(deps: Deps, submissionId: string, token: string | null | undefined) {
  if (!token) return;
  tx(deps.db, (db) => {
    const r = recipientByToken(db, token);
    if (!r || r.erasedAt !== null || r.status === "answered") return;
    const sub = db.select().from(submissions).where(eq(submissions.id, submissionId)).get();
    const campaign = db.select().from(campaigns).where(eq(campaigns.id, r.campaignId)).get();
    if (!sub || !campaign || sub.orgId !== r.orgId || sub.mode !== r.mode || sub.linkId !== campaign.linkId) return;
    const arrived = sub.status !== "uploading";
    db.update(campaignRecipients)
      .set(
        arrived ? { submissionId: sub.id, status: "answered", answeredAt: deps.clock.now() } : { submissionId: sub.id },
      )
      .where(eq(campaignRecipients.id, r.id))
      .run();
  });
}

/** The campaigns module's `submission.created` handler: marks the recipient who sent it as answered. */
export function answerOnCreated(db: Db, event: Event, deps: Deps) {
  if (event.type !== "submission.created") return;
  const id = (event.data as { id?: unknown }).id;
  if (typeof id !== "string") return;
  const now = deps.clock.now();
  const byLink = db
    .update(campaignRecipients)
    .set({ status: "answered", answeredAt: now })
    .where(and(eq(campaignRecipients.submissionId, id), inArray(campaignRecipients.status, [...OPEN])))
    .returning({ id: campaignRecipients.id })
    .all();
  if (byLink.length) return;
  const sub = db.select().from(submissions).where(eq(submissions.id, id)).get();
  if (!sub || sub.origin !== "collected" || !sub.linkId || !sub.respondentEmail) return;
  const ofLink = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.orgId, sub.orgId), eq(campaigns.mode, sub.mode), eq(campaigns.linkId, sub.linkId)));
  db.update(campaignRecipients)
    .set({ status: "answered", answeredAt: now, submissionId: id })
    .where(
      and(
        inArray(campaignRecipients.campaignId, ofLink),
        eq(campaignRecipients.email, sub.respondentEmail.toLowerCase()),
        isNull(campaignRecipients.submissionId),
        inArray(campaignRecipients.status, [...OPEN]),
      ),
    )
    .run();
}
