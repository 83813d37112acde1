/**
 * Face framing parts: the Haar detector against OpenCV's own answer on the same picture (OpenCV 4.6's
 * `detectMultiScale(gray, 1.1, 3)` gives [109, 40, 62, 62] for the portrait fixture made grey by ffmpeg), no face in
 * a picture without one, and the crop path: the right window per shape, centred without faces, still for a
 * speaker who sits still, following one who moves (the face inside the window at every sampled moment, which a
 * centre crop misses), and the ffmpeg expression saying the same as the path.
 */
import { describe, expect, test } from "bun:test";
import { findFaceCascade } from "../../src/media/reel/faces";
import {
  cropPath,
  cropWindow,
  edgeAt,
  edgeExpr,
  faceInFrameRate,
  type CropPath,
  type FaceTrack,
} from "../../src/media/reel/framing";
import { detectFaces, loadCascade } from "../../src/media/reel/haar";
import { FACE_PORTRAIT } from "../fixtures/media/speaker-video";

function gray(file: string, w: number, h: number, filter = "format=gray"): Uint8Array {
  const r = Bun.spawnSync([
    "ffmpeg",
    "-v",
    "error",
    "-i",
    file,
    "-vf",
    `scale=${w}:${h},${filter}`,
    "-f",
    "rawvideo",
    "-",
  ]);
  if (r.exitCode !== 0) throw new Error(r.stderr.toString());
  return new Uint8Array(r.stdout);
}

describe("the Haar face detector", () => {
  const cascadePath = findFaceCascade();
  test("finds the portrait's face exactly where OpenCV does, and no face in a wall", () => {
    if (!cascadePath) throw new Error("The face cascade is missing: apt-get install opencv-data (install.sh does).");
    const c = loadCascade(cascadePath);
    expect(c.width).toBe(24);
    const faces = detectFaces(c, gray(FACE_PORTRAIT, 320, 320), 320, 320);
    expect(faces.map(({ x, y, w, h }) => [x, y, w, h])).toEqual([[109, 40, 62, 62]]);
    const wall = gray(FACE_PORTRAIT, 320, 320, "format=gray,boxblur=40:5");
    expect(detectFaces(c, wall, 320, 320)).toEqual([]);
  }, 60_000);
});

/** Evaluates an ffmpeg expression of `t` made of if/lt and arithmetic. */
function evalExpr(expr: string, t: number): number {
  const js = expr.replace(/\bif\(/g, "IF(").replace(/\blt\(/g, "LT(");
  return new Function("t", "IF", "LT", `return ${js};`)(
    t,
    (c: number, a: number, b: number) => (c ? a : b),
    (a: number, b: number) => (a < b ? 1 : 0),
  );
}

const face = (x: number, y = 60, side = 40) => ({ x, y, w: side, h: side });
/** A 384×216 track of a face moving from `from` to `to` (left edge) over `ms`, sampled every 500 ms. */
function movingTrack(from: number, to: number, ms: number, gaps: number[] = []): FaceTrack {
  const n = Math.floor(ms / 500) + 1;
  return {
    width: 384,
    height: 216,
    samples: Array.from({ length: n }, (_, i) => ({
      t_ms: i * 500,
      faces: gaps.includes(i) ? [] : [face(from + ((to - from) * i) / (n - 1))],
    })),
  };
}

describe("the crop path", () => {
  test("the window has the frame's shape inside the recording; same shapes need none", () => {
    expect(cropWindow(1280, 720, "9:16")).toEqual({ cw: 404, ch: 720, axis: "x" });
    expect(cropWindow(1280, 720, "1:1")).toEqual({ cw: 720, ch: 720, axis: "x" });
    expect(cropWindow(720, 1280, "1:1")).toEqual({ cw: 720, ch: 720, axis: "y" });
    expect(cropWindow(1920, 1080, "16:9")).toBeNull();
    expect(cropWindow(1080, 1920, "9:16")).toBeNull();
  });

  test("without a face the crop stays in the centre; a still speaker gets a still crop on their face", () => {
    expect(cropPath(null, 1280, 720, "9:16")!.keys).toEqual([{ t_ms: 0, at: 438 }]);
    expect(cropPath({ width: 384, height: 216, samples: [{ t_ms: 0, faces: [] }] }, 1280, 720, "9:16")!.keys).toEqual([
      { t_ms: 0, at: 438 },
    ]);
    const still = movingTrack(60, 62, 6000, [3]);
    const p = cropPath(still, 1280, 720, "9:16")!;
    expect(p.keys).toHaveLength(1);
    // Face centre ≈ (61 + 20) × 1280/384 = 270 px; the window (404 wide) is centred on it.
    expect(Math.abs(p.keys[0]!.at + 202 - 270)).toBeLessThanOrEqual(4);
    expect(faceInFrameRate(still, p, 1280, 720)).toBe(1);
  });

  test("a moving speaker is followed smoothly and stays in frame; a centre crop loses them", () => {
    const track = movingTrack(20, 320, 9000, [4, 5]);
    const p = cropPath(track, 1280, 720, "9:16")!;
    expect(p.keys.length).toBeGreaterThan(1);
    expect(p.keys.length).toBeLessThan(track.samples.length);
    expect(faceInFrameRate(track, p, 1280, 720)).toBe(1);
    const centre: CropPath = { ...p, keys: [{ t_ms: 0, at: 438 }] };
    expect(faceInFrameRate(track, centre, 1280, 720)).toBeLessThan(0.5);
    // Never outside the picture, and no jumps: at most 60 px (of 1280) between frames 1/30 s apart.
    let before = edgeAt(p, 0);
    for (let t = 0; t <= 9000; t += 1000 / 30) {
      const at = edgeAt(p, t);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(at).toBeLessThanOrEqual(1280 - p.cw);
      expect(Math.abs(at - before)).toBeLessThanOrEqual(60);
      before = at;
    }
  });

  test("the ffmpeg expression gives the path's edge at every moment", () => {
    const p = cropPath(movingTrack(20, 320, 9000), 1280, 720, "9:16")!;
    const expr = edgeExpr(p);
    for (let t = 0; t <= 9.5; t += 0.25) expect(Math.abs(evalExpr(expr, t) - edgeAt(p, t * 1000))).toBeLessThan(0.01);
  });
});
