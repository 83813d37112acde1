/**
 * A minimal client for an OpenAI-compatible chat completions endpoint (the operator's `PLAUDIT_LLM_URL`, e.g.
 * `https://api.openai.com/v1` or a local server): one POST to `{url}/chat/completions`, JSON mode asked for,
 * a time limit, and every failure turned into an `LlmError` with a short reason (the suggestion falls back). Sent
 * through the Deps' HTTP client (`deps.http`).
 */
import type { HttpClient } from "../../platform/http-client";

/** The configured model (config.llm). */
export interface LlmConfig {
  url: string;
  apiKey: string | null;
  model: string;
}

/** A chat message. */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** Why a request to the model gave no answer. */
export class LlmError extends Error {
  constructor(
    readonly reason: "timeout" | "http" | "network" | "malformed",
    message: string,
  ) {
    super(message);
    this.name = "LlmError";
  }
}

/** How to ask. */
export interface AskOptions {
  timeoutMs: number;
}

/** The endpoint for a configured address (a full `/chat/completions` address is kept as it is). */
export const completionsUrl = (url: string) =>
  /\/chat\/completions\/?$/.test(url) ? url : `${url.replace(/\/+$/, "")}/chat/completions`;

/** Sends the messages and returns the first choice's text. */
export async function askModel(
  http: HttpClient,
  cfg: LlmConfig,
  messages: ChatMessage[],
  o: AskOptions,
): Promise<string> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (cfg.apiKey) headers.authorization = `Bearer ${cfg.apiKey}`;
  let res: Response;
  try {
    res = await http.fetch(completionsUrl(cfg.url), {
      method: "POST",
      headers,
      body: JSON.stringify({ model: cfg.model, messages, temperature: 0.2, response_format: { type: "json_object" } }),
      signal: AbortSignal.timeout(o.timeoutMs),
      redirect: "error",
    });
  } catch (e) {
    const name = (e as Error)?.name;
    if (name === "TimeoutError" || name === "AbortError")
      throw new LlmError("timeout", `The model did not answer within ${Math.round(o.timeoutMs / 1000)} s.`);
    throw new LlmError("network", `The model could not be reached: ${(e as Error)?.message ?? e}`);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (e) {
    const name = (e as Error)?.name;
    if (name === "TimeoutError" || name === "AbortError")
      throw new LlmError("timeout", `The model did not answer within ${Math.round(o.timeoutMs / 1000)} s.`);
    throw new LlmError("malformed", `The model answered HTTP ${res.status} without JSON.`);
  }
  if (!res.ok) throw new LlmError("http", `The model answered HTTP ${res.status}.`);
  const content = (body as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
  if (typeof content !== "string" || !content.trim())
    throw new LlmError("malformed", "The model's answer had no text.");
  return content;
}
