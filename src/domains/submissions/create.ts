/**
 * Creating testimonials: a collected recording starts in `uploading`; when its upload is complete it moves to
 * `processing` with `submission.created` and a processing job in the same transaction. A written one is `ready` at
 * once, with `submission.created` then `submission.ready`.
 */
import { and, eq } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Tx } from "../../platform/db/unit-of-work";
import { PRIORITY } from "../../platform/jobs/tables";
import { analyseText } from "../../media/text-analysis";
import {
  submissions,
  type ConsentRecord,
  type CustomAnswer,
  type SubmissionKind,
  type SubmissionStatus,
} from "./tables";
import { submissionEventData, type SubmissionRow } from "./present";
import { indexSubmission } from "./search";
import { submissionRow } from "./row";

/** Job kind that turns a received recording into a playable, transcribed testimonial. */
export const PROCESS_JOB = "submission.process";

/** Fields a collected testimonial starts with. */
export interface CollectedBase {
  brandId: string;
  linkId: string;
  promptId: string | null;
  respondentName: string;
  respondentEmail: string | null;
  respondentTitle: string | null;
  respondentCompany: string | null;
  rating: number | null;
  consent: ConsentRecord;
  /** The language of the capture page it was sent from (unknown when not given). */
  pageLanguage?: string | null;
  /** Answers to the link's own questions, checked by the capture domain. */
  customAnswers: CustomAnswer[] | null;
}

function baseRow(ctx: Ctx, base: CollectedBase, kind: SubmissionKind, status: SubmissionStatus): SubmissionRow {
  return submissionRow(
    { orgId: ctx.orgId, mode: ctx.mode, origin: "collected", kind, status, ...base },
    ctx.clock.now(),
  );
}

/** A recorded testimonial waiting for its upload (in the caller's unit of work). */
export function createCollected(tx: Tx, base: CollectedBase & { kind: "video" | "audio" }): SubmissionRow {
  const row = baseRow(tx.ctx, base, base.kind, "uploading");
  tx.db.insert(submissions).values(row).run();
  return row;
}

/** A written testimonial: ready at once, with both events (in the caller's unit of work). */
export function finishWritten(tx: Tx, base: CollectedBase & { text: string }): SubmissionRow {
  const { text, ...rest } = base;
  const analysis = analyseText(text);
  const row: SubmissionRow = {
    ...baseRow(tx.ctx, rest, "text", "ready"),
    textInput: text,
    textSource: "typed",
    originalText: text,
    language: analysis.language,
    sentimentScore: analysis.sentiment.score,
    sentimentLabel: analysis.sentiment.label,
  };
  row.receivedAt = row.processedAt = row.createdAt;
  tx.db.insert(submissions).values(row).run();
  indexSubmission(tx.db, row);
  tx.emit("submission.created", submissionEventData(row));
  tx.emit("submission.ready", submissionEventData(row));
  return row;
}

/**
 * The upload is complete and its file is in place: move to `processing`, emit `submission.created` and enqueue
 * processing, in the caller's unit of work. Safe to call twice (the second call changes nothing).
 */
export function markReceived(tx: Tx, id: string, originalKey: string, originalType: string): boolean {
  const now = tx.ctx.clock.now();
  const updated = tx.db
    .update(submissions)
    .set({ status: "processing", originalKey, originalType, receivedAt: now, updatedAt: now })
    .where(and(eq(submissions.id, id), eq(submissions.status, "uploading")))
    .returning()
    .get();
  if (!updated) return false;
  tx.emit("submission.created", submissionEventData(updated));
  tx.enqueue({
    kind: PROCESS_JOB,
    payload: { submissionId: id },
    priority: PRIORITY.submission,
    dedupeKey: `${PROCESS_JOB}:${id}`,
  });
  return true;
}
