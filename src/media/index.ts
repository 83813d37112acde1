/**
 * What the rest of Plaudit uses from media. Side effects (ffmpeg, sharp, speech engines) sit behind the
 * `MediaToolkit` interface (toolkit.ts), passed to job handlers as a dependency; pure helpers are plain functions.
 */
export { createMediaToolkit, type MediaToolkit, type ProbeResult, type RunOpts, type SpeechResult } from "./toolkit";
export { buildCues, escapeAss, escapeVtt, toAss, toWebVtt, type AssAspect, type AssStyle, type Cue } from "./captions";
export { isMediaError, MediaError, type MediaErrorReason } from "./errors";
export { resolveMediaTools, type MediaTools } from "./ffmpeg";
export { detectLanguage } from "./language";
export { integratedLoudness, LOUDNESS_TARGET } from "./loudness";
export { makePoster, type PosterResult } from "./poster";
export { probeMedia, TESTIMONIAL_LIMITS, type MediaInfo, type MediaLimits } from "./probe";
export { analyseSentiment, sentimentOf, type SentimentResult } from "./sentiment";
export { alignText, type AlignedTranscript } from "./speech/align";
export { chooseEngine } from "./speech/select";
export type { SpeechEngine, Transcript, Word } from "./speech/types";
export { transcode, type TranscodeResult } from "./transcode";
export { extractSpeechWav } from "./audio";
