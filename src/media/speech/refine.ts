/**
 * Sharpens word boundaries from an aligner with the recording's own energy. The recogniser works in 10 ms frames
 * and sometimes gives a soft onset (an "m", an "h") to silence, or a pause to the next word; a word edge that sits
 * in silence is moved to where sound starts, and one that sits in sound is extended up to the surrounding pause,
 * never past a neighbouring word and never more than `maxShiftMs`.
 */
import { readFile } from "node:fs/promises";
import type { Word } from "./types";

const FRAME_MS = 10;

/** Frame energies (dB, 10 ms frames) of a mono 16-bit PCM WAV. */
export async function frameEnergies(wavPath: string): Promise<Float64Array> {
  const buf = await readFile(wavPath);
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let o = 12,
    rate = 16000,
    data = 44,
    len = buf.length - 44;
  while (o + 8 <= buf.length) {
    const id = buf.toString("latin1", o, o + 4),
      size = view.getUint32(o + 4, true);
    if (id === "fmt ") rate = view.getUint32(o + 12, true);
    if (id === "data") {
      data = o + 8;
      len = Math.min(size, buf.length - data);
      break;
    }
    o += 8 + size + (size & 1);
  }
  const per = Math.round((rate * FRAME_MS) / 1000);
  const frames = Math.floor(len / 2 / per);
  const out = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = 0; i < per; i++) {
      const s = view.getInt16(data + (f * per + i) * 2, true);
      sum += s * s;
    }
    out[f] = 10 * Math.log10(sum / per + 1);
  }
  return out;
}

function percentile(values: Float64Array, p: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/** Moves word edges to the nearest sound/silence change, within `maxShiftMs` and between the neighbours. */
export function refineBoundaries(words: Word[], energies: Float64Array, maxShiftMs = 150): Word[] {
  if (!energies.length) return words;
  const floor = percentile(energies, 0.1);
  const peak = percentile(energies, 0.99);
  // Only recordings with a clear gap between pauses and speech are refined; noisy ones keep the aligner's times.
  if (peak - floor < 20) return words;
  // About 32 dB under the loudest speech: the tail of a word and codec noise in a pause count as quiet.
  const thr = Math.max(floor + 12, peak - 32);
  const loud = (f: number) => f >= 0 && f < energies.length && energies[f]! >= thr;
  const maxShift = Math.round(maxShiftMs / FRAME_MS);
  const out = words.map((w) => ({ ...w }));
  for (let i = 0; i < out.length; i++) {
    const w = out[i]!;
    const lowBound = i ? Math.ceil(out[i - 1]!.end_ms / FRAME_MS) : 0;
    const highBound = i + 1 < out.length ? Math.floor(out[i + 1]!.start_ms / FRAME_MS) : energies.length;
    let s = Math.round(w.start_ms / FRAME_MS);
    let e = Math.round(w.end_ms / FRAME_MS); // exclusive
    if (e - s < 2) continue;
    const s0 = s,
      e0 = e;
    if (loud(s)) while (s - 1 >= lowBound && s0 - s < maxShift && loud(s - 1)) s--;
    else while (s < e - 2 && s - s0 < maxShift && !loud(s)) s++;
    if (loud(e - 1)) while (e < highBound && e - e0 < maxShift && loud(e)) e++;
    else while (e - 1 > s + 2 && e0 - e < maxShift && !loud(e - 1)) e--;
    w.start_ms = s * FRAME_MS;
    w.end_ms = e * FRAME_MS;
  }
  return out;
}
