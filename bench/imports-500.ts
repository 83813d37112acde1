/**
 * A 500-row `POST /v1/imports` against a brand that already has 100,000 imported reviews, beside the same insert
 * done as a bare SQLite transaction, measured in the same run on the same database.
 *
 *   bun bench/imports-500.ts [--existing 100000] [--rows 500] [--rounds 7] [--smoke]
 *
 * Set-up: a Plus organisation (unlimited imports) whose live brand gets `--existing` imported reviews, each with
 * its dedupe hash and search entry, written in one transaction by the import's own writers (`insertImportedSubmissions`,
 * `indexSubmissions`). Then, in alternating rounds:
 *   app   the request through `app.handle`: API-key auth, schema and rule checks, the duplicate lookup of 500
 *         hashes, the allowance, the testimonials, their search entries, the import record, the audit entry and
 *         the job that analyses the words afterwards, all in one BEGIN IMMEDIATE transaction;
 *   bare  the same rows (testimonials + search entries and their rowid map, values computed beforehand) with three
 *         prepared statements in one BEGIN IMMEDIATE transaction: what SQLite itself needs to store them.
 * Each round uses fresh reviews. Prints the median of each, the ratio app/bare, the time the import's analysis job
 * (language and sentiment of its texts, run after the answer; work the bare insert does not do) takes on its own,
 * and a resend of the last app batch (all 500 duplicates: the lookup alone).
 */
import { parseArgs } from "node:util";
import { getTableColumns } from "drizzle-orm";
import { buildApp } from "../src/composition";
import { tx } from "../src/platform/db/client";
import { submissions, indexSubmissions, searchBody, type SubmissionRow } from "../src/domains/submissions";
import { dedupeHash } from "../src/domains/imports";
import { importedSubmission } from "../src/domains/imports/create";
import { insertImportedSubmissions } from "../src/domains/imports/insert";
import { analyseImport, ANALYSE_IMPORT_JOB, type AnalyseImportPayload } from "../src/domains/imports/analyse";
import type { CleanRow } from "../src/domains/imports/validate";
import { benchAppliance, median, sized, smokeOption } from "./_harness";

const { values: args } = parseArgs({
  options: {
    existing: { type: "string", default: sized("100000", "200") },
    rows: { type: "string", default: sized("500", "20") },
    rounds: { type: "string", default: sized("7", "2") },
    ...smokeOption,
  },
});
const EXISTING = Number(args.existing);
const ROWS = Number(args.rows);
const ROUNDS = Number(args.rounds);

const appliance = await benchAppliance({ name: "Import Bench Co", plan: "plus", mode: "live" });
const { config, deps, org, ctx, key } = appliance;
const sqlite = deps.db.$client;
const brandId = (sqlite.query("SELECT id FROM brands WHERE org_id = ? AND mode = 'live'").get(org.id) as { id: string })
  .id;

const WORDS =
  "friendly quick helpful lovely staff delivery service order price quality support team product would recommend again great value easy".split(
    " ",
  );
