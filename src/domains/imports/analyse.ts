/**
 * The words of imported reviews are analysed (language, sentiment) by a job after the import commits, not in the
 * request: detecting the language of 500 reviews takes longer than storing them (bench/imports-500.ts), and nothing
 * about an import waits for it (imported reviews arrive unapproved and private; a person moderates them later). Until
 * the job has run, a new review shows `language` and `sentiment` as null, as a recording does before its processing.
 *
 * The job walks the import's testimonials by id within the id range the import wrote (the brand index finds them),
 * a chunk at a time, and yields between chunks so requests are served meanwhile. A row is written only while it
 * still has no sentiment and its words are the ones analysed, so an edit of the words made meanwhile (which analyses
 * them itself) or an erasure is never overwritten. Running it twice changes nothing. If a review was approved and
 * made public before its analysis (within the second it takes), widgets and walls are told what they show changed
 * (their documents carry `language`).
 */
import { and, asc, eq, gt, gte, isNull, lte } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import type { Ctx } from "../../platform/context";
import { systemCtx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import { PRIORITY } from "../../platform/jobs/tables";
import type { JobRegistry } from "../../platform/jobs/worker";
import { analyseText } from "../../media/text-analysis";
import { isShown, submissions } from "../submissions";

/** Job kind that analyses the words of one import's testimonials. */
export const ANALYSE_IMPORT_JOB = "import.analyse";

/** Which testimonials: one import's, in one brand, with ids from `firstId` to `lastId`. */
export interface AnalyseImportPayload {
  importId: string;
  brandId: string;
  firstId: string;
  lastId: string;
}

/** Rows analysed per unit of work; the job yields to the event loop between chunks. */
const CHUNK = 100;

/** Enqueues the analysis of an import's new testimonials, in the import's own unit of work. */
export function enqueueImportAnalysis(tx: Tx, payload: AnalyseImportPayload) {
  tx.enqueue({
    kind: ANALYSE_IMPORT_JOB,
    payload,
    priority: PRIORITY.default,
    dedupeKey: `${ANALYSE_IMPORT_JOB}:${payload.importId}`,
  });
}

/** Analyses the import's testimonials that have no sentiment yet; returns how many were written. */
export async function analyseImport(
  deps: Deps,
  job: { orgId: string; mode: Ctx["mode"]; payload: AnalyseImportPayload },
) {
  const { importId, brandId, firstId, lastId } = job.payload;
  let after = "";
  let written = 0;
  for (;;) {
    const rows = deps.db
      .select({ id: submissions.id, text: submissions.textInput })
      .from(submissions)
      .where(
        and(
          scoped(submissions, job),
          eq(submissions.brandId, brandId),
          after ? gt(submissions.id, after) : gte(submissions.id, firstId),
          lte(submissions.id, lastId),
          eq(submissions.importId, importId),
          isNull(submissions.sentimentLabel),
        ),
      )
      .orderBy(asc(submissions.id))
      .limit(CHUNK)
      .all();
    if (rows.length === 0) return written;
    after = rows[rows.length - 1]!.id;
    const analysed = rows.flatMap((r) => (r.text ? [{ ...r, text: r.text, analysis: analyseText(r.text) }] : []));
    const now = deps.clock.now();
    unitOfWork(deps, systemCtx(job.orgId, job.mode, deps.clock), (tx) => {
      const { db } = tx;
      let shown = false;
      for (const r of analysed) {
        const changed = db
          .update(submissions)
          .set({
            language: r.analysis.language,
            sentimentScore: r.analysis.sentiment.score,
            sentimentLabel: r.analysis.sentiment.label,
            updatedAt: now,
          })
          .where(and(eq(submissions.id, r.id), eq(submissions.textInput, r.text), isNull(submissions.sentimentLabel)))
          .returning()
          .get();
        if (changed) written++;
        if (changed && isShown(changed)) shown = true;
      }
      if (shown) tx.shown({ brandId, submissionId: null, reason: "import.analysed" });
    });
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Registers the import analysis job kind. */
export function registerImportJobs(registry: JobRegistry) {
  registry.register<AnalyseImportPayload>(ANALYSE_IMPORT_JOB, {
    async handle(job, deps) {
      if (!job.orgId || !job.mode) return;
      await analyseImport(deps, { orgId: job.orgId, mode: job.mode, payload: job.payload });
    },
    maxAttempts: 5,
  });
}
