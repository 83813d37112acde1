/**
 * Sending checked rows in batches of at most 500 (contract rule 3), one request after another, with progress.
 * Duplicates reported by the server are mapped back to CSV row numbers. When the server refuses rows of a batch
 * (400 naming `rows[i]`), nothing of that batch was created: the named rows are set aside as refused and the rest
 * of the batch is sent once more. Any other failure (plan limit, permissions, network) stops the import; the rows
 * not sent are listed so that the person can send them later (already imported rows are skipped as duplicates).
 */
import type { CheckedRow, ImportRowPayload } from "./rows";
import type { Static } from "elysia";
import type { importResultSchema } from "../../../src/domains/imports/model";

/** The most rows one request may carry. */
export const BATCH_SIZE = 500;

/** The answer of `POST /v1/imports`. */
export type ImportAnswer = Static<typeof importResultSchema>;

/** What the sender does with one batch (the dashboard posts it; tests fake it). */
export type SendBatch = (rows: ImportRowPayload[]) => Promise<ImportAnswer>;

/** The outcome of an import run, in CSV row numbers. */
export interface ImportSummary {
  created: number;
  duplicates: number[];
  refused: { number: number; message: string }[];
  notSent: number[];
  stoppedBy: unknown;
  importIds: string[];
}

/** Splits a list into pieces of at most `size`. */
export function chunk<T>(items: T[], size = BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface RowErrors {
  details?: { errors?: { field?: string; message?: string; row?: number }[] };
  status?: number;
}

/** Row indexes (0-based within the batch) a 400 answer names, with their messages. */
export function refusedRowsOf(error: unknown): Map<number, string> {
  const out = new Map<number, string>();
  const e = error as RowErrors;
  if (e?.status !== 400) return out;
  for (const item of e.details?.errors ?? []) {
    const m = /^rows\[(\d+)\]/.exec(item.field ?? "");
    if (!m) return new Map();
    const i = Number(m[1]);
    out.set(i, [out.get(i), item.message].filter(Boolean).join(" "));
  }
  return out;
}

/** Sends `rows` in batches; `onProgress(done, total)` after each batch. */
export async function sendInBatches(
  rows: CheckedRow[],
  send: SendBatch,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportSummary> {
  const summary: ImportSummary = {
    created: 0,
    duplicates: [],
    refused: [],
    notSent: [],
    stoppedBy: null,
    importIds: [],
  };
  const batches = chunk(rows);
  let done = 0;
  for (let b = 0; b < batches.length; b++) {
    let batch = batches[b]!;
    for (let attempt = 0; attempt < 2 && batch.length > 0; attempt++) {
      try {
        const answer = await send(batch.map((r) => r.payload!));
        summary.created += answer.created;
        summary.duplicates.push(...answer.duplicate_rows.map((p) => batch[p - 1]!.number));
        summary.importIds.push(answer.import_id);
        batch = [];
      } catch (error) {
        const named = attempt === 0 ? refusedRowsOf(error) : new Map<number, string>();
        if (named.size === 0) {
          summary.stoppedBy = error;
          summary.notSent = [...batch, ...batches.slice(b + 1).flat()].map((r) => r.number);
          onProgress(done, rows.length);
          return summary;
        }
        for (const [i, message] of named) summary.refused.push({ number: batch[i]!.number, message });
        batch = batch.filter((_, i) => !named.has(i));
      }
    }
    done += batches[b]!.length;
    onProgress(done, rows.length);
  }
  return summary;
}
