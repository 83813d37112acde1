/**
 * Asking a language model for clip spans, and checking what it says. The model sees each testimonial's words with
 * their times and may answer with timestamps only: `{"clips": [{"submission_id", "start_ms", "end_ms", "reason"}]}`.
 * Its words are never used; if it quotes any (`text`), they must match the transcript inside its span, or the span
 * is refused as invented. Every span is checked (a known testimonial, once each, inside the recording, starting at
 * a word's start, ending at a word's end, 1.5 to 30 s); one failing span fails the answer.
 */
import type { Word } from "../submissions";
import type { ChatMessage } from "./llm-client";
import { REEL_LIMITS } from "./model";
import { checkSpan, normaliseWords } from "./spans";

/** A testimonial offered to the model. */
export interface Candidate {
  submission_id: string;
  duration_ms: number;
  words: Word[];
}

/** A span the model chose that passed every check. */
export interface ModelSpan {
  submission_id: string;
  start_ms: number;
  end_ms: number;
  text: string;
  reason: string | null;
}

/** Above this many words in all the testimonials together the prompt gets too large; the rule decides instead. */
export const MAX_PROMPT_WORDS = 6000;

const SYSTEM = [
  "You choose the strongest moments of customer video testimonials for a short social-media reel.",
  "You may only choose time spans. You must never write, change, add or remove words: captions use the transcript.",
  "A span must start exactly at one word's start_ms and end exactly at a (later or same) word's end_ms, from the lists given.",
  `Each span lasts ${REEL_LIMITS.clipMinMs} to ${REEL_LIMITS.clipMaxMs} ms. Prefer whole sentences that are specific, positive and vivid.`,
  'Answer with JSON only: {"clips":[{"submission_id":"…","start_ms":0,"end_ms":0,"reason":"a few words on why"}]}.',
].join("\n");

/** The first request. */
export function firstMessages(
  candidates: Candidate[],
  arrangement: "auto" | "manual",
  targetMs: number,
): ChatMessage[] {
  const order =
    arrangement === "auto"
      ? "Choose one span per testimonial and list the clips in the order that makes the strongest reel."
      : "Choose one span per testimonial and keep the clips in the order the testimonials are given.";
  const payload = {
    target_clip_ms: targetMs,
    testimonials: candidates.map((c) => ({
      submission_id: c.submission_id,
      duration_ms: c.duration_ms,
      words: c.words.map((w) => [w.start_ms, w.end_ms, w.text]),
    })),
  };
  return [
    { role: "system", content: SYSTEM },
    {
      role: "user",
      content: `${order} Each word is [start_ms, end_ms, text]. Aim for about target_clip_ms per clip.\n${JSON.stringify(payload)}`,
    },
  ];
}

/** The follow-up after a refused answer: the model's answer and the reasons it was refused. */
export function retryMessages(first: ChatMessage[], answer: string, problems: string[]): ChatMessage[] {
  return [
    ...first,
    { role: "assistant", content: answer.slice(0, 20_000) },
    {
      role: "user",
      content: `That answer was refused:\n- ${problems.slice(0, 20).join("\n- ")}\nAnswer again with spans that start exactly at a listed word's start_ms and end exactly at a listed word's end_ms, one per testimonial, JSON only.`,
    },
  ];
}

function parseJson(text: string): unknown {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
}

/** Checks an answer: the accepted spans in the model's order, or the problems found. */
export function checkAnswer(
  answer: string,
  candidates: Candidate[],
  arrangement: "auto" | "manual",
): { spans: ModelSpan[] } | { problems: string[] } {
  const parsed = parseJson(answer) as { clips?: unknown } | null;
  if (!parsed || !Array.isArray(parsed.clips))
    return { problems: ['The answer was not JSON of the form {"clips": [...]}.'] };
  const byId = new Map(candidates.map((c) => [c.submission_id, c]));
  const problems: string[] = [];
  const spans: ModelSpan[] = [];
  const seen = new Set<string>();
  parsed.clips.forEach((raw, i) => {
    const c = (raw ?? {}) as Record<string, unknown>;
    const id = String(c.submission_id ?? "");
    const cand = byId.get(id);
    if (!cand) return void problems.push(`clip ${i + 1}: unknown submission_id "${id.slice(0, 64)}".`);
    if (seen.has(id)) return void problems.push(`clip ${i + 1}: ${id} was chosen more than once.`);
    seen.add(id);
    const start = Number(c.start_ms),
      end = Number(c.end_ms);
    const checked = checkSpan(cand.words, cand.duration_ms, start, end);
    if ("problem" in checked) {
      const why = {
        outside_recording: "lies outside the recording",
        off_word_boundary: "does not start at a word's start_ms and end at a word's end_ms",
        too_short: `is shorter than ${REEL_LIMITS.clipMinMs} ms`,
        too_long: `is longer than ${REEL_LIMITS.clipMaxMs} ms`,
      }[checked.problem];
      return void problems.push(`clip ${i + 1} (${id}, ${c.start_ms}–${c.end_ms}) ${why}.`);
    }
    if (typeof c.text === "string" && normaliseWords(c.text) !== normaliseWords(checked.text)) {
      return void problems.push(
        `clip ${i + 1} (${id}) quotes words that are not the transcript's words in that span; give timestamps only.`,
      );
    }
    const reason = typeof c.reason === "string" ? c.reason.replace(/\s+/g, " ").trim().slice(0, 200) || null : null;
    spans.push({ submission_id: id, start_ms: start, end_ms: end, text: checked.text, reason });
  });
  for (const cand of candidates) if (!seen.has(cand.submission_id)) problems.push(`no clip for ${cand.submission_id}.`);
  if (problems.length) return { problems };
  // In manual mode the operator's order stands, whatever order the model listed its spans in.
  const order = new Map(candidates.map((c, i) => [c.submission_id, i]));
  return {
    spans:
      arrangement === "manual"
        ? spans.sort((a, b) => order.get(a.submission_id)! - order.get(b.submission_id)!)
        : spans,
  };
}
