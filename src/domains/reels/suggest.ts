/**
 * Suggesting clips: the configured language model first (timestamps only, every span checked, a refused answer
 * asked for once more with the reasons), then the deterministic rule (suggest-heuristic.ts) when there is no
 * model, the prompt would be too large, or both answers failed (a timeout or an unreachable model counts as a
 * failed answer). Each clip records its `source` (`model` or `heuristic`) and the model's `reason`.
 */
import type { HttpClient } from "../../platform/http-client";
import type { ReelClip } from "./model";
import { askModel, LlmError, type LlmConfig } from "./llm-client";
import { heuristicSpan } from "./suggest-heuristic";
import { checkAnswer, firstMessages, MAX_PROMPT_WORDS, retryMessages, type Candidate } from "./suggest-model";

/** What to suggest for. */
export interface SuggestRequest {
  candidates: Candidate[];
  arrangement: "auto" | "manual";
  /** Target length of each clip. */
  clipTargetMs: number;
}

/** The suggestion, how it was reached, and what went wrong on the way (for the log). */
export interface SuggestResult {
  clips: ReelClip[];
  via: "model" | "heuristic";
  /** Requests sent to the model (0, 1 or 2). */
  asked: number;
  problems: string[];
}

/** Options: the model's time limit per request. */
export interface SuggestOptions {
  timeoutMs?: number;
}

/** Time allowed to each model request; two requests at most. */
export const MODEL_TIMEOUT_MS = 20_000;

/** The deterministic rule for every candidate (each must have a span; callers check lengths first). */
export function heuristicClips(req: SuggestRequest): ReelClip[] {
  const scored = req.candidates.map((c) => ({ c, span: heuristicSpan(c.words, req.clipTargetMs)! }));
  if (req.arrangement === "auto") scored.sort((a, b) => b.span.score - a.span.score);
  return scored.map(({ c, span }) => ({
    submission_id: c.submission_id,
    start_ms: span.start_ms,
    end_ms: span.end_ms,
    text: span.text,
    source: "heuristic",
    reason: null,
  }));
}

/** Suggests clips for the candidates (see the file comment), asking the model through `http`. */
export async function suggestClips(
  http: HttpClient,
  llm: LlmConfig | null,
  req: SuggestRequest,
  o: SuggestOptions = {},
): Promise<SuggestResult> {
  const problems: string[] = [];
  const words = req.candidates.reduce((n, c) => n + c.words.length, 0);
  if (!llm || words > MAX_PROMPT_WORDS) {
    if (llm) problems.push(`${words} words are more than the ${MAX_PROMPT_WORDS} a prompt may carry.`);
    return { clips: heuristicClips(req), via: "heuristic", asked: 0, problems };
  }
  const first = firstMessages(req.candidates, req.arrangement, req.clipTargetMs);
  let messages = first;
  let asked = 0;
  for (let attempt = 0; attempt < 2; attempt++) {
    asked++;
    let answer: string;
    try {
      answer = await askModel(http, llm, messages, { timeoutMs: o.timeoutMs ?? MODEL_TIMEOUT_MS });
    } catch (e) {
      problems.push(e instanceof LlmError ? e.message : String(e));
      messages = first;
      continue;
    }
    const checked = checkAnswer(answer, req.candidates, req.arrangement);
    if ("spans" in checked) {
      return { clips: checked.spans.map((s) => ({ ...s, source: "model" })), via: "model", asked, problems };
    }
    problems.push(...checked.problems);
    messages = retryMessages(first, answer, checked.problems);
  }
  return { clips: heuristicClips(req), via: "heuristic", asked, problems };
}
