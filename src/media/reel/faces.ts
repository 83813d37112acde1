/**
 * Finding the speaker's face in a cut clip: frames sampled twice a second (at most 40 a clip), scaled to 384
 * pixels on the long side and made grey by ffmpeg, each searched by haar.ts with OpenCV's frontal-face cascade.
 * The cascade is a data file of Debian's `opencv-data` package; without it there is no detector, and reels are
 * framed in the centre (`plaudit doctor` says so).
 */
import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { hardenedInput, runFfmpeg, type MediaTools } from "../ffmpeg";
import { tempOutput } from "../temp";
import type { FaceTrack } from "./framing";
import { detectFaces, loadCascade } from "./haar";

/** Where Debian (and OpenCV's own install) put the frontal-face cascade. */
export const CASCADE_PATHS = [
  "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml",
  "/usr/share/opencv/haarcascades/haarcascade_frontalface_default.xml",
  "/usr/local/share/opencv4/haarcascades/haarcascade_frontalface_default.xml",
];

/** The installed face cascade, or null (install Debian's `opencv-data`). */
export function findFaceCascade(): string | null {
  return CASCADE_PATHS.find((p) => existsSync(p)) ?? null;
}

/** How to install the face detector's model, for messages. */
export const INSTALL_FACE_MODEL = "apt-get install opencv-data";

const LONG_SIDE = 384;
const MAX_SAMPLES = 40;

/** Faces over time in a clip of `durationMs` whose picture is `width`×`height`; null without a detector. */
export async function faceTrack(
  tools: MediaTools,
  file: string,
  size: { width: number; height: number; durationMs: number },
  o: { timeoutMs: number; signal?: AbortSignal; tmpDir: string },
): Promise<FaceTrack | null> {
  const cascadePath = findFaceCascade();
  if (!cascadePath) return null;
  const cascade = loadCascade(cascadePath);
  const landscape = size.width >= size.height;
  const w = landscape ? LONG_SIDE : Math.round((LONG_SIDE * size.width) / size.height / 2) * 2;
  const h = landscape ? Math.round((LONG_SIDE * size.height) / size.width / 2) * 2 : LONG_SIDE;
  const everyMs = Math.max(500, size.durationMs / MAX_SAMPLES);
  const raw = tempOutput("faces", ".gray", o.tmpDir);
  try {
    await runFfmpeg(
      tools,
      [
        "-v",
        "error",
        ...hardenedInput(file),
        "-map",
        "0:v:0",
        "-vf",
        // Frame i is the one nearest i × everyMs.
        `fps=${(1000 / everyMs).toFixed(4)},scale=${w}:${h}:flags=area,format=gray`,
        "-f",
        "rawvideo",
        "-y",
        raw,
      ],
      { timeoutMs: o.timeoutMs, signal: o.signal },
    );
    const bytes = new Uint8Array(await readFile(raw));
    const frames = Math.floor(bytes.length / (w * h));
    const samples: FaceTrack["samples"] = [];
    for (let i = 0; i < frames; i++) {
      if (o.signal?.aborted) break;
      const gray = bytes.subarray(i * w * h, (i + 1) * w * h);
      const faces = detectFaces(cascade, gray, w, h, { minSize: Math.round(Math.min(w, h) * 0.12) });
      samples.push({
        t_ms: Math.round(i * everyMs),
        faces: faces.map(({ x, y, w: fw, h: fh }) => ({ x, y, w: fw, h: fh })),
      });
    }
    return { width: w, height: h, samples };
  } finally {
    await rm(raw, { force: true });
  }
}
