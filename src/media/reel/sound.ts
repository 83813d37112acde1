/**
 * The reel's sound, made once for every size: the clips' normalised speech in order with silence under the cards,
 * and, when chosen, a music track looped to length, faded in and out, and ducked under speech by a sidechain
 * compressor keyed on the speech. The two are summed with amerge + pan rather than amix (amix scales its inputs,
 * and its `normalize` option is missing from older ffmpeg); both sidechain inputs get the same aformat, which old
 * builds require. A peak limiter keeps the sum under -1 dBFS.
 */
import { rename, rm } from "node:fs/promises";
import { hardenedInput, runFfmpeg, type MediaTools } from "../ffmpeg";
import { tempOutput } from "../temp";
import { sec } from "./filter-text";

/** A part of the sound: a cut clip's file, or silence under a card. */
export type SoundPart = { kind: "clip"; file: string } | { kind: "silence"; ms: number };

/** Music sits about 8 dB under a track's own level on the cards, and much lower under speech. */
export const MUSIC_GAIN_DB = -8;
const FORMAT = "aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo";
/** Ducking: the music drops by 10+ dB while someone speaks and comes back over 0.4 s. */
export const DUCK = "sidechaincompress=threshold=0.02:ratio=12:attack=10:release=400:makeup=1";

/** The filter graph and input list of the mix. */
export function soundArgs(parts: SoundPart[], musicPath: string | null, totalMs: number, out: string): string[] {
  const inputs: string[] = [];
  const labels: string[] = [];
  const chains: string[] = [];
  let n = 0;
  parts.forEach((p, i) => {
    if (p.kind === "clip") {
      inputs.push(...hardenedInput(p.file));
      chains.push(`[${n++}:a]${FORMAT}[s${i}]`);
    } else {
      chains.push(`anullsrc=r=48000:cl=stereo,atrim=end=${sec(p.ms)},${FORMAT}[s${i}]`);
    }
    labels.push(`[s${i}]`);
  });
  chains.push(`${labels.join("")}concat=n=${parts.length}:v=0:a=1[speech]`);
  const t = sec(totalMs);
  if (musicPath) {
    inputs.push("-stream_loop", "-1", ...hardenedInput(musicPath));
    const fadeOut = Math.max(0, totalMs - 2000);
    chains.push(
      "[speech]asplit=2[voice][key]",
      `[${n}:a]atrim=end=${t},asetpts=PTS-STARTPTS,afade=t=in:d=1,afade=t=out:st=${sec(fadeOut)}:d=2,volume=${MUSIC_GAIN_DB}dB,${FORMAT}[bed]`,
      `[key]${FORMAT}[keyf]`,
      `[bed][keyf]${DUCK},${FORMAT}[ducked]`,
      `[voice]${FORMAT}[voicef]`,
      "[voicef][ducked]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3,alimiter=limit=0.89:attack=2:release=50:level=0[mix]",
    );
  } else {
    chains.push("[speech]anull[mix]");
  }
  return [
    "-v",
    "error",
    ...inputs,
    "-filter_complex",
    chains.join(";"),
    "-map",
    "[mix]",
    "-t",
    t,
    "-c:a",
    "aac",
    "-b:a",
    "160k",
    "-ar",
    "48000",
    "-ac",
    "2",
    "-map_metadata",
    "-1",
    "-f",
    "mp4",
    "-y",
    out,
  ];
}

/** Mixes the reel's sound into `out` (AAC in MP4), written under a temporary name and renamed. */
export async function mixSound(
  tools: MediaTools,
  parts: SoundPart[],
  musicPath: string | null,
  totalMs: number,
  out: string,
  o: { timeoutMs: number; signal?: AbortSignal; onProgress?: (f: number) => void },
): Promise<void> {
  const tmp = tempOutput(out, ".m4a");
  try {
    await runFfmpeg(tools, soundArgs(parts, musicPath, totalMs, tmp), {
      timeoutMs: o.timeoutMs,
      signal: o.signal,
      durationMs: totalMs,
      onProgress: o.onProgress ? (p) => o.onProgress!(p.fraction ?? 0) : undefined,
    });
    await rename(tmp, out);
  } finally {
    await rm(tmp, { force: true });
  }
}
