import { loadConfig } from "./src/config";
import { resolveMediaTools } from "./src/media/ffmpeg";
import { probeMedia } from "./src/media/probe";
import { transcode } from "./src/media/transcode";
import { renderReelFiles } from "./src/media/reel/pipeline";
import { ensureMediaFixtures } from "./test/fixtures/media/make-fixtures";
import { MUSIC_TRACKS } from "./src/media/reel/music";
import { rmSync, existsSync, renameSync } from "node:fs";

const ff = process.argv[2];
const config = loadConfig({ PLAUDIT_DATA_DIR: "/tmp/reeltry/data", ...(ff ? { PLAUDIT_FFMPEG_PATH: ff } : {}) });
const tools = resolveMediaTools(config);
const f = ensureMediaFixtures();
const srcs: string[] = [];
for (const [i, input] of [f.mp4, f.webm].entries()) {
  const out = `/tmp/reeltry/src${i}.mp4`;
  if (!existsSync(out)) { const info = await probeMedia(tools, input); const r = await transcode(tools, input, info, { outDir: "/tmp/reeltry" }); renameSync(r.path, out); }
  srcs.push(out);
}
const words = f.speechWords;
const work = "/tmp/reeltry/work" + (ff ? "-old" : "");
rmSync(work, { recursive: true, force: true });
const t0 = performance.now();
const res = await renderReelFiles(tools, {
  workDir: work, aspects: ["9:16", "1:1", "16:9"], captionStyle: "bold", brandColor: "#4f46e5", logoPath: "/work/main/assets/default-logo.png",
  intro: { text: "What our customers say" }, outro: { text: "Try Plaudit today" }, musicPath: MUSIC_TRACKS[0]!.path,
  clips: [
    { sourcePath: srcs[0]!, sourceDurationMs: f.videoDurationMs, startMs: words[0]!.start_ms, endMs: words[5]!.end_ms, words },
    { sourcePath: srcs[1]!, sourceDurationMs: f.videoDurationMs, startMs: words[14]!.start_ms, endMs: words[words.length-1]!.end_ms, words },
  ],
  preset: "ultrafast",
}, { stage: (s, d, t) => console.log(s, d, t, Math.round(performance.now()-t0)), checkpoint: () => "continue", timeLeftMs: () => 600000 });
console.log(JSON.stringify(res, null, 1));
