/**
 * Where the speaker's face is around a video's poster frame, so a card that must crop the poster a little crops
 * around the face rather than the middle. A few frames from the poster's moment (`posterTime`) are scaled to 384
 * pixels on the long side and made grey by ffmpeg, then searched with the face detector reels use (reel/haar.ts,
 * OpenCV's frontal-face cascade from Debian's `opencv-data`). The focus is the centre of the largest face, as
 * fractions of the picture, the median over the frames where one was found. Null without a detector (the card
 * crops around the centre) or when no face is seen.
 */
import { readFile, rm } from "node:fs/promises";
import { hardenedInput, runFfmpeg, type MediaTools } from "./ffmpeg";
import { posterTime } from "./poster";
import { findFaceCascade } from "./reel/faces";
import { detectFaces, loadCascade, type Cascade } from "./reel/haar";
import { tempOutput } from "./temp";

/** A point of a picture as fractions of its width and height (0 = left or top). */
export interface Focus {
  x: number;
  y: number;
}

const LONG_SIDE = 384;
/** Frames looked at: half a second apart from the poster's moment on. */
const FRAMES = 4;

// The cascade is a ~1 MB XML file: parsed once per process.
const cascades = new Map<string, Cascade>();

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** The face's centre near the poster frame of `file` (a `width`×`height` video lasting `durationMs`), or null. */
export async function posterFocus(
  tools: MediaTools,
  file: string,
  size: { width: number; height: number; durationMs: number },
  o: { tmpDir: string; timeoutMs?: number; signal?: AbortSignal },
): Promise<Focus | null> {
  const path = findFaceCascade();
  if (!path || size.width <= 0 || size.height <= 0) return null;
  let cascade = cascades.get(path);
  if (!cascade) cascades.set(path, (cascade = loadCascade(path)));
  const landscape = size.width >= size.height;
  const w = landscape ? LONG_SIDE : Math.round((LONG_SIDE * size.width) / size.height / 2) * 2;
  const h = landscape ? Math.round((LONG_SIDE * size.height) / size.width / 2) * 2 : LONG_SIDE;
  const at = posterTime(size.durationMs);
  const raw = tempOutput("focus", ".gray", o.tmpDir);
  try {
    await runFfmpeg(
      tools,
      [
        "-v",
        "error",
        ...hardenedInput(file, at > 0 ? ["-ss", at.toFixed(3)] : []),
        "-map",
        "0:v:0",
        "-vf",
        `fps=2,scale=${w}:${h}:flags=area,format=gray`,
        "-frames:v",
        String(FRAMES),
        "-f",
        "rawvideo",
        "-y",
        raw,
      ],
      { timeoutMs: o.timeoutMs ?? 60_000, signal: o.signal },
    );
    const bytes = new Uint8Array(await readFile(raw));
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i < Math.floor(bytes.length / (w * h)); i++) {
      const faces = detectFaces(cascade, bytes.subarray(i * w * h, (i + 1) * w * h), w, h, {
        minSize: Math.round(Math.min(w, h) * 0.12),
      });
      if (!faces.length) continue;
      const big = faces.reduce((a, b) => (b.w * b.h > a.w * a.h ? b : a));
      xs.push((big.x + big.w / 2) / w);
      ys.push((big.y + big.h / 2) / h);
    }
    if (!xs.length) return null;
    const round = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 1000) / 1000;
    return { x: round(median(xs)), y: round(median(ys)) };
  } finally {
    await rm(raw, { force: true });
  }
}
