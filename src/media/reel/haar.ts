/**
 * A Viola–Jones face detector that runs OpenCV's own trained Haar cascades (the XML files of Debian's
 * `opencv-data`, e.g. `haarcascade_frontalface_default.xml`) on a grey picture, the way OpenCV's
 * `CascadeClassifier::detectMultiScale` does: the picture is scaled down step by step, a window of the cascade's
 * size slides over each scale, every window is normalised by its standard deviation and must pass every boosted
 * stage, and the windows found are grouped (at least `minNeighbors` overlapping hits make a face).
 * Only the upright ("BASIC"/"CORE") Haar features are supported; a cascade with tilted features is refused.
 */
import { readFileSync } from "node:fs";

/** A rectangle in pixels. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A found face: its box and how many raw windows agreed on it. */
export interface Detection extends Box {
  neighbors: number;
}

interface Feature {
  rects: { x: number; y: number; w: number; h: number; weight: number }[];
}

/** One weak classifier: a small tree of (feature, threshold) nodes; leaves are indexes ≤ 0 into `leaves`. */
interface Weak {
  nodes: { left: number; right: number; feature: number; threshold: number }[];
  leaves: number[];
}

/** A parsed cascade. */
export interface Cascade {
  width: number;
  height: number;
  stages: { threshold: number; weak: Weak[] }[];
  features: Feature[];
}

const numbers = (s: string) => s.trim().split(/\s+/).map(Number);
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

/** Parses an OpenCV cascade (the `opencv-cascade-classifier` format of OpenCV 2.4 and later). */
export function parseCascade(xml: string): Cascade {
  if (
    !/<cascade\b/.test(xml) ||
    tag(xml, "featureType")?.trim() !== "HAAR" ||
    tag(xml, "stageType")?.trim() !== "BOOST"
  )
    throw new Error("Not a boosted Haar cascade in OpenCV's format.");
  const width = Number(tag(xml, "width"));
  const height = Number(tag(xml, "height"));
  const stagesXml = xml.slice(xml.indexOf("<stages>"), xml.indexOf("</stages>"));
  const stages: Cascade["stages"] = [];
  // Each stage: its threshold, then its weak classifiers.
  const stageRe = /<stageThreshold>([^<]+)<\/stageThreshold>\s*<weakClassifiers>([\s\S]*?)<\/weakClassifiers>/g;
  for (const m of stagesXml.matchAll(stageRe)) {
    const weak: Weak[] = [];
    for (const w of m[2]!.matchAll(/<internalNodes>([^<]+)<\/internalNodes>\s*<leafValues>([^<]+)<\/leafValues>/g)) {
      const n = numbers(w[1]!);
      const nodes = [];
      for (let i = 0; i + 3 < n.length; i += 4)
        nodes.push({ left: n[i]!, right: n[i + 1]!, feature: n[i + 2]!, threshold: n[i + 3]! });
      weak.push({ nodes, leaves: numbers(w[2]!) });
    }
    stages.push({ threshold: Number(m[1]), weak });
  }
  const featuresXml = xml.slice(xml.indexOf("<features>"), xml.indexOf("</features>"));
  const features: Feature[] = [];
  for (const f of featuresXml.matchAll(/<rects>([\s\S]*?)<\/rects>(\s*<tilted>\s*(\d)\s*<\/tilted>)?/g)) {
    if (f[3] === "1") throw new Error("Cascades with tilted Haar features are not supported.");
    const rects = [...f[1]!.matchAll(/<_>([^<]+)<\/_>/g)].map((r) => {
      const [x, y, w, h, weight] = numbers(r[1]!);
      return { x: x!, y: y!, w: w!, h: h!, weight: weight! };
    });
    features.push({ rects });
  }
  if (!width || !height || !stages.length || !features.length) throw new Error("The cascade file is incomplete.");
  return { width, height, stages, features };
}

const cache = new Map<string, Cascade>();

/** Reads and parses a cascade file once per process. */
export function loadCascade(path: string): Cascade {
  let c = cache.get(path);
  if (!c) {
    c = parseCascade(readFileSync(path, "utf8"));
    cache.set(path, c);
  }
  return c;
}

