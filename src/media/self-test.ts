/**
 * The media pipeline's self-test: a two-second clip made on the spot (a test pattern with a sentence spoken by
 * espeak-ng, or a tone where espeak-ng is missing) goes through the same toolkit the processing workers use
 * (src/domains/submissions/jobs.ts): sniff, probe, transcode, poster (sharp), speech audio, transcription and
 * alignment. Everything is written in a temporary folder of real files (never under the executable's /$bunfs),
 * removed afterwards. `plaudit doctor` prints the steps; `plaudit serve` runs it in the background.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../config";
import { findFfmpeg } from "./binaries";
import { MediaError, isMediaError } from "./errors";
import { explainFailure } from "./failure-reasons";
import { clipOutput, runProcess } from "./process";
import { sniffMedia } from "./sniff";
import { chooseEngine, speechEngineInUse, type SpeechEngineInUse } from "./speech/select";
import { createMediaToolkit, type MediaToolkit, type Word } from "./toolkit";

/** One step of the self-test: whether it worked, how long it took, what it found, and how to fix a failure. */
export interface SelfTestStep {
  name: string;
  ok: boolean;
  ms: number;
  detail: string;
  fix?: string;
  /** Not run because a step it needs failed. */
  skipped?: boolean;
}

/** The whole self-test: `ok` when every step passed. */
export interface SelfTestResult {
  ok: boolean;
  ms: number;
  steps: SelfTestStep[];
  /** The speech engine recordings are transcribed with (and whether its transcripts are drafts). */
  speech?: SpeechEngineInUse;
}

