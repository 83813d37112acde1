/**
 * A 500-row `POST /v1/imports` against a brand that already has 100,000 imported reviews, beside the same insert
 * done as a bare SQLite transaction, measured in the same run on the same database.
 *
 *   bun bench/imports-500.ts [--existing 100000] [--rows 500] [--rounds 7]
 *
 * Set-up: a Plus organisation (unlimited imports) whose live brand gets `--existing` imported reviews, each with
 * its dedupe hash and search entry, inserted straight into SQLite in one transaction. Then, in alternating rounds:
 *   app   the request through `app.handle`: API-key auth, schema and rule checks, the duplicate lookup of 500
 *         hashes, the allowance, language and sentiment of each text, the testimonials, their search entries,
 *         the import record and the audit entry, all in one BEGIN IMMEDIATE transaction;
 *   bare  the same rows (testimonials + search entries, values computed beforehand) with two prepared statements
 *         in one BEGIN IMMEDIATE transaction: what SQLite itself needs to store them.
 * Each round uses fresh reviews. Prints the median of each, the ratio app/bare, the time language and sentiment
 * analysis of 500 texts takes on its own (work the bare insert does not do), and a resend of the last app batch
 * (all 500 duplicates: the lookup alone).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { getTableColumns } from "drizzle-orm";
import { loadConfig } from "../src/config";
import { createDeps } from "../src/bootstrap";
import { buildApp } from "../src/app";
import { createLogger } from "../src/platform/log";
import { createOrganisation, createApiKey } from "../src/domains/accounts";
import { systemCtx } from "../src/platform/context";
import { submissions, type SubmissionRow } from "../src/domains/submissions";
import { dedupeHash } from "../src/domains/imports";
import { importedSubmission } from "../src/domains/imports/create";
import { analyseText } from "../src/media/text-analysis";
import { searchBody } from "../src/domains/submissions";
import type { CleanRow } from "../src/domains/imports/validate";

const { values: args } = parseArgs({ options: { existing: { type: "string", default: "100000" }, rows: { type: "string", default: "500" }, rounds: { type: "string", default: "7" } } });
const EXISTING = Number(args.existing);
const ROWS = Number(args.rows);
const ROUNDS = Number(args.rounds);

const dir = mkdtempSync(join(tmpdir(), "plaudit-bench-"));
const config = loadConfig({ PLAUDIT_DATA_DIR: dir, PLAUDIT_BASE_URL: "http://127.0.0.1:3000", PLAUDIT_WORKERS: "0" });
const deps = createDeps(config, { log: createLogger("silent") });
const sqlite = deps.db.$client;
const { org } = createOrganisation(deps.db, deps.clock, { name: "Import Bench Co", plan: "plus" });
const ctx = systemCtx(org.id, "live", deps.clock);
const key = createApiKey(deps.db, ctx, { mode: "live", name: "bench" }).secret;
const brandId = (sqlite.query("SELECT id FROM brands WHERE org_id = ? AND mode = 'live'").get(org.id) as { id: string }).id;

const WORDS = "friendly quick helpful lovely staff delivery service order price quality support team product would recommend again great value easy".split(" ");
/** A review of about 25 words; `seed` makes its words and name unique. */
function review(seed: string, i: number): CleanRow {
  const words = Array.from({ length: 24 }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(" ");
  const text = `${seed} ${i}: ${words}.`;
  const name = `Customer ${seed}-${i}`;
  return { position: i + 1, text, name, email: null, title: null, company: null, rating: 1 + (i % 5), reviewedAt: "2026-01-15", reviewUrl: null, source: "Google", sourceUrl: null, hash: dedupeHash("Google", name, text) };
}

// Bare statements over every column of `submissions`, and the search index.
const columns = Object.values(getTableColumns(submissions));
const insertRow = sqlite.prepare(`INSERT INTO submissions (${columns.map((c) => c.name).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`);
const insertFts = sqlite.prepare("INSERT INTO submissions_fts (body, submission_id, org_id, mode) VALUES (?, ?, ?, ?)");
const keys = Object.keys(getTableColumns(submissions)) as (keyof SubmissionRow)[];
const bind = (row: SubmissionRow) => keys.map((k) => {
  const v = row[k];
  return typeof v === "boolean" ? (v ? 1 : 0) : v !== null && typeof v === "object" ? JSON.stringify(v) : (v as string | number | null);
});
/** The bare transaction: prepared rows in, nothing else. */
const bareInsert = (rows: { values: ReturnType<typeof bind>; fts: [string, string, string, string] }[]) =>
  sqlite.transaction(() => {
    for (const r of rows) {
      insertRow.run(...r.values);
      insertFts.run(...r.fts);
    }
  }).immediate();
const prepared = (rows: SubmissionRow[]) => rows.map((r) => ({ values: bind(r), fts: [searchBody(r), r.id, r.orgId, r.mode] as [string, string, string, string] }));

// Seed the existing reviews (rows as the import makes them; the words are not analysed, to seed quickly).
const t0 = performance.now();
const seedRows: SubmissionRow[] = [];
const unanalysed = { language: null, sentiment: { score: 0, label: "neutral" as const } };
for (let i = 0; i < EXISTING; i++) {
  seedRows.push(importedSubmission(ctx, "imp_seed", brandId, review("Seed", i), deps.clock.now(), unanalysed));
  if (seedRows.length === 10_000 || i === EXISTING - 1) bareInsert(prepared(seedRows.splice(0)));
}
sqlite.exec("ANALYZE");
const count = (sqlite.query("SELECT count(*) AS n FROM submissions WHERE brand_id = ? AND origin = 'imported'").get(brandId) as { n: number }).n;
console.log(`${count} imported reviews in the brand (seeded in ${Math.round(performance.now() - t0)} ms)`);

const app = await buildApp(deps, { web: false });
const post = async (rows: CleanRow[]) => {
  const body = { brand_id: brandId, source: { name: "Google" }, attested: true, rows: rows.map((r) => ({ text: r.text, name: r.name, rating: r.rating, reviewed_at: r.reviewedAt })) };
  const started = performance.now();
  const res = await app.handle(new Request(`${config.baseUrl}/v1/imports`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) }));
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
  const bareRows = prepared(Array.from({ length: ROWS }, (_, i) => importedSubmission(ctx, "imp_bare", brandId, review(`Bare${round}`, i), deps.clock.now(), unanalysed)));
  const started = performance.now();
  bareInsert(bareRows);
  bareMs.push(performance.now() - started);
  const texts = Array.from({ length: ROWS }, (_, i) => review(`Words${round}`, i).text);
  const analysing = performance.now();
  for (const text of texts) analyseText(text);
  analysisMs.push(performance.now() - analysing);
}
const resend = await post(last);
if (resend.answer.created !== 0 || resend.answer.duplicate_rows.length !== ROWS) throw new Error("the resend created rows");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (ms: number) => `${ms.toFixed(1).padStart(7)} ms (${((ms * 1000) / ROWS).toFixed(0).padStart(4)} µs a row)`;
console.log(`${ROWS}-row import, ${ROUNDS} alternating rounds, medians:`);
console.log(`  app  POST /v1/imports       ${fmt(median(appMs))}   rounds: ${appMs.map((m) => m.toFixed(0)).join(" ")}`);
console.log(`  bare SQLite transaction     ${fmt(median(bareMs))}   rounds: ${bareMs.map((m) => m.toFixed(0)).join(" ")}`);
console.log(`  ratio app/bare: ${(median(appMs) / median(bareMs)).toFixed(2)}`);
console.log(`  of the app's time, language + sentiment of ${ROWS} texts alone: ${fmt(median(analysisMs))}`);
console.log(`  ratio without that analysis, (app - analysis)/bare: ${((median(appMs) - median(analysisMs)) / median(bareMs)).toFixed(2)}`);
console.log(`  resend of ${ROWS} duplicates: ${fmt(resend.ms)}`);
deps.db.$client.close();
rmSync(dir, { recursive: true, force: true });
