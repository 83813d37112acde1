/**
 * A whole reel render, step by step, in a work folder that survives restarts: each step writes its file under a
 * temporary name and renames it, so a file that exists is complete and a resumed render skips it. Between steps
 * the caller is asked whether to go on, step aside (other work goes first; the render resumes later), or give
 * up. Each tool run is limited to the time the render has left.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "../../config";
import { MediaError } from "../errors";
import { resolveMediaTools, type MediaTools } from "../ffmpeg";
import { cardMs, makeCard } from "./cards";
import { cutClip } from "./cut";
import { encodeSize, ENCODE_DEFAULTS, type PicturePart } from "./encode";
import { faceTrack } from "./faces";
import { cropPath } from "./framing";
import { lowerThirdAss, lowerThirdCues } from "./lower-third";
import { makePoster } from "./poster-frame";
import { reelAss, reelVtt } from "./captions";
import { mixSound, type SoundPart } from "./sound";
import {
  aspectSlug,
  CARD_MS,
  FRAME,
  type CutClip,
  type ReelPlan,
  type ReelRenderer,
  type RenderHooks,
  type RenderOutcome,
  type Aspect,
  type Segment,
} from "./types";

/** The message of a render stopped by its time allowance. */
export const OUT_OF_TIME = "The render took longer than 30 minutes and was stopped.";

async function writeAtomic(path: string, text: string) {
  await writeFile(`${path}.part`, text);
  await rename(`${path}.part`, path);
}

async function readCut(dir: string, i: number): Promise<CutClip | null> {
  const file = join(dir, `clip-${i}.mkv`);
  try {
    const facts = JSON.parse(await readFile(join(dir, `clip-${i}.json`), "utf8")) as CutClip;
    return existsSync(file) ? facts : null;
  } catch {
    return null;
  }
}

/** Where each part sits in the reel. */
export function layoutSegments(plan: Pick<ReelPlan, "intro" | "outro">, cuts: CutClip[]): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  const add = (s: Omit<Segment, "start_ms">) => {
    out.push({ ...s, start_ms: Math.round(at) });
    at += s.duration_ms;
  };
  if (plan.intro) add({ kind: "intro", duration_ms: cardMs(CARD_MS.intro) });
  for (const c of cuts)
    add({
      kind: "clip",
      duration_ms: c.durationMs,
      clip_index: c.index,
      pad_before_ms: c.padBeforeMs,
      pad_after_ms: c.padAfterMs,
    });
  if (plan.outro) add({ kind: "outro", duration_ms: cardMs(CARD_MS.outro) });
  return out;
}

/** Sizes whose clips follow the speaker's face (the others show the whole picture). */
const FACE_FRAMED: Aspect[] = ["9:16", "1:1"];

/** Whether a plan needs the faces of its clips. */
const wantsFaces = (plan: ReelPlan) =>
  (plan.framing ?? "face") === "face" && plan.aspects.some((a) => FACE_FRAMED.includes(a));

