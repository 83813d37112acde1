/**
 * Short recordings of different people for end-to-end media tests: a sentence spoken by an espeak-ng voice (one
 * voice per person), with 0.4 s of silence before and 0.5 s after as a webcam recording has, put on screen as the
 * fixtures' speaker (test/fixtures/media/speaker-video.ts: a portrait over a plain wall, still in the left third or
 * panning across) in a 1280×720 H.264/AAC MP4, as a phone or browser would upload it.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { speakerVideo, type SpeakerMotion } from "../fixtures/media/speaker-video";
import { readWav } from "../fixtures/media/wav";

/** Who speaks and what they say. */
export interface VoiceClipSpec {
  /** Folder-safe name of the person (their files go in a folder of this name). */
  slug: string;
  /** An espeak-ng voice, e.g. `en-us` or `en-gb+f3` (a variant after `+`). */
  voice: string;
  text: string;
  motion: SpeakerMotion;
}

/** A made recording. */
export interface VoiceClip extends VoiceClipSpec {
  /** The MP4 to upload. */
  file: string;
  durationMs: number;
}

function run(cmd: string[]): void {
  const r = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`${cmd[0]} failed: ${r.stderr.toString().slice(-800)}`);
}

/** Speaks `spec.text` with its voice and films the speaker; files go under `dir/<slug>/`. */
export function voiceClip(dir: string, spec: VoiceClipSpec): VoiceClip {
  const own = join(dir, spec.slug);
  mkdirSync(own, { recursive: true });
  const raw = join(own, "voice.wav");
  const padded = join(own, "speech.wav");
  run(["espeak-ng", "-v", spec.voice, "-s", "160", "-w", raw, spec.text]);
  // -D: no dither, so the same recording comes out on every run.
  run(["sox", "-D", raw, "-r", "48000", "-b", "16", "-c", "1", padded, "pad", "0.4", "0.5"]);
  const pcm = readWav(readFileSync(padded));
  const durationMs = Math.round((pcm.samples.length * 1000) / pcm.rate);
  return { ...spec, file: speakerVideo(own, spec.motion, padded, durationMs), durationMs };
}
