/**
 * Face-aware framing of a clip in a narrower (or taller) frame than its recording: the crop window of the frame's
 * shape follows the speaker's face along the axis the shapes differ on. Face centres found in sampled frames are
 * cleaned (a sample without a face borrows from its neighbours; a lone jump is ignored), smoothed over about a
 * second and a half, and a speaker who barely moves gets a still crop. The path is a few straight segments,
 * written as an ffmpeg `crop` expression of the clip's time. No face anywhere: the crop stays in the centre.
 */
import type { Box } from "./haar";
import { FRAME, type Aspect } from "./types";

/** Faces found in frames sampled from a clip; boxes in pixels of the analysed picture (`width`×`height`). */
export interface FaceTrack {
  width: number;
  height: number;
  samples: { t_ms: number; faces: Box[] }[];
}

/** A crop window moving along one axis: its size and where its left (or top) edge is over time, in source pixels. */
export interface CropPath {
  cw: number;
  ch: number;
  axis: "x" | "y";
  /** Keyframes (ms of the clip, edge in source pixels), straight lines between them. */
  keys: { t_ms: number; at: number }[];
}

const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/** The crop window of `aspect`'s shape inside a `sw`×`sh` picture; null when the shapes (nearly) match. */
export function cropWindow(sw: number, sh: number, aspect: Aspect): { cw: number; ch: number; axis: "x" | "y" } | null {
  const r = FRAME[aspect].w / FRAME[aspect].h;
  const s = sw / sh;
  if (Math.abs(s - r) / r < 0.02) return null;
  return s > r ? { cw: even(sh * r), ch: sh, axis: "x" } : { cw: sw, ch: even(sw / r), axis: "y" };
}

/** The face the crop follows in one sample: all faces when they fit the window together, else the largest. */
function focus(faces: Box[], span: number, axis: "x" | "y"): number | null {
  if (!faces.length) return null;
  const lo = Math.min(...faces.map((f) => (axis === "x" ? f.x : f.y)));
  const hi = Math.max(...faces.map((f) => (axis === "x" ? f.x + f.w : f.y + f.h)));
  if (hi - lo <= span * 0.9) return (lo + hi) / 2;
  const big = faces.reduce((a, b) => (b.w * b.h > a.w * a.h ? b : a));
  return axis === "x" ? big.x + big.w / 2 : big.y + big.h / 2;
}

/** Douglas–Peucker: the fewest points that stay within `tol` of the path. */
function simplify(points: { t_ms: number; at: number }[], tol: number): { t_ms: number; at: number }[] {
  if (points.length <= 2) return points;
  const a = points[0]!,
    b = points[points.length - 1]!;
  let worst = 0,
    index = 0;
  for (let i = 1; i < points.length - 1; i++) {
    const p = points[i]!;
    const line = b.t_ms === a.t_ms ? a.at : a.at + ((b.at - a.at) * (p.t_ms - a.t_ms)) / (b.t_ms - a.t_ms);
    const d = Math.abs(p.at - line);
    if (d > worst) (worst = d), (index = i);
  }
  if (worst <= tol) return [a, b];
  return [...simplify(points.slice(0, index + 1), tol).slice(0, -1), ...simplify(points.slice(index), tol)];
}

