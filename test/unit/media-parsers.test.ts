/**
 * The pure parts of media work: reading pocketsphinx and whisper.cpp output, ffmpeg's -progress lines and error
 * text, output sizes, poster times, spoken forms of written words, interpolation of unaligned words, sniffing
 * of non-media files, and the lying-MP4 patcher the fixtures use.
 */
import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { failureFrom, progressParser } from "../../src/media/ffmpeg";
import { parseLoudnormJson } from "../../src/media/loudness";
import { posterTime } from "../../src/media/poster";
import { formatDuration } from "../../src/media/probe";
import { sniffMedia } from "../../src/media/sniff";
import { interpolate } from "../../src/media/speech/align";
import { parseSphinxTimes } from "../../src/media/speech/pocketsphinx";
import { guessPronunciation, numberWords, spokenTokens, type Dictionary } from "../../src/media/speech/pronounce";
import { parseWhisperJson } from "../../src/media/speech/whisper";
import { targetSize } from "../../src/media/transcode";
import { patchMp4Duration } from "../fixtures/media/make-fixtures";

describe("pocketsphinx output", () => {
  test("keeps words with times, drops markers, fillers and alternate-pronunciation tags", () => {
    const out = `and mr john guess what
<s> 0.000 0.140 0.999400
and(2) 0.150 0.360 0.260057
<sil> 0.370 0.400 0.553348
[NOISE] 0.410 0.500 0.5
(NULL) 0.505 0.505 1.0
mr 0.510 0.620 0.988762
[SPEECH] 0.630 0.700 0.5
john 0.710 1.000 0.929128
</s> 7.050 7.080 1.000000
INFO: ngram_search.c(301): TOTAL bestpath 0.02 CPU 0.003 xRT`;
    expect(parseSphinxTimes(out)).toEqual([
      { text: "and", start_ms: 150, end_ms: 370, confidence: 0.260057 },
      { text: "mr", start_ms: 510, end_ms: 630, confidence: 0.988762 },
      { text: "john", start_ms: 710, end_ms: 1010, confidence: 0.929128 },
    ]);
  });
});

describe("whisper.cpp JSON", () => {
  test("one word per segment, punctuation kept, non-speech dropped, token probabilities as confidence", () => {
    const json = {
      result: { language: "en" },
      transcription: [
        { offsets: { from: 0, to: 0 }, text: "" },
        {
          offsets: { from: 0, to: 420 },
          text: " Honestly,",
          tokens: [
            { text: "[_BEG_]", p: 0.9 },
            { text: " Honestly", p: 0.8 },
            { text: ",", p: 0.6 },
          ],
        },
        { offsets: { from: 420, to: 700 }, text: " the", tokens: [{ text: " the", p: 0.99 }] },
        { offsets: { from: 700, to: 900 }, text: " [BLANK_AUDIO]" },
        { offsets: { from: 900, to: 1300 }, text: " team" },
        { offsets: { from: 1300, to: 1350 }, text: "." },
      ],
    };
    expect(parseWhisperJson(json)).toEqual([
      { text: "Honestly,", start_ms: 0, end_ms: 420, confidence: 0.7 },
      { text: "the", start_ms: 420, end_ms: 700, confidence: 0.99 },
      { text: "team.", start_ms: 900, end_ms: 1350 },
    ]);
  });
});