/** What the self-test may be given instead of its defaults. */
export interface SelfTestOptions {
  /** The toolkit to prove (default: a new `createMediaToolkit(config)`, as the workers get). */
  toolkit?: MediaToolkit;
  /** Where the temporary folder goes (default: the system's temp folder). */
  tmpRoot?: string;
  /** Limit for the whole test (default 2 minutes). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The sentence spoken into the test clip and aligned back to it. */
export const SELF_TEST_SENTENCE = "This testimonial is a test.";
const CLIP_SECONDS = 2;

/** The steps, in order, with the steps each needs. */
const STEPS = {
  "test clip": [],
  sniff: ["test clip"],
  probe: ["sniff"],
  "transcode video": ["probe"],
  poster: ["transcode video"],
  "speech audio": ["probe"],
  transcription: ["speech audio"],
  alignment: ["speech audio"],
} as const satisfies Record<string, readonly string[]>;
type StepName = keyof typeof STEPS;

const INSTALL_FFMPEG =
  "Install ffmpeg (apt-get install ffmpeg) or set PLAUDIT_FFMPEG_PATH to the path of a working ffmpeg.";
const INSTALL_SPEECH =
  "Install the offline speech engine (apt-get install pocketsphinx pocketsphinx-en-us), or build whisper.cpp with install.sh and set PLAUDIT_WHISPER_MODEL.";

/** What to do when a step fails with an error nothing more specific explains. */
const DEFAULT_FIX: Record<StepName, string> = {
  "test clip": `ffmpeg could not make a test recording. ${INSTALL_FFMPEG}`,
  sniff:
    "Plaudit could not read a recording's file type: this build is incomplete. Install a build of Plaudit whose `plaudit doctor` passes.",
  probe:
    "Install ffmpeg, which includes ffprobe (apt-get install ffmpeg), or set PLAUDIT_FFPROBE_PATH to a working ffprobe.",
  "transcode video": `ffmpeg could not convert a recording to H.264/AAC MP4. ${INSTALL_FFMPEG} It needs libx264 and aac.`,
  poster:
    "Plaudit's image library (sharp) could not make a poster. Make sure the temporary folder allows running its native library (not mounted noexec; TMPDIR), or install a build of Plaudit whose `plaudit doctor` passes.",
  "speech audio": `ffmpeg could not take the sound out of a recording. ${INSTALL_FFMPEG}`,
  transcription: INSTALL_SPEECH,
  alignment:
    "Install pocketsphinx and its English model (apt-get install pocketsphinx pocketsphinx-en-us): edited transcripts are timed with it.",
};

/** The fix for a failed step: the error's own advice where it has some, else the step's. */
function fixFor(step: StepName, e: unknown, config: Config, dir: string): string {
  const configured = (name: string, value: string | null) =>
    value && !existsSync(value) ? `${name} is set to ${value}, which does not exist. ` : "";
  if (isMediaError(e) && e.reason === "tool_missing") {
    const hint =
      configured("PLAUDIT_FFMPEG_PATH", config.ffmpegPath) + configured("PLAUDIT_FFPROBE_PATH", config.ffprobePath);
    if (/^ffmpeg/.test(e.message)) return hint + INSTALL_FFMPEG;
    if (/^ffprobe/.test(e.message)) return hint + DEFAULT_FIX.probe;
    if (/speech|pocketsphinx|whisper/i.test(e.message))
      return step === "alignment" ? DEFAULT_FIX.alignment : INSTALL_SPEECH;
    return `${hint}Check that the program named above is installed and can be run by the user Plaudit runs as.`;
  }
  switch (explainFailure(e).code) {
    case "component_missing":
      return `This build of Plaudit could not load a part it needs. Install a build whose \`plaudit doctor\` passes (or run it from source).`;
    case "disk_full":
      return `Free disk space where Plaudit works (${dir}, and the data folder ${config.dataDir}).`;
    case "permission_denied":
      return `Let the user Plaudit runs as read and write ${dir} and the data folder ${config.dataDir}.`;
    case "out_of_memory":
      return "Free memory on the server (or give it more), then run `plaudit doctor` again.";
    case "timeout":
      return "The server is too slow or too busy for this step: free some capacity, then run `plaudit doctor` again.";
    default:
      return DEFAULT_FIX[step];
  }
}

/** The error as one short line (a tool's own last words added where they help). */
function describe(e: unknown): string {
  if (isMediaError(e))
    return e.detail ? `${e.message} (${clipOutput(e.detail, 200).replace(/\s*\n\s*/g, " | ")})` : e.message;
  return e instanceof Error ? `${e.name === "Error" ? "" : `${e.name}: `}${e.message}` : String(e);
}

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Makes the test clip: WebM (VP8 + Opus, what browsers record), or MP4 (MPEG-4 + AAC) when this ffmpeg cannot. */
async function makeClip(config: Config, dir: string, signal: AbortSignal): Promise<{ path: string; detail: string }> {
  const ffmpeg = findFfmpeg(config);
  if (!ffmpeg)
    throw new MediaError(
      "tool_missing",
      "ffmpeg was not found: install it (apt-get install ffmpeg) or set PLAUDIT_FFMPEG_PATH.",
    );
  let speech: string | null = null;
  const espeak = Bun.which("espeak-ng");
  if (espeak) {
    const wav = join(dir, "speech.wav");
    const r = await runProcess([espeak, "-v", "en-us", "-s", "165", "-w", wav, SELF_TEST_SENTENCE], {
      timeoutMs: 20_000,
      signal,
    });
    if (r.code === 0 && existsSync(wav)) speech = wav;
  }
  const audio = speech ? ["-i", speech] : ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"];
  const formats = [
    {
      ext: "webm",
      label: "WebM (VP8 + Opus)",
      codecs: [
        "-c:v",
        "libvpx",
        "-deadline",
        "realtime",
        "-cpu-used",
        "8",
        "-b:v",
        "400k",
        "-c:a",
        "libopus",
        "-b:a",
        "48k",
        "-ar",
        "48000",
      ],
    },
    {
      ext: "mp4",
      label: "MP4 (MPEG-4 + AAC)",
      codecs: ["-c:v", "mpeg4", "-q:v", "5", "-c:a", "aac", "-b:a", "64k", "-ar", "48000"],
    },
  ];
  let last = "";
  for (const f of formats) {
    const path = join(dir, `clip.${f.ext}`);
    const r = await runProcess(
      [
        ffmpeg.path,
        "-hide_banner",
        "-nostdin",
        "-v",
        "error",
        "-f",
        "lavfi",
        "-i",
        "testsrc2=size=320x240:rate=15",
        ...audio,
        "-map",
        "0:v",
        "-map",
        "1:a",
        "-af",
        "apad",
        "-t",
        String(CLIP_SECONDS),
        "-pix_fmt",
        "yuv420p",
        ...f.codecs,
        "-y",
        path,
      ],
      { timeoutMs: 30_000, signal },
    );
    if (r.code === 0 && existsSync(path)) {
      const voice = speech ? `a spoken sentence (espeak-ng)` : "a tone (espeak-ng is not installed, so no speech)";
      return {
        path,
        detail: `${CLIP_SECONDS} s ${f.label}, 320×240 test pattern with ${voice}; ${kb((await stat(path)).size)}`,
      };
    }
    last = clipOutput(r.stderr, 300);
  }
  throw new MediaError("tool_failed", `ffmpeg (${ffmpeg.path}) could not make a test clip.`, last);
}

/** Checks aligned words: every word of the text, in order, with times that never go back. */
function checkAlignment(words: Word[], text: string, durationMs: number): string {
  const expected = text.split(/\s+/).filter(Boolean);
  if (words.length !== expected.length || words.some((w, i) => w.text !== expected[i])) {
    throw new Error(
      `Alignment returned ${words.length} words (${words.map((w) => w.text).join(" ")}); expected "${text}".`,
    );
  }
  let at = 0;
  for (const w of words) {
    if (!(w.start_ms >= at - 1 && w.end_ms >= w.start_ms && w.end_ms <= durationMs + 500)) {
      throw new Error(`Alignment gave "${w.text}" the times ${w.start_ms}–${w.end_ms} ms, out of order.`);
    }
    at = w.start_ms;
  }
  return `${words.length} of ${expected.length} words timed in order, ${words[0]!.start_ms}–${words[words.length - 1]!.end_ms} ms`;
}

/** Runs the self-test; never throws (a failure is a failed step, with its fix). */
export async function runSelfTest(config: Config, opts: SelfTestOptions = {}): Promise<SelfTestResult> {
  const started = performance.now();
  const media = opts.toolkit ?? createMediaToolkit(config);
  const limit = AbortSignal.timeout(opts.timeoutMs ?? 120_000);
  const signal = opts.signal ? AbortSignal.any([opts.signal, limit]) : limit;
  const steps: SelfTestStep[] = [];
  const failed = new Set<string>();
  let dir = "";
  const step = async (name: StepName, run: () => Promise<string>) => {
    const missing = STEPS[name].find((n) => failed.has(n));
    if (missing) {
      failed.add(name);
      steps.push({ name, ok: false, ms: 0, detail: `not run (needs ${missing})`, skipped: true });
      return;
    }
    const t0 = performance.now();
    try {
      const detail = await run();
      steps.push({ name, ok: true, ms: Math.round(performance.now() - t0), detail });
    } catch (e) {
      failed.add(name);
      steps.push({
        name,
        ok: false,
        ms: Math.round(performance.now() - t0),
        detail: describe(e),
        fix: fixFor(name, e, config, dir || (opts.tmpRoot ?? tmpdir())),
      });
    }
  };

  let clip = "";
  let video = "";
  let wav = "";
  let durationMs = 0;
  let spoken = false;
  try {
    await step("test clip", async () => {
      dir = await mkdtemp(join(opts.tmpRoot ?? tmpdir(), "plaudit-self-test-"));
      const made = await makeClip(config, dir, signal);
      clip = made.path;
      spoken = made.detail.includes("espeak-ng)");
      return made.detail;
    });
    await step("sniff", async () => {
      const s = await sniffMedia(clip);
      return `${s.ext} (${s.mime}), ${kb(s.bytes)}`;
    });
    await step("probe", async () => {
      const p = await media.probe(clip, { signal });
      if (!p.hasVideo || !p.hasAudio)
        throw new Error(
          `ffprobe saw ${p.hasVideo ? "video" : "no video"} and ${p.hasAudio ? "sound" : "no sound"} in a clip with both.`,
        );
      durationMs = p.durationMs;
      return `video ${p.width}×${p.height} with sound, ${(p.durationMs / 1000).toFixed(2)} s`;
    });
    await step("transcode video", async () => {
      video = join(dir, "video.mp4");
      await media.transcodeVideo(clip, video, durationMs, { signal });
      return `H.264/AAC MP4, ${kb((await stat(video)).size)}`;
    });
    await step("poster", async () => {
      const p = await media.poster(video, durationMs, join(dir, "poster.jpg"), join(dir, "thumb.webp"), { signal });
      return `JPEG ${p.width}×${p.height} and a WebP thumbnail (sharp)`;
    });
    await step("speech audio", async () => {
      wav = join(dir, "speech-16k.wav");
      await media.extractWav(clip, wav, { signal });
      return `16 kHz mono WAV, ${kb((await stat(wav)).size)}`;
    });
    await step("transcription", async () => {
      const r = await media.transcribe(wav, { signal });
      if (!r) {
        chooseEngine(config);
        throw new MediaError("tool_missing", "No speech recognition engine could be used.");
      }
      const timed = r.words.filter((w) => Number.isFinite(w.start_ms) && w.end_ms >= w.start_ms);
      if (spoken && timed.length === 0) throw new Error(`${r.engine} heard no words in a spoken sentence.`);
      const heard = r.words.map((w) => w.text).join(" ");
      const engine = speechEngineInUse(config);
      const which = engine.engine === r.engine ? engine.summary : r.engine;
      return spoken
        ? `${which}: ${timed.length} words with times ("${heard}")`
        : `${which} ran (a tone has no words to hear)`;
    });
    await step("alignment", async () =>
      checkAlignment(await media.align(wav, SELF_TEST_SENTENCE, { signal }), SELF_TEST_SENTENCE, durationMs),
    );
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
  return {
    ok: steps.every((s) => s.ok),
    ms: Math.round(performance.now() - started),
    steps,
    speech: speechEngineInUse(config),
  };
}

/** The step that failed first (the one to fix), or null when every step passed. */
export function firstFailure(result: SelfTestResult): SelfTestStep | null {
  return result.steps.find((s) => !s.ok && !s.skipped) ?? null;
}
