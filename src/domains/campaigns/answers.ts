/**
 * Who answered. The personal link carries the recipient's token as `r`; the capture page passes it to
 * `POST /public/links/{id}/submissions` as `request_token`, and `noteRequestAnswer` ties the new testimonial to the
 * recipient when the token belongs to a campaign of that very link (same organisation and mode). The recipient is
 * `answered` once the testimonial has arrived: at once for a written one, at `submission.created` (the last byte) for
 * a recording. A testimonial without a token (the person opened the plain link) answers for no one, even when its
 * email is a recipient's: anyone can type an address, and a typed one must not stop someone's reminder or, once
 * deleted, take them off the list. Answered people get no reminder.
 */
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Deps } from "../../platform/deps";
import type { Event } from "../../platform/events/emit";
import { systemCtx, type Mode } from "../../platform/context";
import { submissions } from "../submissions";
import { campaignRecipients, campaigns } from "./tables";
import { recipientByToken } from "./tokens";

/** Statuses from which a testimonial makes a recipient `answered`. */
const OPEN = ["queued", "sent", "reminded", "unsubscribed"] as const;

/** Ties a testimonial started through a personal link to its recipient, in the unit; a token of another link does nothing. */
export function answerRequest(tx: Tx, submissionId: string, token: string) {
  const { db, deps } = tx;
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
}

/**
 * `answerRequest` for the capture route, which has no unit of work: one of the testimonial's organisation and mode
 * (read first; nothing happens without the testimonial).
 */
export function noteRequestAnswer(deps: Deps, submissionId: string, token: string | null | undefined) {
  if (!token) return;
  const sub = deps.db
    .select({ orgId: submissions.orgId, mode: submissions.mode })
    .from(submissions)
    .where(eq(submissions.id, submissionId))
    .get();
  if (!sub) return;
  unitOfWork(deps, systemCtx(sub.orgId, sub.mode as Mode, deps.clock), (tx) => answerRequest(tx, submissionId, token));
}

/** The campaigns module's `submission.created` handler: marks the recipient who sent it as answered. */
export function answerOnCreated(tx: Tx, event: Event) {
  const { db, deps } = tx;
  if (event.type !== "submission.created") return;
  const id = (event.data as { id?: unknown }).id;
  if (typeof id !== "string") return;
  const now = deps.clock.now();
  db.update(campaignRecipients)
    .set({ status: "answered", answeredAt: now })
    .where(and(eq(campaignRecipients.submissionId, id), inArray(campaignRecipients.status, [...OPEN])))
    .run();
}