/** The crop path of a clip (`sw`×`sh` recording) in `aspect`, from its face track; null when no crop is needed. */
export function cropPath(track: FaceTrack | null, sw: number, sh: number, aspect: Aspect): CropPath | null {
  const win = cropWindow(sw, sh, aspect);
  if (!win) return null;
  const { cw, ch, axis } = win;
  const full = axis === "x" ? sw : sh;
  const span = axis === "x" ? cw : ch;
  const maxEdge = full - span;
  const centre = { t_ms: 0, at: Math.round(maxEdge / 2) };
  const samples = track?.samples ?? [];
  const scale = track ? (axis === "x" ? sw / track.width : sh / track.height) : 1;
  // Face centre per sample in source pixels (null: none found there).
  const raw = samples.map((s) => {
    const c = focus(s.faces, span / scale, axis);
    return c === null ? null : c * scale;
  });
  if (!raw.some((c) => c !== null)) return { cw, ch, axis, keys: [centre] };
  // Gaps take the nearest found centre (before, else after); a lone outlier takes the median of its neighbours.
  const filled = raw.slice();
  let last: number | null = null;
  for (let i = 0; i < filled.length; i++) (filled[i] = raw[i] ?? last ?? null), (last = filled[i] ?? last);
  last = null;
  for (let i = filled.length - 1; i >= 0; i--) (filled[i] = filled[i] ?? last), (last = filled[i] ?? last);
  const values = filled as number[];
  const median = values.map((v, i) => {
    const w = [values[i - 1] ?? v, v, values[i + 1] ?? v].sort((a, b) => a - b);
    return w[1]!;
  });
  // Moving average over about 1.5 s.
  const stepMs =
    samples.length > 1 ? (samples[samples.length - 1]!.t_ms - samples[0]!.t_ms) / (samples.length - 1) : 500;
  const half = Math.max(1, Math.round(750 / Math.max(1, stepMs)));
  const smooth = median.map((_, i) => {
    const part = median.slice(Math.max(0, i - half), i + half + 1);
    return part.reduce((s, v) => s + v, 0) / part.length;
  });
  // For a vertical crop the face sits a little above the middle (room for the chin and shoulders).
  const bias = axis === "y" ? span * 0.1 : 0;
  const edge = (c: number) => Math.round(Math.max(0, Math.min(maxEdge, c + bias - span / 2)));
  const points = smooth.map((c, i) => ({ t_ms: samples[i]!.t_ms, at: edge(c) }));
  // A speaker who stays within a small band gets a still crop on the band's middle.
  const lo = Math.min(...smooth),
    hi = Math.max(...smooth);
  if (hi - lo < span * 0.12) return { cw, ch, axis, keys: [{ t_ms: 0, at: edge((lo + hi) / 2) }] };
  return { cw, ch, axis, keys: simplify(points, Math.max(2, full * 0.01)) };
}

/** Where the crop's edge is at `t_ms` (straight lines between keyframes, held before the first and after the last). */
export function edgeAt(path: CropPath, t_ms: number): number {
  const k = path.keys;
  if (t_ms <= k[0]!.t_ms) return k[0]!.at;
  for (let i = 1; i < k.length; i++) {
    const a = k[i - 1]!,
      b = k[i]!;
    if (t_ms <= b.t_ms) return a.at + ((b.at - a.at) * (t_ms - a.t_ms)) / (b.t_ms - a.t_ms);
  }
  return k[k.length - 1]!.at;
}

/** The edge as an ffmpeg expression of `t` (seconds of the clip). */
export function edgeExpr(path: CropPath): string {
  const k = path.keys;
  const s = (ms: number) => (ms / 1000).toFixed(3);
  let expr = String(k[k.length - 1]!.at);
  for (let i = k.length - 1; i >= 1; i--) {
    const a = k[i - 1]!,
      b = k[i]!;
    const line = `${a.at}+(${b.at - a.at})*(t-${s(a.t_ms)})/${s(b.t_ms - a.t_ms)}`;
    expr = `if(lt(t,${s(b.t_ms)}),${line},${expr})`;
  }
  return k.length > 1 ? `if(lt(t,${s(k[0]!.t_ms)}),${k[0]!.at},${expr})` : expr;
}

/** The ffmpeg filter chain that crops a clip along its path (commas escaped for a filter graph). */
export function cropFilter(path: CropPath): string {
  const e = edgeExpr(path).replace(/,/g, "\\,");
  const [x, y] = path.axis === "x" ? [e, "0"] : ["0", e];
  return `crop=w=${path.cw}:h=${path.ch}:x=${x}:y=${y}`;
}

/**
 * How often the speaker's face is wholly inside the crop: the share of sampled frames with a face whose box (the
 * focused face's) lies within the window at that moment. 1 when no face was found (nothing to keep in frame).
 */
export function faceInFrameRate(track: FaceTrack, path: CropPath | null, sw: number, sh: number): number {
  const withFace = track.samples.filter((s) => s.faces.length);
  if (!withFace.length || !path) return 1;
  const sx = sw / track.width,
    sy = sh / track.height;
  const inside = withFace.filter((s) => {
    const big = s.faces.reduce((a, b) => (b.w * b.h > a.w * a.h ? b : a));
    const at = edgeAt(path, s.t_ms);
    const [lo, hi] = path.axis === "x" ? [big.x * sx, (big.x + big.w) * sx] : [big.y * sy, (big.y + big.h) * sy];
    const span = path.axis === "x" ? path.cw : path.ch;
    return lo >= at - 1 && hi <= at + span + 1;
  });
  return inside.length / withFace.length;
}
