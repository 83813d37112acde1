import { alignText } from "./src/media/speech/align";
const dir = process.argv[2]!;
const segs = [[2500, 3866.67, "Honestly, the team made everything simple.", 120, 89], [6366.67, 3266.67, "I'd recommend Plaudit to anyone.", 120, 94]] as const;
for (const a of ["9x16", "1x1", "16x9"]) for (const [s, d, text, pb, pa] of segs) {
  const r = Bun.spawnSync(["ffmpeg", "-hide_banner", "-nostdin", "-ss", String(s / 1000), "-t", String(d / 1000), "-i", `${dir}/reel-${a}.mp4`, "-af", "ebur128", "-f", "null", "-"]);
  const err = r.stderr.toString(); const m = /I:\s*(-?[\d.]+) LUFS/.exec(err.slice(err.lastIndexOf("Summary")));
  const wav = `/tmp/reeltry/seg.wav`;
  Bun.spawnSync(["ffmpeg", "-v", "error", "-y", "-ss", String(s / 1000), "-t", String(d / 1000), "-i", `${dir}/reel-${a}.mp4`, "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-fflags", "+bitexact", "-flags:a", "+bitexact", wav]);
  const al = await alignText(wav, text);
  const w = al.words;
  console.log(a, s, "LUFS", m?.[1], "first", w[0]!.start_ms, "(pad", pb, ") last end", w[w.length - 1]!.end_ms, "of", Math.round(d), "(pad", pa, ") aligned", al.alignedWords, "/", w.length);
}
