/**
 * Loudness normalisation to -16 LUFS. Peaky speech makes `loudnorm` give up its linear gain and fall back to a
 * dynamic mode that pumps; a gentle compressor first keeps it linear. A compressor works on absolute levels, so
 * the sound is first brought near the target (a gain from a quick measurement of the raw audio), then compressed
 * and limited, then measured again (loudnorm's first pass, `print_format=json`), and the encode applies the same
 * chain ending in loudnorm's second pass with `linear=true` and the measured values.
 * Every filter and option here exists in ffmpeg 4.1 (the static npm build) and 5.1 (Debian).
 */
import { MediaError } from "./errors";
import { hardenedInput, runFfmpeg, type FfmpegRunOptions, type MediaTools } from "./ffmpeg";

/** The target every processed testimonial is brought to (EBU R128 values for spoken web audio). */
export const LOUDNESS_TARGET = { I: -16, TP: -1.5, LRA: 11 } as const;

/** Gentle speech compressor: -12 dBFS threshold, 2:1, +3 dB make-up; linear values so old builds parse them. */
export const COMPRESSOR = "acompressor=threshold=0.25:ratio=2:attack=5:release=120:knee=2.8:makeup=1.4";
/**
 * Peak limiter at -6 dBFS (about 10 dB above speech brought near -16 LUFS), so the peak-to-loudness ratio ends
 * under the 14.5 dB that linear loudnorm to -16 LUFS / -1.5 dBTP allows. `level=0`: no automatic output gain.
 */
export const LIMITER = "alimiter=limit=0.5:attack=5:release=50:level=0";

/** What loudnorm's first pass measured. */
export interface LoudnessMeasurement {
  input_i: number;
  input_tp: number;
  input_lra: number;
  input_thresh: number;
  target_offset: number;
}

/** How a file's sound will be normalised: a pre-gain, then the measurement taken after gain + compressor + limiter. */
export interface LoudnessPlan {
  gainDb: number;
  raw: LoudnessMeasurement;
  measured: LoudnessMeasurement;
}

/** Pulls the last JSON object loudnorm printed to stderr. */
export function parseLoudnormJson(stderr: string): Record<string, string> | null {
  const end = stderr.lastIndexOf("}");
  const start = stderr.lastIndexOf("{", end);
  if (start < 0 || end < 0) return null;
  try {
    return JSON.parse(stderr.slice(start, end + 1));
  } catch {
    return null;
  }
}

function measurementFrom(j: Record<string, string>): LoudnessMeasurement {
  return {
    input_i: Number(j.input_i),
    input_tp: Number(j.input_tp),
    input_lra: Number(j.input_lra),
    input_thresh: Number(j.input_thresh),
    target_offset: Number(j.target_offset),
  };
}

/** One loudnorm measuring pass over the first audio stream, after an optional filter chain. Null for silence. */
export async function measureLoudness(
  tools: MediaTools,
  input: string,
  chain: string,
  opts: FfmpegRunOptions,
): Promise<LoudnessMeasurement | null> {
  const t = LOUDNESS_TARGET;
  const af = `${chain ? `${chain},` : ""}loudnorm=I=${t.I}:TP=${t.TP}:LRA=${t.LRA}:print_format=json`;
  const result = await runFfmpeg(
    tools,
    ["-v", "info", ...hardenedInput(input), "-map", "0:a:0", "-vn", "-sn", "-dn", "-af", af, "-f", "null", "-"],
    opts,
  );
  const j = parseLoudnormJson(result.stderr);
  if (!j) throw new MediaError("tool_failed", "Loudness could not be measured.", result.stderr.slice(-400));
  const m = measurementFrom(j);
  // Silence measures as -inf (or at the -70 gate): there is nothing to bring up.
  if (!Number.isFinite(m.input_i) || m.input_i <= -69 || !Number.isFinite(m.input_thresh)) return null;
  return m;
}

/** The chain before loudnorm: gain towards the target, compressor, limiter. */
export function preChain(gainDb: number): string {
  return `volume=${gainDb.toFixed(2)}dB,${COMPRESSOR},${LIMITER}`;
}

/** Options for planning: a time limit per pass, and a 0..1 progress over both passes. */
export interface PlanOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  durationMs?: number;
  onFraction?: (fraction: number) => void;
}

/** Measures the raw sound, picks a gain (clamped to -20…+30 dB), and measures again through the chain. */
export async function planLoudness(tools: MediaTools, input: string, opts: PlanOptions): Promise<LoudnessPlan | null> {
  const pass = (base: number): FfmpegRunOptions => ({
    timeoutMs: opts.timeoutMs,
    signal: opts.signal,
    durationMs: opts.durationMs,
    onProgress: opts.onFraction ? (p) => opts.onFraction!(base + (p.fraction ?? 0) / 2) : undefined,
  });
  const raw = await measureLoudness(tools, input, "", pass(0));
  if (!raw) return null;
  const gainDb = Math.max(-20, Math.min(30, LOUDNESS_TARGET.I - raw.input_i));
  const measured = await measureLoudness(tools, input, preChain(gainDb), pass(0.5));
  return measured ? { gainDb, raw, measured } : null;
}

/** The encode's audio chain: the planned pre-chain, linear loudnorm with the measured values, back to 48 kHz. */
export function normaliseFilter(plan: LoudnessPlan | null): string {
  const t = LOUDNESS_TARGET;
  if (!plan) return "aresample=48000";
  const m = plan.measured;
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : "0");
  return (
    `${preChain(plan.gainDb)},loudnorm=I=${t.I}:TP=${t.TP}:LRA=${t.LRA}` +
    `:measured_I=${f(m.input_i)}:measured_TP=${f(m.input_tp)}:measured_LRA=${f(m.input_lra)}` +
    `:measured_thresh=${f(m.input_thresh)}:offset=${f(m.target_offset)}:linear=true:print_format=json,aresample=48000`
  );
}

/** After the encode: did loudnorm keep its linear gain ("linear") or fall back ("dynamic")? Null when unknown. */
export function normalisationType(stderr: string): "linear" | "dynamic" | null {
  const t = parseLoudnormJson(stderr)?.normalization_type?.toLowerCase();
  return t === "linear" || t === "dynamic" ? t : null;
}

/** Integrated loudness (LUFS) of a file's first audio stream, measured independently with the ebur128 filter. */
export async function integratedLoudness(
  tools: MediaTools,
  input: string,
  opts: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const result = await runFfmpeg(
    tools,
    ["-v", "info", ...hardenedInput(input), "-map", "0:a:0", "-af", "ebur128", "-f", "null", "-"],
    {
      timeoutMs: opts.timeoutMs ?? 120_000,
      signal: opts.signal,
    },
  );
  const summary = result.stderr.slice(result.stderr.lastIndexOf("Summary:"));
  const m = /Integrated loudness:\s*I:\s*(-?[\d.]+|-inf)\s*LUFS/.exec(summary);
  if (!m) throw new MediaError("tool_failed", "Loudness could not be measured.", summary.slice(0, 400));
  return Number(m[1]);
}
