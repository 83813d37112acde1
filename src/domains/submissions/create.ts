/**
 * Creating testimonials: a collected recording starts in `uploading`; when its upload is complete it moves to
 * `processing` with `submission.created` and a processing job in the same transaction. A written one is `ready` at
 * once, with `submission.created` then `submission.ready`.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Ctx } from "../../platform/context";
import { emit } from "../../platform/events/emit";
import { enqueue } from "../../platform/jobs/queue";
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
  /** Answers to the link's own questions, checked by the capture domain. */
  customAnswers: CustomAnswer[] | null;
}

function baseRow(ctx: Ctx, base: CollectedBase, kind: SubmissionKind, status: SubmissionStatus): SubmissionRow {
  return submissionRow(
    { orgId: ctx.orgId, mode: ctx.mode, origin: "collected", kind, status, ...base },
    ctx.clock.now(),
  );
}

/** A recorded testimonial waiting for its upload (in the caller's transaction). */
export function createCollected(db: Db, ctx: Ctx, base: CollectedBase & { kind: "video" | "audio" }): SubmissionRow {
  const row = baseRow(ctx, base, base.kind, "uploading");
  db.insert(submissions).values(row).run();
  return row;
}

/** A written testimonial: ready at once, with both events (in the caller's transaction). */
export function finishWritten(db: Db, ctx: Ctx, base: CollectedBase & { text: string }): SubmissionRow {
  const { text, ...rest } = base;
  const analysis = analyseText(text);
  const row: SubmissionRow = {
    ...baseRow(ctx, rest, "text", "ready"),
    textInput: text,
    textSource: "typed",
    originalText: text,
    language: analysis.language,
    sentimentScore: analysis.sentiment.score,
    sentimentLabel: analysis.sentiment.label,
  };
  row.receivedAt = row.processedAt = row.createdAt;
  db.insert(submissions).values(row).run();
  indexSubmission(db, row);
  emit(db, ctx, "submission.created", submissionEventData(row));
  emit(db, ctx, "submission.ready", submissionEventData(row));
  return row;
}

/**
 * The upload is complete and its file is in place: move to `processing`, emit `submission.created` and enqueue
 * processing, all at once. Safe to call twice (the second call changes nothing).
 */
export function markReceived(db: Db, ctx: Ctx, id: string, originalKey: string, originalType: string): boolean {
  const now = ctx.clock.now();
  const updated = db
    .update(submissions)
    .set({ status: "processing", originalKey, originalType, receivedAt: now, updatedAt: now })
    .where(and(eq(submissions.id, id), eq(submissions.status, "uploading")))
    .returning()
    .get();
  if (!updated) return false;
  emit(db, ctx, "submission.created", submissionEventData(updated));
  enqueue(db, ctx.clock, {
    kind: PROCESS_JOB,
    payload: { submissionId: id },
    orgId: ctx.orgId,
    mode: ctx.mode,
    priority: PRIORITY.submission,
    dedupeKey: `${PROCESS_JOB}:${id}`,
  });
  return true;
}
