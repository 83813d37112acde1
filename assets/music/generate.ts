/**
 * Makes the reel music tracks shipped in assets/music/: short loops synthesised here from scratch (plucked
 * strings by Karplus-Strong, soft pads, a sine bass, a swept-sine kick and noise hats), so Plaudit owns them and
 * anyone may redistribute them. ffmpeg adds a light echo, brings each to -20 LUFS and encodes AAC. The output is
 * the same on every run (a seeded noise generator). Run: bun assets/music/generate.ts
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const RATE = 44100;
const NOTE: Record<string, number> = { C: 0, "C#": 1, D: 2, "D#": 3, E: 4, F: 5, "F#": 6, G: 7, "G#": 8, A: 9, "A#": 10, B: 11 };
/** `A4` → 440 Hz. */
const hz = (name: string) => {
  const m = /^([A-G]#?)(\d)$/.exec(name)!;
  return 440 * 2 ** ((NOTE[m[1]!]! + (Number(m[2]) - 4) * 12 - 9) / 12);
};

let seed = 12345;
const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1;

class Mix {
  readonly l: Float32Array;
  readonly r: Float32Array;
  constructor(seconds: number) {
    this.l = new Float32Array(Math.ceil(seconds * RATE));
    this.r = new Float32Array(this.l.length);
  }
  add(at: number, samples: Float32Array, gain: number, pan = 0) {
    const s = Math.floor(at * RATE);
    const gl = gain * Math.cos(((pan + 1) * Math.PI) / 4), gr = gain * Math.sin(((pan + 1) * Math.PI) / 4);
    for (let i = 0; i < samples.length && s + i < this.l.length; i++) {
      this.l[s + i]! += samples[i]! * gl;
      this.r[s + i]! += samples[i]! * gr;
    }
  }
}

function pluck(f: number, seconds: number, damping = 0.996): Float32Array {
  const out = new Float32Array(Math.floor(seconds * RATE));
  const period = Math.max(2, Math.round(RATE / f));
  // Smoothed noise excites a rounder, less scratchy string than raw white noise.
  const noise = Float32Array.from({ length: period }, () => rand());
  const buf = noise.map((v, i) => (v + noise[(i + 1) % period]! + noise[(i + 2) % period]!) / 3);
  for (let i = 0; i < out.length; i++) {
    const j = i % period;
    const next = (j + 1) % period;
    out[i] = buf[j]!;
    buf[j] = damping * 0.5 * (buf[j]! + buf[next]!);
  }
  return out;
}

function tone(f: number, seconds: number, attack: number, release: number, harmonics: number[] = [1]): Float32Array {
  const out = new Float32Array(Math.floor(seconds * RATE));
  for (let i = 0; i < out.length; i++) {
    const t = i / RATE;
    const env = Math.min(1, t / attack) * Math.min(1, (seconds - t) / release);
    let v = 0;
    harmonics.forEach((a, k) => (v += a * Math.sin(2 * Math.PI * f * (k + 1) * t)));
    out[i] = v * env;
  }
  return out;
}

function kick(): Float32Array {
  const out = new Float32Array(Math.floor(0.35 * RATE));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / RATE;
    phase += (2 * Math.PI * (50 + 90 * Math.exp(-t * 30))) / RATE;
    out[i] = Math.sin(phase) * Math.exp(-t * 9);
  }
  return out;
}

function hat(): Float32Array {
  const out = new Float32Array(Math.floor(0.05 * RATE));
  let prev = 0;
  for (let i = 0; i < out.length; i++) {
    const n = rand();
    out[i] = (n - prev) * Math.exp((-i / RATE) * 80);
    prev = n;
  }
  return out;
}

interface Song {
  id: string;
  bpm: number;
  bars: number;
  chords: string[][];
  arpeggio: number;
  drums: "none" | "soft" | "drive";
  padGain: number;
}