/** Bilinear resize of a grey picture (the scaling OpenCV's detector uses between scales). */
export function resizeGray(src: Uint8Array, w: number, h: number, dw: number, dh: number): Uint8Array {
  const out = new Uint8Array(dw * dh);
  const fx = w / dw,
    fy = h / dh;
  for (let y = 0; y < dh; y++) {
    const sy = Math.min(h - 1, Math.max(0, (y + 0.5) * fy - 0.5));
    const y0 = Math.floor(sy),
      y1 = Math.min(h - 1, y0 + 1),
      ay = sy - y0;
    for (let x = 0; x < dw; x++) {
      const sx = Math.min(w - 1, Math.max(0, (x + 0.5) * fx - 0.5));
      const x0 = Math.floor(sx),
        x1 = Math.min(w - 1, x0 + 1),
        ax = sx - x0;
      const top = src[y0 * w + x0]! * (1 - ax) + src[y0 * w + x1]! * ax;
      const bottom = src[y1 * w + x0]! * (1 - ax) + src[y1 * w + x1]! * ax;
      out[y * dw + x] = Math.round(top * (1 - ay) + bottom * ay);
    }
  }
  return out;
}

/** Options of a detection run (OpenCV's usual values by default). */
export interface DetectOptions {
  scaleFactor: number;
  minNeighbors: number;
  /** Smallest face side in pixels of the given picture. */
  minSize: number;
}

const DEFAULTS: DetectOptions = { scaleFactor: 1.1, minNeighbors: 3, minSize: 0 };

/** Raw hits of the cascade over every scale (before grouping). */
export function scanWindows(c: Cascade, gray: Uint8Array, W: number, H: number, o: DetectOptions): Box[] {
  const hits: Box[] = [];
  const nFeatures = c.features.length;
  for (let factor = 1; ; factor *= o.scaleFactor) {
    const sw = Math.round(W / factor),
      sh = Math.round(H / factor);
    if (sw < c.width + 2 || sh < c.height + 2) break;
    if (c.width * factor < o.minSize) continue;
    const img = factor === 1 ? gray : resizeGray(gray, W, H, sw, sh);
    const stride = sw + 1;
    const sum = new Float64Array(stride * (sh + 1));
    const sq = new Float64Array(stride * (sh + 1));
    for (let y = 0; y < sh; y++) {
      let rowSum = 0,
        rowSq = 0;
      for (let x = 0; x < sw; x++) {
        const v = img[y * sw + x]!;
        rowSum += v;
        rowSq += v * v;
        sum[(y + 1) * stride + x + 1] = sum[y * stride + x + 1]! + rowSum;
        sq[(y + 1) * stride + x + 1] = sq[y * stride + x + 1]! + rowSq;
      }
    }
    // Corner offsets of every feature rectangle at this stride.
    const offs: Int32Array[] = [];
    const weights: Float64Array[] = [];
    for (let f = 0; f < nFeatures; f++) {
      const rs = c.features[f]!.rects;
      const o4 = new Int32Array(rs.length * 4);
      const wt = new Float64Array(rs.length);
      rs.forEach((r, k) => {
        o4[k * 4] = r.y * stride + r.x;
        o4[k * 4 + 1] = r.y * stride + r.x + r.w;
        o4[k * 4 + 2] = (r.y + r.h) * stride + r.x;
        o4[k * 4 + 3] = (r.y + r.h) * stride + r.x + r.w;
        wt[k] = r.weight;
      });
      offs.push(o4);
      weights.push(wt);
    }
    // The normalisation window: the detection window less one pixel on each side.
    const n0 = 1 * stride + 1,
      n1 = 1 * stride + (c.width - 1),
      n2 = (c.height - 1) * stride + 1,
      n3 = (c.height - 1) * stride + (c.width - 1);
    const area = (c.width - 2) * (c.height - 2);
    const step = factor > 2 ? 1 : 2;
    for (let y = 0; y + c.height < sh; y += step) {
      for (let x = 0; x + c.width < sw; x += step) {
        const p = y * stride + x;
        const s = sum[p + n0]! - sum[p + n1]! - sum[p + n2]! + sum[p + n3]!;
        const s2 = sq[p + n0]! - sq[p + n1]! - sq[p + n2]! + sq[p + n3]!;
        let nf = area * s2 - s * s;
        nf = nf > 0 ? Math.sqrt(nf) : 1;
        let passed = true;
        for (const stage of c.stages) {
          let acc = 0;
          for (const weak of stage.weak) {
            let idx = 0;
            for (;;) {
              const node = weak.nodes[idx]!;
              const o4 = offs[node.feature]!,
                wt = weights[node.feature]!;
              let v = 0;
              for (let k = 0; k < wt.length; k++)
                v +=
                  wt[k]! *
                  (sum[p + o4[k * 4]!]! -
                    sum[p + o4[k * 4 + 1]!]! -
                    sum[p + o4[k * 4 + 2]!]! +
                    sum[p + o4[k * 4 + 3]!]!);
              idx = v / nf < node.threshold ? node.left : node.right;
              if (idx <= 0) {
                acc += weak.leaves[-idx]!;
                break;
              }
            }
          }
          if (acc < stage.threshold) {
            passed = false;
            break;
          }
        }
        if (passed)
          hits.push({
            x: Math.round(x * factor),
            y: Math.round(y * factor),
            w: Math.round(c.width * factor),
            h: Math.round(c.height * factor),
          });
      }
    }
  }
  return hits;
}

