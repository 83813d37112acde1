/**
 * Media processing cost against its baseline, measured in the same run:
 * 1. a 60 s 720p VP8/Opus WebM (written like MediaRecorder: no duration) through probeMedia + transcode()
 *    beside the bare ffmpeg commands that make the same output (the two loudness passes and the encode, run
 *    directly), and beside one plain encode without loudness normalisation, for scale;
 * 2. transcription of its speech through the chosen engine beside the engine's own CLI on the same WAV.
 * Each side runs `rounds` times, interleaved, and the fastest run counts (other load on the box hits both alike).
 * Run: bun bench/media-process.ts [seconds=60] [rounds=2] [--smoke]   (smoke: a 1 s recording, one round)
 */
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config";
import { extractSpeechWav } from "../src/media/audio";
import { resolveMediaTools } from "../src/media/ffmpeg";
import { LOUDNESS_TARGET, preChain } from "../src/media/loudness";
import { probeMedia } from "../src/media/probe";
import { chooseEngine } from "../src/media/speech/select";
import { encodeArgs, transcode } from "../src/media/transcode";
import { ensureLongWebm } from "../test/fixtures/media/make-fixtures";
import { scratch } from "../test/fixtures/media/tools";
import { positionals, sized } from "./_harness";

const [secondsArg, roundsArg] = positionals();
const seconds = Number(secondsArg ?? sized(60, 1));
const rounds = Number(roundsArg ?? sized(2, 1));
const dataDir = scratch("bench-data");
const config = loadConfig({ ...process.env, PLAUDIT_DATA_DIR: dataDir });
const tools = resolveMediaTools(config);
const dir = scratch("bench");

function run(cmd: string[]): string {
  const r = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`${cmd.slice(0, 4).join(" ")} … failed:\n${r.stderr.toString().slice(-600)}`);
  return r.stderr.toString();
}
async function time<T>(fn: () => Promise<T> | T): Promise<[T, number]> {
  const t = performance.now();
  const v = await fn();
  return [v, performance.now() - t];
}
/** Runs the functions in turn, `rounds` times; the fastest time of each. */
async function interleaved(...fns: (() => unknown)[]): Promise<number[]> {
  const best = fns.map(() => Number.POSITIVE_INFINITY);
  for (let r = 0; r < rounds; r++)
    for (const [i, fn] of fns.entries()) best[i] = Math.min(best[i]!, (await time(fn))[1]);
  return best;
}
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

console.log(`making a ${seconds} s 720p WebM (cached)…`);
const input = ensureLongWebm(seconds);

const info = await probeMedia(tools, input);
let out = await transcode(tools, input, info, { outDir: dir });
const ours = async () => {
  rmSync(out.path, { force: true });
  out = await transcode(tools, input, await probeMedia(tools, input), { outDir: dir });
};
// The same three commands, run bare: same filters and encoder settings, no wrapper, no probe, no whitelists.
const loudJson = (err: string) => JSON.parse(err.slice(err.lastIndexOf("{"), err.lastIndexOf("}") + 1));
const t = LOUDNESS_TARGET;
const ln = `loudnorm=I=${t.I}:TP=${t.TP}:LRA=${t.LRA}:print_format=json`;
const bare = () => {
  const raw = loudJson(
    run(["ffmpeg", "-hide_banner", "-nostdin", "-i", input, "-map", "0:a:0", "-af", ln, "-f", "null", "-"]),
  );
  const gain = Math.max(-20, Math.min(30, t.I - Number(raw.input_i)));
  const m = loudJson(
    run([
      "ffmpeg",
      "-hide_banner",
      "-nostdin",
      "-i",
      input,
      "-map",
      "0:a:0",
      "-af",
      `${preChain(gain)},${ln}`,
      "-f",
      "null",
      "-",
    ]),
  );
  const measured = {
    input_i: +m.input_i,
    input_tp: +m.input_tp,
    input_lra: +m.input_lra,
    input_thresh: +m.input_thresh,
    target_offset: +m.target_offset,
  };
  run([
    "ffmpeg",
    "-hide_banner",
    "-nostdin",
    "-i",
    input,
    ...encodeArgs(info, { gainDb: gain, raw: measured, measured }, join(dir, "bare.mp4")),
  ]);
};
const plain = () =>
  run([
    "ffmpeg",
    "-hide_banner",
    "-nostdin",
    "-i",
    input,
    "-vf",
    `scale=${out.width}:${out.height}`,
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    "23",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-b:a",
    "96k",
    "-movflags",
    "+faststart",
    "-y",
    join(dir, "plain.mp4"),
  ]);
const [oursMs, bareMs, plainMs] = (await interleaved(ours, bare, plain)) as [number, number, number];

console.log(
  `\nprocessing ${seconds} s of 720p WebM (${(info.bytes / 2 ** 20).toFixed(1)} MB) on ${navigator.hardwareConcurrency} cores, load average ${loadavg()[0]!.toFixed(1)}, best of ${rounds}`,
);
console.log(
  `  probe + transcode()              ${s(oursMs)}  (${((seconds * 1000) / oursMs).toFixed(1)}x real time, loudnorm ${out.normalisation})`,
);
console.log(`  bare ffmpeg, same three commands ${s(bareMs)}`);
console.log(`  bare ffmpeg, one pass, no loudness normalisation ${s(plainMs)}`);
console.log(`  ratio transcode()/bare same output: ${(oursMs / bareMs).toFixed(2)}`);
console.log(`  ratio transcode()/plain one pass:   ${(oursMs / plainMs).toFixed(2)}`);

const wav = await extractSpeechWav(tools, input, { outPath: join(dir, "speech.wav") });
let engineName = "none";
try {
  const engine = chooseEngine(config);
  engineName = engine.name;
  const tr = await engine.transcribe(wav);
  const cli =
    engine.name === "pocketsphinx"
      ? ["pocketsphinx_continuous", "-infile", wav, "-time", "yes"]
      : [
          (engine as unknown as { bin: string }).bin,
          "-m",
          (engine as unknown as { model: string }).model,
          "-f",
          wav,
          "-ml",
          "1",
          "-sow",
          "-oj",
          "-ojf",
          "-of",
          join(dir, "cli"),
        ];
  const [engineMs, cliMs] = (await interleaved(
    () => engine.transcribe(wav),
    () => run(cli),
  )) as [number, number];
  console.log(`\ntranscribing ${seconds} s of speech with ${engineName} (${tr.words.length} words)`);
  console.log(`  engine.transcribe()  ${s(engineMs)}  (${((seconds * 1000) / engineMs).toFixed(1)}x real time)`);
  console.log(`  ${cli[0]!.split("/").pop()} directly  ${s(cliMs)}`);
  console.log(`  ratio engine/CLI: ${(engineMs / cliMs).toFixed(2)}`);
} catch (e) {
  console.log(`\ntranscription skipped: ${(e as Error).message}`);
}
rmSync(dir, { recursive: true, force: true });
rmSync(dataDir, { recursive: true, force: true });