function render(song: Song): Mix {
  const beat = 60 / song.bpm;
  const bar = beat * 4;
  const mix = new Mix(song.bars * bar);
  for (let b = 0; b < song.bars; b++) {
    const chord = song.chords[b % song.chords.length]!;
    const t0 = b * bar;
    for (const [k, n] of chord.entries()) mix.add(t0, tone(hz(n), bar + 0.3, 0.4, 0.6, [1, 0.35, 0.12]), song.padGain, (k - 1) * 0.5);
    mix.add(t0, tone(hz(chord[0]!.replace(/\d/, "2")), bar, 0.02, 0.2, [1, 0.2]), 0.22);
    const steps = Math.round(4 * song.arpeggio);
    for (let s = 0; s < steps; s++) {
      const note = chord[s % chord.length]!.replace(/\d/, (d) => String(Number(d) + (s % 2)));
      mix.add(t0 + (s * beat) / song.arpeggio, pluck(hz(note), 0.9), 0.18, s % 2 ? 0.35 : -0.35);
    }
    for (let q = 0; q < 4; q++) {
      const at = t0 + q * beat;
      if (song.drums === "drive" || (song.drums === "soft" && q % 2 === 0)) mix.add(at, kick(), song.drums === "drive" ? 0.45 : 0.3);
      if (song.drums === "drive") {
        mix.add(at + beat / 2, hat(), 0.12, 0.2);
        mix.add(at, hat(), 0.06, -0.2);
      }
    }
  }
  return mix;
}

function wav(mix: Mix): Buffer {
  const n = mix.l.length;
  let peak = 1e-9;
  for (let i = 0; i < n; i++) peak = Math.max(peak, Math.abs(mix.l[i]!), Math.abs(mix.r[i]!));
  const buf = Buffer.alloc(44 + n * 4);
  buf.write("RIFF", 0);
  buf.writeUInt32LE(36 + n * 4, 4);
  buf.write("WAVEfmt ", 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(2, 22);
  buf.writeUInt32LE(RATE, 24);
  buf.writeUInt32LE(RATE * 4, 28);
  buf.writeUInt16LE(4, 32);
  buf.writeUInt16LE(16, 34);
  buf.write("data", 36);
  buf.writeUInt32LE(n * 4, 40);
  for (let i = 0; i < n; i++) {
    buf.writeInt16LE(Math.round((mix.l[i]! / peak) * 0.8 * 32767), 44 + i * 4);
    buf.writeInt16LE(Math.round((mix.r[i]! / peak) * 0.8 * 32767), 46 + i * 4);
  }
  return buf;
}

/** The shipped tracks (ids are what `GET /v1/reels/music` lists). */
export const SONGS: Song[] = [
  { id: "sunrise", bpm: 100, bars: 16, chords: [["C4", "E4", "G4"], ["G3", "B3", "D4"], ["A3", "C4", "E4"], ["F3", "A3", "C4"]], arpeggio: 2, drums: "soft", padGain: 0.1 },
  { id: "drift", bpm: 80, bars: 8, chords: [["A3", "C4", "E4"], ["F3", "A3", "C4"], ["C4", "E4", "G4"], ["G3", "B3", "D4"]], arpeggio: 1, drums: "none", padGain: 0.14 },
  { id: "momentum", bpm: 120, bars: 16, chords: [["D4", "F#4", "A4"], ["A3", "C#4", "E4"], ["B3", "D4", "F#4"], ["G3", "B3", "D4"]], arpeggio: 4, drums: "drive", padGain: 0.08 },
];

if (import.meta.main) {
  const dir = import.meta.dir;
  for (const song of SONGS) {
    const tmp = join(dir, `${song.id}.wav`);
    writeFileSync(tmp, wav(render(song)));
    const r = Bun.spawnSync(["ffmpeg", "-hide_banner", "-nostdin", "-v", "error", "-y", "-i", tmp,
      "-af", "aecho=0.8:0.5:70|110:0.22|0.14,loudnorm=I=-20:TP=-3:LRA=7,aresample=44100",
      "-c:a", "aac", "-b:a", "96k", "-map_metadata", "-1", "-fflags", "+bitexact", "-f", "mp4", join(dir, `${song.id}.m4a`)]);
    rmSync(tmp, { force: true });
    if (r.exitCode !== 0) throw new Error(r.stderr.toString());
    console.log(`assets/music/${song.id}.m4a`);
  }
}