describe("ffmpeg helpers", () => {
  test("progress lines give the fraction of the duration, from out_time_us or the old out_time_ms", () => {
    const seen: (number | null)[] = [];
    const feed = progressParser((p) => seen.push(p.fraction), 10_000);
    for (const l of [
      "frame=1",
      "out_time_ms=2500000",
      "progress=continue",
      "out_time_us=5000000",
      "out_time=00:00:05.000000",
      "progress=continue",
      "out_time_us=N/A",
      "progress=end",
    ])
      feed(l);
    expect(seen).toEqual([0.25, 0.5, 1]);
  });

  test("stderr becomes a reason a person can act on", () => {
    expect(failureFrom("[matroska,webm @ 0x1] Format not on whitelist 'mov'", "ffmpeg").reason).toBe(
      "unsupported_format",
    );
    expect(failureFrom("[vp8 @ 0x1] Codec (vp8) not on whitelist 'h264'", "ffmpeg").reason).toBe("unsupported_format");
    expect(failureFrom("[hls @ 0x1] Protocol 'http' not on whitelist 'file,pipe'!", "ffmpeg").reason).toBe(
      "unsupported_format",
    );
    expect(
      failureFrom("[mov,mp4 @ 0x1] moov atom not found\nx.mp4: Invalid data found when processing input", "ffprobe")
        .reason,
    ).toBe("corrupt");
    expect(failureFrom("Stream map '0:a:0' matches no streams.", "ffmpeg").reason).toBe("no_audio");
    expect(failureFrom("[AVFilterGraph @ 0x1] No such filter: 'xfade'", "ffmpeg").reason).toBe("tool_failed");
    const e = failureFrom("something odd", "ffmpeg");
    expect(e.reason).toBe("tool_failed");
    expect(e.permanent).toBe(false);
    expect(failureFrom("Invalid data found when processing input", "ffmpeg").permanent).toBe(true);
  });

  test("loudnorm's JSON is read from the end of stderr", () => {
    const err = `[Parsed_loudnorm_1 @ 0x5]\n{\n\t"input_i" : "-31.94",\n\t"input_tp" : "-13.34",\n\t"normalization_type" : "linear"\n}\n`;
    expect(parseLoudnormJson(`Stream #0:0 {junk}\n${err}`)).toEqual({
      input_i: "-31.94",
      input_tp: "-13.34",
      normalization_type: "linear",
    });
    expect(parseLoudnormJson("no json")).toBeNull();
  });

  test("output sizes fit 1280 on the long side, keep the aspect, are even and never upscale", () => {
    expect(targetSize(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(targetSize(1080, 1920)).toEqual({ width: 720, height: 1280 });
    expect(targetSize(3840, 2160)).toEqual({ width: 1280, height: 720 });
    expect(targetSize(640, 360)).toEqual({ width: 640, height: 360 });
    expect(targetSize(721, 405)).toEqual({ width: 722, height: 406 });
    expect(targetSize(1440, 1080)).toEqual({ width: 1280, height: 960 });
  });

  test("poster frame at 1 s, or 10% into clips under 2 s; durations formatted for people", () => {
    expect(posterTime(60_000)).toBe(1);
    expect(posterTime(1500)).toBeCloseTo(0.15);
    expect(formatDuration(3 * 3600_000)).toBe("3:00:00");
    expect(formatDuration(5_000)).toBe("0:05");
    expect(formatDuration(600_000)).toBe("10:00");
  });
});

describe("spoken forms for the aligner", () => {
  const dict: Dictionary = new Map(
    Object.entries({
      honestly: ["AA N AH S T L IY"],
      "i'd": ["AY D"],
      twenty: ["T W EH N T IY"],
      four: ["F AO R"],
      seven: ["S EH V AH N"],
      percent: ["P ER S EH N T"],
      c: ["S IY"],
      e: ["IY"],
      o: ["OW"],
      and: ["AH N D"],
      team: ["T IY M"],
    }),
  );
  const words = (w: string) => spokenTokens(dict, w).map((t) => t.word);
  test("punctuation and case are stripped for lookup", () => {
    expect(words("Honestly,")).toEqual(["honestly"]);
    expect(words("I’d")).toEqual(["i'd"]);
    expect(words('"Team!"')).toEqual(["team"]);
  });
  test("numbers become words, acronyms letters, symbols words or nothing", () => {
    expect(words("24/7")).toEqual(["twenty", "four", "seven"]);
    expect(words("20%")).toEqual(["twenty", "percent"]);
    expect(words("CEO")).toEqual(["c", "e", "o"]);
    expect(words("&")).toEqual(["and"]);
    expect(words("—")).toEqual([]);
    expect(numberWords(2024)).toEqual(["two", "thousand", "twenty", "four"]);
    expect(numberWords(1_000_017)).toEqual(["one", "million", "seventeen"]);
  });
  test("unknown words get a rough pronunciation from their spelling", () => {
    expect(spokenTokens(dict, "Plaudit")).toEqual([{ word: "plaudit", prons: ["P L AO D IH T"] }]);
    expect(guessPronunciation("shipping")).toBe("SH IH P IH NG");
    expect(guessPronunciation("cyclone")).toBe("S IY K L AA N");
  });
  test("unaligned words are spread over the gap by length", () => {
    const out = interpolate(
      [{ text: "a", start_ms: 0, end_ms: 100 }, null, null, { text: "d", start_ms: 400, end_ms: 500 }],
      ["a", "bb", "c", "d"],
      1000,
    );
    expect(out.map((w) => [w.text, w.start_ms, w.end_ms])).toEqual([
      ["a", 0, 100],
      ["bb", 100, 300],
      ["c", 300, 400],
      ["d", 400, 500],
    ]);
    expect(interpolate([null, null], ["x", "y"], 1000).map((w) => w.end_ms)).toEqual([500, 1000]);
  });
});

describe("sniffing", () => {
  const dir = mkdtempSync(join(tmpdir(), "plaudit-sniff-"));
  const file = (name: string, body: string | Uint8Array) => (writeFileSync(join(dir, name), body), join(dir, name));
  test("empty, HTML, playlists, text and other binary types are refused by content", async () => {
    const reason = (p: string, max?: number) =>
      sniffMedia(p, max).then(
        () => "accepted",
        (e) => `${e.reason}: ${e.message}`,
      );
    expect(await reason(file("empty.mp4", ""))).toBe("not_media: The file is empty.");
    expect(await reason(file("a.mp4", "\uFEFF<!doctype html><html></html>"))).toMatch(/^not_media: .*web page/);
    expect(await reason(file("b.mp4", "#EXTM3U\n#EXTINF:1,\nhttp://x/y.ts\n"))).toMatch(/^not_media: .*playlist/);
    expect(await reason(file("c.mp4", "just some words that someone typed into a file and renamed"))).toMatch(
      /^not_media: .*text/,
    );
    expect(
      await reason(
        file(
          "d.mp4",
          new Uint8Array([
            0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
            8, 2, 0, 0, 0,
          ]),
        ),
      ),
    ).toMatch(/^unsupported_format: Files of type PNG/);
    expect(await reason(join(dir, "missing.mp4"))).toBe("not_media: The file could not be found.");
    expect(await reason(file("big.mp4", "#EXTM3U"), 3)).toMatch(/^too_large_file/);
  });
});

describe("lying MP4 patcher (fixtures)", () => {
  test("rewrites mvhd, tkhd, mdhd and elst durations", () => {
    const box = (type: string, body: number[]) => [
      0,
      0,
      0,
      8 + body.length,
      ...[...type].map((c) => c.charCodeAt(0)),
      ...body,
    ];
    // mvhd v0: version/flags, ctime, mtime, timescale=1000, duration=3000
    const mvhd = box("mvhd", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 232, 0, 0, 11, 184]);
    const moov = box("moov", mvhd);
    const out = patchMp4Duration(new Uint8Array(moov), 10_800);
    const v = new DataView(out.buffer);
    expect(v.getUint32(8 + 24)).toBe(10_800 * 1000);
  });
});