/** OpenCV's `groupRectangles`: clusters of similar boxes, averaged; clusters of `minNeighbors` or fewer dropped. */
export function groupBoxes(boxes: Box[], minNeighbors: number, eps = 0.2): Detection[] {
  const label = boxes.map((_, i) => i);
  const find = (i: number): number => (label[i] === i ? i : (label[i] = find(label[i]!)));
  const similar = (a: Box, b: Box) => {
    const delta = eps * (Math.min(a.w, b.w) + Math.min(a.h, b.h)) * 0.5;
    return (
      Math.abs(a.x - b.x) <= delta &&
      Math.abs(a.y - b.y) <= delta &&
      Math.abs(a.x + a.w - b.x - b.w) <= delta &&
      Math.abs(a.y + a.h - b.y - b.h) <= delta
    );
  };
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) if (similar(boxes[i]!, boxes[j]!)) label[find(i)] = find(j);
  const groups = new Map<number, { x: number; y: number; w: number; h: number; n: number }>();
  boxes.forEach((b, i) => {
    const g = groups.get(find(i)) ?? { x: 0, y: 0, w: 0, h: 0, n: 0 };
    g.x += b.x;
    g.y += b.y;
    g.w += b.w;
    g.h += b.h;
    g.n++;
    groups.set(find(i), g);
  });
  const avg = [...groups.values()]
    .filter((g) => g.n > minNeighbors)
    .map((g) => ({
      x: Math.round(g.x / g.n),
      y: Math.round(g.y / g.n),
      w: Math.round(g.w / g.n),
      h: Math.round(g.h / g.n),
      neighbors: g.n,
    }));
  // A smaller box inside a stronger bigger one is part of the same face.
  return avg.filter(
    (r1, i) =>
      !avg.some((r2, j) => {
        if (i === j) return false;
        const dx = Math.round(r2.w * eps),
          dy = Math.round(r2.h * eps);
        return (
          r1.x >= r2.x - dx &&
          r1.y >= r2.y - dy &&
          r1.x + r1.w <= r2.x + r2.w + dx &&
          r1.y + r1.h <= r2.y + r2.h + dy &&
          (r2.neighbors > Math.max(3, r1.neighbors) || r1.neighbors < 3)
        );
      }),
  );
}

/** Faces in a grey picture (`W`×`H`, one byte a pixel), strongest first. */
export function detectFaces(
  c: Cascade,
  gray: Uint8Array,
  W: number,
  H: number,
  options: Partial<DetectOptions> = {},
): Detection[] {
  const o = { ...DEFAULTS, ...options };
  return groupBoxes(scanWindows(c, gray, W, H, o), o.minNeighbors).sort((a, b) => b.neighbors - a.neighbors);
}