/** A review of about 25 words; `seed` makes its words and name unique. */
function review(seed: string, i: number): CleanRow {
  const words = Array.from({ length: 24 }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(" ");
  const text = `${seed} ${i}: ${words}.`;
  const name = `Customer ${seed}-${i}`;
  return {
    position: i + 1,
    text,
    name,
    email: null,
    title: null,
    company: null,
    rating: 1 + (i % 5),
    reviewedAt: "2026-01-15",
    reviewUrl: null,
    source: "Google",
    sourceUrl: null,
    hash: dedupeHash("Google", name, text),
  };
}

// Bare statements over every column of `submissions`, the search index and its rowid map (`search_rows`, which
// keeps the index's rowids in step with what the product writes).
const columns = Object.values(getTableColumns(submissions));
const insertRow = sqlite.prepare(
  `INSERT INTO submissions (${columns.map((c) => c.name).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
);
const mapRow = sqlite.prepare<{ id: number }, [string]>(
  "INSERT INTO search_rows (submission_id) VALUES (?) RETURNING id",
);
const insertFts = sqlite.prepare(
  "INSERT INTO submissions_fts (rowid, body, submission_id, org_id, mode) VALUES (?, ?, ?, ?, ?)",
);
const keys = Object.keys(getTableColumns(submissions)) as (keyof SubmissionRow)[];
const bind = (row: SubmissionRow) =>
  keys.map((k) => {
    const v = row[k];
    return typeof v === "boolean"
      ? v
        ? 1
        : 0
      : v !== null && typeof v === "object"
        ? JSON.stringify(v)
        : (v as string | number | null);
  });
/** The bare transaction: prepared rows in, nothing else. */
const bareInsert = (rows: { values: ReturnType<typeof bind>; id: string; fts: [string, string, string, string] }[]) =>
  sqlite
    .transaction(() => {
      for (const r of rows) {
        insertRow.run(...r.values);
        insertFts.run(mapRow.get(r.id)!.id, ...r.fts);
      }
    })
    .immediate();
const prepared = (rows: SubmissionRow[]) =>
  rows.map((r) => ({
    values: bind(r),
    id: r.id,
    fts: [searchBody(r), r.id, r.orgId, r.mode] as [string, string, string, string],
  }));

// Seed the existing reviews through the product's own writers (the import's INSERT and the search index with its
// rowid map), in one transaction, built 10,000 at a time. Their words are left unanalysed (no job is enqueued).
const t0 = performance.now();
tx(deps.db, (db) => {
  for (let from = 0; from < EXISTING; from += 10_000) {
    const rows = Array.from({ length: Math.min(10_000, EXISTING - from) }, (_, k) =>
      importedSubmission(ctx, "imp_seed", brandId, review("Seed", from + k), deps.clock.now()),
    );
    insertImportedSubmissions(db, rows);
    indexSubmissions(db, rows);
  }
});
sqlite.exec("ANALYZE");
const count = (
  sqlite.query("SELECT count(*) AS n FROM submissions WHERE brand_id = ? AND origin = 'imported'").get(brandId) as {
    n: number;
  }
).n;
console.log(`${count} imported reviews in the brand (seeded in ${Math.round(performance.now() - t0)} ms)`);

const app = await buildApp(deps, { web: false });
const post = async (rows: CleanRow[]) => {
  const body = {
    brand_id: brandId,
    source: { name: "Google" },
    attested: true,
    rows: rows.map((r) => ({ text: r.text, name: r.name, rating: r.rating, reviewed_at: r.reviewedAt })),
  };
  const started = performance.now();
  const res = await app.handle(
    new Request(`${config.baseUrl}/v1/imports`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  const answer = (await res.json()) as { created: number; duplicate_rows: number[] };
  const ms = performance.now() - started;
  if (res.status !== 201) throw new Error(`import answered ${res.status}: ${JSON.stringify(answer)}`);
  return { ms, answer };
};

await post(Array.from({ length: 20 }, (_, i) => review("Warm", i)));
const appMs: number[] = [];
const bareMs: number[] = [];
const analysisMs: number[] = [];
let last: CleanRow[] = [];
for (let round = 0; round < ROUNDS; round++) {
  last = Array.from({ length: ROWS }, (_, i) => review(`App${round}`, i));
  const { ms, answer } = await post(last);
  if (answer.created !== ROWS) throw new Error(`round ${round}: created ${answer.created}`);
  appMs.push(ms);
  const bareRows = prepared(
    Array.from({ length: ROWS }, (_, i) =>
      importedSubmission(ctx, "imp_bare", brandId, review(`Bare${round}`, i), deps.clock.now()),
    ),
  );
  const started = performance.now();
  bareInsert(bareRows);
  bareMs.push(performance.now() - started);
  // The analysis job the import enqueued (no worker runs here): run it now, timed on its own.
  const job = sqlite
    .query("SELECT payload FROM jobs WHERE kind = ? AND status = 'queued' ORDER BY id DESC LIMIT 1")
    .get(ANALYSE_IMPORT_JOB) as { payload: string };
  const analysing = performance.now();
  const analysed = await analyseImport(deps, {
    orgId: org.id,
    mode: "live",
    payload: JSON.parse(job.payload) as AnalyseImportPayload,
  });
  analysisMs.push(performance.now() - analysing);
  if (analysed !== ROWS) throw new Error(`round ${round}: the analysis job wrote ${analysed} rows`);
  sqlite.query("DELETE FROM jobs WHERE kind = ?").run(ANALYSE_IMPORT_JOB);
}
const resend = await post(last);
if (resend.answer.created !== 0 || resend.answer.duplicate_rows.length !== ROWS)
  throw new Error("the resend created rows");

const fmt = (ms: number) => `${ms.toFixed(1).padStart(7)} ms (${((ms * 1000) / ROWS).toFixed(0).padStart(4)} µs a row)`;
console.log(`${ROWS}-row import, ${ROUNDS} alternating rounds, medians:`);
console.log(
  `  app  POST /v1/imports       ${fmt(median(appMs))}   rounds: ${appMs.map((m) => m.toFixed(0)).join(" ")}`,
);
console.log(
  `  bare SQLite transaction     ${fmt(median(bareMs))}   rounds: ${bareMs.map((m) => m.toFixed(0)).join(" ")}`,
);
console.log(`  ratio app/bare: ${(median(appMs) / median(bareMs)).toFixed(2)}`);
console.log(`  after the answer, the analysis job (language + sentiment of ${ROWS} texts): ${fmt(median(analysisMs))}`);
console.log(`  resend of ${ROWS} duplicates: ${fmt(resend.ms)}`);
appliance.close();