/** Runs (or resumes) a render with real ffmpeg. */
export async function renderReelFiles(tools: MediaTools, plan: ReelPlan, hooks: RenderHooks): Promise<RenderOutcome> {
  const dir = plan.workDir;
  await mkdir(dir, { recursive: true });
  const limit = () => {
    const ms = hooks.timeLeftMs();
    if (ms <= 0) throw new MediaError("timeout", OUT_OF_TIME);
    return ms;
  };
  const run = (onProgress?: (f: number) => void) => ({
    timeoutMs: limit(),
    signal: hooks.signal,
    onProgress,
    tmpDir: dir,
  });
  const progress = (f: number) => hooks.progress?.(f);
  const pause = async (): Promise<RenderOutcome | null> => {
    const answer = await hooks.checkpoint();
    return answer === "yield" ? { kind: "yielded" } : answer === "cancel" ? { kind: "cancelled" } : null;
  };

  const cuts: CutClip[] = [];
  for (const [i, clip] of plan.clips.entries()) {
    hooks.stage("cutting", i, plan.clips.length);
    let cut = await readCut(dir, i);
    if (!cut) {
      const r = await cutClip(tools, clip, join(dir, `clip-${i}.mkv`), run(progress));
      cut = {
        index: i,
        file: r.file,
        frames: r.frames,
        durationMs: r.durationMs,
        padBeforeMs: r.padBeforeMs,
        padAfterMs: r.padAfterMs,
        gainDb: r.gainDb,
        width: r.width,
        height: r.height,
      };
      await writeAtomic(join(dir, `clip-${i}.json`), JSON.stringify(cut));
    }
    if (wantsFaces(plan) && cut.faces === undefined) {
      cut.faces = await faceTrack(
        tools,
        cut.file,
        { width: cut.width, height: cut.height, durationMs: cut.durationMs },
        run(),
      );
      await writeAtomic(join(dir, `clip-${i}.json`), JSON.stringify(cut));
    }
    cuts.push(cut);
    const stop = await pause();
    if (stop) return stop;
  }

  const cards = plan.aspects.flatMap((aspect) => [
    ...(plan.intro ? [{ aspect, kind: "intro" as const, text: plan.intro.text }] : []),
    ...(plan.outro ? [{ aspect, kind: "outro" as const, text: plan.outro.text }] : []),
  ]);
  const cardFile = (kind: string, aspect: string) => join(dir, `${kind}-${aspect.replace(":", "x")}.mkv`);
  for (const [k, c] of cards.entries()) {
    hooks.stage("cards", k, cards.length);
    const file = cardFile(c.kind, c.aspect);
    if (!existsSync(file))
      await makeCard(
        tools,
        {
          aspect: c.aspect,
          text: c.text,
          brandColor: plan.brandColor,
          logoPath: plan.logoPath,
          durationMs: CARD_MS[c.kind],
        },
        file,
        run(),
      );
  }
  if (cards.length) {
    const stop = await pause();
    if (stop) return stop;
  }

  const segments = layoutSegments(plan, cuts);
  const totalMs = segments.reduce((s, x) => s + x.duration_ms, 0);
  hooks.stage("music", 0, 1);
  const sound = join(dir, "sound.m4a");
  if (!existsSync(sound)) {
    const parts: SoundPart[] = segments.map((s) =>
      s.kind === "clip" ? { kind: "clip", file: cuts[s.clip_index!]!.file } : { kind: "silence", ms: s.duration_ms },
    );
    await mixSound(tools, parts, plan.musicPath, totalMs, sound, run(progress));
  }

  hooks.stage("captions", 0, 1);
  const captionsFile = join(dir, "captions.vtt");
  await writeAtomic(captionsFile, reelVtt(plan.clips, segments));
  const thirds = lowerThirdCues(plan.clips, segments);
  const thirdsFile = (a: Aspect) => join(dir, `lower-third-${aspectSlug(a)}.ass`);
  for (const a of plan.aspects) {
    await writeAtomic(join(dir, `captions-${aspectSlug(a)}.ass`), reelAss(plan.clips, segments, a, plan.captionStyle));
    const ass = lowerThirdAss(thirds, a, plan.brandColor);
    if (ass) await writeAtomic(thirdsFile(a), ass);
  }
  const stop = await pause();
  if (stop) return stop;

  const settings = { ...ENCODE_DEFAULTS, preset: plan.preset ?? ENCODE_DEFAULTS.preset };
  const variants = [];
  for (const [k, aspect] of plan.aspects.entries()) {
    hooks.stage("rendering", k, plan.aspects.length);
    const out = join(dir, `reel-${aspectSlug(aspect)}.mp4`);
    if (!existsSync(out)) {
      const faced = wantsFaces(plan) && FACE_FRAMED.includes(aspect);
      const parts: PicturePart[] = segments.map((s) => {
        if (s.kind !== "clip") return { kind: "card", file: cardFile(s.kind, aspect) };
        const c = cuts[s.clip_index!]!;
        const crop = faced ? cropPath(c.faces ?? null, c.width, c.height, aspect) : null;
        return { kind: "clip", file: c.file, width: c.width, height: c.height, crop };
      });
      await encodeSize(
        tools,
        parts,
        aspect,
        join(dir, `captions-${aspectSlug(aspect)}.ass`),
        sound,
        out,
        totalMs,
        settings,
        run(progress),
        thirds.length ? [thirdsFile(aspect)] : [],
      );
    }
    variants.push({ aspect, file: out, width: FRAME[aspect].w, height: FRAME[aspect].h });
    if (k < plan.aspects.length - 1) {
      const stop = await pause();
      if (stop) return stop;
    }
  }

  const posters = [];
  for (const v of variants) {
    const file = join(dir, `poster-${aspectSlug(v.aspect)}.jpg`);
    if (!existsSync(file)) await makePoster(tools, v.file, segments, file, run());
    posters.push({ aspect: v.aspect, file });
  }
  return {
    kind: "done",
    reel: {
      variants,
      posterFile: posters[0]!.file,
      posters,
      captionsFile,
      durationMs: Math.round(totalMs),
      segments,
    },
  };
}

/** The real renderer: ffmpeg and ffprobe found from the configuration on first use. */
export function createReelRenderer(config: Config, opts: { preset?: string } = {}): ReelRenderer {
  let tools: MediaTools | null = null;
  return {
    render(plan, hooks) {
      tools ??= resolveMediaTools(config);
      return renderReelFiles(tools, { ...plan, preset: plan.preset ?? opts.preset }, hooks);
    },
  };
}
