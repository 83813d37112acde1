/**
 * Where a recording is in its processing, for the dashboard's progress bar: the stage (`waiting` for a turn,
 * `converting`, `poster`, `transcribing`, `finishing`), how far the stage is when ffmpeg says so, and an estimate of
 * the time left.
 *
 * The processing job reports its stages here as it runs; they are kept in this process's memory only, because
 * they change many times a second and are worth nothing after the job (the job runs in the same process as the
 * API: src/jobs.ts). A row `processing` that no job here has reported on is waiting its turn. The estimate comes
 * from how long each stage took per second of recording on this box (a moving average over the recordings
 * processed since start, beginning from rates measured on a 2-core box), so it settles to the machine's own speed.
 */
import { iso } from "../../platform/clock";
import type { SubmissionRow } from "./present";

/** A stage of processing, in order. */
export type ProcessingStage = "waiting" | "converting" | "poster" | "transcribing" | "finishing";

const ORDER: ProcessingStage[] = ["waiting", "converting", "poster", "transcribing", "finishing"];

/** Processing as the API shows it while a testimonial is `processing`. */
export interface ProcessingProgress {
  stage: ProcessingStage;
  /** How far the current stage is (0–1), when its tool says; null otherwise. */
  stage_fraction: number | null;
  /** When the current stage began (for `waiting`: when the recording arrived). */
  stage_started_at: string | null;
  /** Milliseconds until it is ready, estimated; null when nothing is known to estimate from. */
  estimated_ms_left: number | null;
}

/** Milliseconds a stage takes per millisecond of recording, and a fixed part per recording. */
const START_RATES: Record<Exclude<ProcessingStage, "waiting">, { perMs: number; fixedMs: number }> = {
  // Two-pass loudness and H.264 at about 3.9× real time on 2 cores (docs/scaling.md).
  converting: { perMs: 0.26, fixedMs: 800 },
  poster: { perMs: 0, fixedMs: 600 },
  // pocketsphinx and whisper.cpp base both run at roughly a third of real time here.
  transcribing: { perMs: 0.35, fixedMs: 1500 },
  finishing: { perMs: 0, fixedMs: 300 },
};

/** How much a new measurement moves the rate (a moving average over recent recordings). */
const LEARN = 0.3;

interface Running {
  stage: ProcessingStage;
  stageStartedAt: number;
  fraction: number | null;
  recordingMs: number;
}

// In this process's memory only (see the module comment): the jobs running here, and this box's learned rates.
const running = new Map<string, Running>();
const rates = structuredClone(START_RATES);

/**
 * Forgets what this process learned and the jobs it follows: back to the starting rates. For tests, where one
 * process runs many servers' processing one after another.
 */
export function forgetProcessingPace() {
  running.clear();
  Object.assign(rates, structuredClone(START_RATES));
}

/** Expected length of a stage for a recording of `recordingMs`. */
const expected = (stage: Exclude<ProcessingStage, "waiting">, recordingMs: number) =>
  rates[stage].fixedMs + rates[stage].perMs * recordingMs;

/** The job moves on to `stage` (the recording lasts `recordingMs`); the stage it leaves teaches the rates. */
export function reportStage(id: string, stage: ProcessingStage, now: number, recordingMs?: number) {
  const was = running.get(id);
  if (was && was.stage !== "waiting" && was.recordingMs > 0) {
    const r = rates[was.stage];
    const took = Math.max(0, now - was.stageStartedAt - r.fixedMs);
    if (r.perMs > 0) r.perMs = r.perMs * (1 - LEARN) + (took / was.recordingMs) * LEARN;
  }
  running.set(id, { stage, stageStartedAt: now, fraction: null, recordingMs: recordingMs ?? was?.recordingMs ?? 0 });
}

/** How far the current stage is (0–1), as its tool reports. */
export function reportFraction(id: string, fraction: number) {
  const r = running.get(id);
  if (r) r.fraction = Math.max(0, Math.min(1, fraction));
}

/** The job is over (ready, failed, or given back to be tried again). */
export function reportDone(id: string) {
  running.delete(id);
}

/** Estimated time left from `stage` on (its own share by its fraction or elapsed time, then the later stages). */
function left(r: Running, now: number): number {
  const later = ORDER.slice(ORDER.indexOf(r.stage) + 1) as Exclude<ProcessingStage, "waiting">[];
  const rest = later.reduce((n, s) => n + expected(s, r.recordingMs), 0);
  if (r.stage === "waiting") return rest;
  const elapsed = now - r.stageStartedAt;
  const own =
    r.fraction && r.fraction >= 0.05
      ? (elapsed * (1 - r.fraction)) / r.fraction
      : Math.max(0, expected(r.stage, r.recordingMs) - elapsed);
  return Math.round(own + rest);
}

/** The progress of the `processing` rows among `rows`, by submission id; other rows are not looked at. */
export function processingProgress(rows: SubmissionRow[], now: number): Map<string, ProcessingProgress> {
  const out = new Map<string, ProcessingProgress>();
  for (const row of rows) {
    if (row.status !== "processing") continue;
    const r = running.get(row.id) ?? {
      stage: "waiting" as const,
      stageStartedAt: row.receivedAt ?? row.updatedAt,
      fraction: null,
      recordingMs: row.durationMs ?? 0,
    };
    out.set(row.id, {
      stage: r.stage,
      stage_fraction: r.fraction,
      stage_started_at: iso(r.stageStartedAt),
      estimated_ms_left: r.recordingMs > 0 || r.stage !== "waiting" ? left(r, now) : null,
    });
  }
  return out;
}
