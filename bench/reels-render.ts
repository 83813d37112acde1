/**
 * Reel render cost against its baseline, measured in the same run: a 45 s reel (intro and outro cards, four
 * clips of about 9.9 s from a processed 720p recording, music, bold captions) rendered by the real pipeline in
 * 9:16, 1:1 and 16:9, beside the bare ffmpeg encodes of the same three outputs: one command per size that trims
 * the same spans from the source, fits them into the frame the same way, burns the same captions and encodes with
 * the same x264/AAC settings (colour cards without logo or text; no loudness passes, no intermediates, no music).
 * The ratio pipeline/bare is the price of cutting on word edges, normalising each clip, decoding the source once,
 * the cards, the music mix and the resumable steps. Sides alternate `rounds` times; the fastest of each counts.
 * Run: bun bench/reels-render.ts [rounds=1] [preset=veryfast] [--smoke]
 * Smoke mode: a 4 s recording, two clips of about 1 s, one size (1:1), x264 ultrafast.
 */
import { copyFileSync, renameSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config";
import { resolveMediaTools } from "../src/media/ffmpeg";
import { probeMedia } from "../src/media/probe";
import { transcode } from "../src/media/transcode";
import { MUSIC_TRACKS } from "../src/media/reel/music";
import { createReelRenderer } from "../src/media/reel/pipeline";
import { fitFilter, ENCODE_DEFAULTS } from "../src/media/reel/encode";
import { filterValue } from "../src/media/reel/filter-text";
import { ASPECTS, FRAME, aspectSlug, type ReelPlan, type ReelWord } from "../src/media/reel/types";
import { ensureLongWebm, ensureMediaFixtures } from "../test/fixtures/media/make-fixtures";
import { scratch } from "../test/fixtures/media/tools";
import { positionals, sized } from "./_harness";

const [roundsArg, presetArg] = positionals();
const rounds = Number(roundsArg ?? 1);
const preset = presetArg ?? sized(ENCODE_DEFAULTS.preset, "ultrafast");
const SOURCE_SECONDS = sized(60, 4);
const CLIP_STARTS_MS = sized([0, 14_000, 28_000, 42_000], [0, 2_500]);
const CLIP_MS = sized(9_950, 1_200);
const aspects = sized(ASPECTS, ["1:1"] as typeof ASPECTS);
const dataDir = scratch("bench-reel-data");
const config = loadConfig({ ...process.env, PLAUDIT_DATA_DIR: dataDir });
const tools = resolveMediaTools(config);
const dir = scratch("bench-reel");
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

console.log(`making a ${SOURCE_SECONDS} s 720p recording and processing it (cached webm, fresh transcode)…`);
const fx = ensureMediaFixtures();
const webm = ensureLongWebm(SOURCE_SECONDS);
const t = await transcode(tools, webm, await probeMedia(tools, webm), { outDir: dir });
const source = join(dir, "source.mp4");
renameSync(t.path, source);
const sourceMs = (await probeMedia(tools, source)).duration_ms;

// The long recording loops the known sentence: its words repeat every speechDurationMs.
const words: ReelWord[] = [];
for (let k = 0; k * fx.speechDurationMs < sourceMs; k++) {
  for (const w of fx.speechWords)
    if (w.end_ms + k * fx.speechDurationMs < sourceMs)
      words.push({
        text: w.text,
        start_ms: w.start_ms + k * fx.speechDurationMs,
        end_ms: w.end_ms + k * fx.speechDurationMs,
      });
}
/** A span of about `ms` starting at the first word after `fromMs`. */
function span(fromMs: number, ms: number) {
  const i = words.findIndex((w) => w.start_ms >= fromMs);
  let j = i;
  while (j + 1 < words.length && words[j + 1]!.end_ms - words[i]!.start_ms <= ms) j++;
  return { startMs: words[i]!.start_ms, endMs: words[j]!.end_ms };
}
const clips = CLIP_STARTS_MS.map((from) => ({
  sourcePath: source,
  sourceDurationMs: sourceMs,
  words,
  ...span(from, CLIP_MS),
}));
const planFor = (workDir: string): ReelPlan => ({
  workDir,
  aspects,
  captionStyle: "bold",
  brandColor: "#4f46e5",
  logoPath: join(import.meta.dir, "..", "assets", "default-logo.png"),
  intro: { text: "What our customers say" },
  outro: { text: "Start your free trial" },
  musicPath: MUSIC_TRACKS[0]!.path,
  clips,
  preset,
});
const hooks = { stage: () => {}, checkpoint: () => "continue" as const, timeLeftMs: () => 3_600_000 };

let kept: string | null = null;
async function pipeline() {
  const work = join(dir, `pipe-${Math.random().toString(36).slice(2)}`);
  const out = await createReelRenderer(config).render(planFor(work), hooks);
  if (out.kind !== "done") throw new Error("render did not finish");
  // Keep one run's captions (the same in every run) for the bare encodes.
  if (!kept) {
    kept = join(dir, "captions");
    for (const a of aspects) copyFileSync(join(work, `captions-${aspectSlug(a)}.ass`), `${kept}-${aspectSlug(a)}.ass`);
  }
  rmSync(work, { recursive: true, force: true });
  return out.reel.durationMs;
}

function bare() {
  for (const a of aspects) {
    const { w, h } = FRAME[a];
    const n = clips.length;
    const parts = [
      `color=c=0x4f46e5:s=${w}x${h}:r=30:d=2.5[ci]`,
      "anullsrc=r=48000:cl=stereo,atrim=end=2.5[ai]",
      `color=c=0x4f46e5:s=${w}x${h}:r=30:d=3[co]`,
      "anullsrc=r=48000:cl=stereo,atrim=end=3[ao]",
      `[0:v]split=${n}${clips.map((_, i) => `[sv${i}]`).join("")}`,
      `[0:a]asplit=${n}${clips.map((_, i) => `[sa${i}]`).join("")}`,
    ];
    clips.forEach((c, i) => {
      const from = (c.startMs - 100) / 1000,
        to = (c.endMs + 100) / 1000;
      parts.push(
        `[sv${i}]trim=start=${from}:end=${to},setpts=PTS-STARTPTS,fps=30[tv${i}]`,
        fitFilter(`[tv${i}]`, 1280, 720, a, `v${i}`),
        `[sa${i}]atrim=start=${from}:end=${to},asetpts=PTS-STARTPTS,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo[a${i}]`,
      );
    });
    parts.push(
      `[ci][ai]${clips.map((_, i) => `[v${i}][a${i}]`).join("")}[co][ao]concat=n=${n + 2}:v=1:a=1[cv][ca]`,
      `[cv]subtitles=filename=${filterValue(`${kept}-${aspectSlug(a)}.ass`)},format=yuv420p[v]`,
    );
    const r = Bun.spawnSync(
      [
        "ffmpeg",
        "-hide_banner",
        "-nostdin",
        "-v",
        "error",
        "-y",
        "-i",
        source,
        "-filter_complex",
        parts.join(";"),
        "-map",
        "[v]",
        "-map",
        "[ca]",
        "-c:v",
        "libx264",
        "-preset",
        preset,
        "-crf",
        String(ENCODE_DEFAULTS.crf),
        "-maxrate",
        `${ENCODE_DEFAULTS.maxKbps}k`,
        "-bufsize",
        `${ENCODE_DEFAULTS.maxKbps * 2}k`,
        "-profile:v",
        "high",
        "-pix_fmt",
        "yuv420p",
        "-c:a",
        "aac",
        "-b:a",
        "160k",
        "-movflags",
        "+faststart",
        join(dir, `bare-${aspectSlug(a)}.mp4`),
      ],
      { stderr: "pipe" },
    );
    if (r.exitCode !== 0) throw new Error(r.stderr.toString().slice(-800));
  }
}

let best = [Infinity, Infinity];
let reelMs = 0;
for (let r = 0; r < rounds; r++) {
  let t0 = performance.now();
  reelMs = await pipeline();
  best[0] = Math.min(best[0]!, performance.now() - t0);
  t0 = performance.now();
  bare();
  best[1] = Math.min(best[1]!, performance.now() - t0);
}
const [ours, base] = best as [number, number];
console.log(
  `reel: ${s(reelMs)} in ${aspects.join(", ")} (x264 ${preset}); load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
const n = aspects.length;
const outputs = n === 3 ? "three" : String(n);
console.log(`pipeline (cut, normalise, cards, music, captions, ${n} encode${n === 1 ? "" : "s"}, poster): ${s(ours)}`);
console.log(`bare ffmpeg, the same ${outputs} output${n === 1 ? "" : "s"}:                               ${s(base)}`);
console.log(
  `ratio pipeline/bare: ${(ours / base).toFixed(2)}  (render speed: ${((reelMs * n) / ours).toFixed(2)}× real time for ${outputs} size${n === 1 ? "" : "s"})`,
);
rmSync(dir, { recursive: true, force: true });
rmSync(dataDir, { recursive: true, force: true });
