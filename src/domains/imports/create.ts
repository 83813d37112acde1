/**
 * Running an import: validate every row (the command's `prepare`); then, in its unit of work (one `BEGIN IMMEDIATE`
 * transaction), find duplicates, check the
 * `imported_reviews` allowance for the rows that would be created, insert the testimonials (searchable), the import
 * record, the audit entry and the job that analyses their words (language, sentiment; analyse.ts) once committed.
 * All of it lands or none of it does; because the duplicate check sits inside the immediate transaction, two
 * identical requests racing create each review once.
 *
 * Imports emit no `submission.created` or `submission.ready` event: those announce what a respondent sent.
 */
import type { Ctx } from "../../platform/context";
import { actorRef } from "../../platform/context";
import type { Tx } from "../../platform/db/unit-of-work";
import { newId } from "../../platform/ids";
import type { TextAnalysis } from "../../media/text-analysis";
import { requirePlanAllowance, type CommandCtx } from "../../platform/access";
import { getBrandRow } from "../brands";
import { submissionRow, type SubmissionRow } from "../submissions";
import { imports } from "./tables";
import { ATTESTATION_TEXT } from "./attestation";
import { existingHashes, splitDuplicates } from "./dedupe";
import { enqueueImportAnalysis } from "./analyse";
import { insertImportedSubmissions } from "./insert";
import { indexSubmissions } from "../submissions";
import { validateImport, type CleanImport, type CleanRow } from "./validate";
import type { ImportBody, importResultSchema } from "./model";
import type { Static } from "elysia";
import type { ImportRow } from "./present";

/** What `POST /v1/imports` answers (its schema is in model.ts). */
export type ImportResult = Static<typeof importResultSchema>;

/** `text_source` of an imported testimonial: the words were copied from elsewhere, not typed or spoken here. */
export const IMPORTED_TEXT_SOURCE = "imported";

/** Language and sentiment before the analysis job has run (null, as the API shows them). */
const NOT_ANALYSED = { language: null, sentiment: { score: null, label: null } };

/**
 * The stored testimonial for one imported row: text, ready, unapproved, private, no link, no consent; its words not
 * analysed yet unless `analysis` is given (the import's job analyses them after the commit).
 */
export function importedSubmission(
  ctx: Ctx,
  importId: string,
  brandId: string,
  row: CleanRow,
  now: number,
  analysis: TextAnalysis | typeof NOT_ANALYSED = NOT_ANALYSED,
): SubmissionRow {
  return submissionRow(
    {
      orgId: ctx.orgId,
      mode: ctx.mode,
      brandId,
      origin: "imported",
      kind: "text",
      status: "ready",
      respondentName: row.name,
      respondentEmail: row.email,
      respondentTitle: row.title,
      respondentCompany: row.company,
      rating: row.rating,
      textInput: row.text,
      textSource: IMPORTED_TEXT_SOURCE,
      originalText: row.text,
      language: analysis.language,
      sentimentScore: analysis.sentiment.score,
      sentimentLabel: analysis.sentiment.label,
      importId,
      sourceName: row.source,
      sourceUrl: row.sourceUrl,
      reviewUrl: row.reviewUrl,
      reviewedAt: row.reviewedAt,
      dedupeHash: row.hash,
      receivedAt: now,
      processedAt: now,
    },
    now,
  );
}

/** The unit of work of an import: its context carries the plan, for the `imported_reviews` allowance. */
export type ImportTx = Tx & { readonly ctx: CommandCtx };

/** Validates and imports reviews into a brand of the context's org and mode (all or nothing), in the caller's unit. */
export const runImport = (tx: ImportTx, body: ImportBody): ImportResult =>
  importReviews(tx, validateImport(body, tx.ctx.clock.now()));

/** Imports validated reviews into a brand of the context's org and mode (all or nothing), in the caller's unit. */
export function importReviews(tx: ImportTx, clean: CleanImport): ImportResult {
  const { db, ctx, deps } = tx;
  getBrandRow(db, ctx, clean.brandId);
  const { fresh, duplicateRows } = splitDuplicates(
    clean.rows,
    existingHashes(
      db,
      clean.brandId,
      clean.rows.map((r) => r.hash),
    ),
  );
  // Re-sending rows that all exist creates nothing, so it is never refused for the allowance.
  if (fresh.length > 0) requirePlanAllowance(deps, ctx, "imported_reviews", fresh.length);
  const now = ctx.clock.now();
  const importId = newId("import", now);
  const made = fresh.map((row) => importedSubmission(ctx, importId, clean.brandId, row, now));
  insertImportedSubmissions(db, made);
  indexSubmissions(db, made);
  if (made.length > 0) {
    const ids = made.map((m) => m.id).sort();
    enqueueImportAnalysis(tx, { importId, brandId: clean.brandId, firstId: ids[0]!, lastId: ids.at(-1)! });
  }
  const who = actorRef(ctx.actor);
  const record: ImportRow = {
    id: importId,
    orgId: ctx.orgId,
    mode: ctx.mode,
    brandId: clean.brandId,
    sourceName: clean.sourceName,
    sourceUrl: clean.sourceUrl,
    attestationText: ATTESTATION_TEXT,
    attestedByUserId: who.userId,
    apiKeyId: who.apiKeyId,
    createdCount: made.length,
    duplicateCount: duplicateRows.length,
    duplicateRows,
    createdAt: now,
  };
  db.insert(imports).values(record).run();
  tx.audit("import.created", importId, {
    brand_id: clean.brandId,
    source_name: clean.sourceName,
    rows: clean.rows.length,
    created: made.length,
    duplicates: duplicateRows.length,
  });
  return { import_id: importId, created: made.length, duplicate_rows: duplicateRows, origin: "imported" as const };
}
