/**
 * Clip suggestions from a language model, against a local OpenAI-compatible server over real HTTP: a good
 * answer is used (source `model`, with its reason); a bad answer (a span off word boundaries, invented words, a
 * span outside the recording, no JSON, a missing testimonial) is asked for once more with the reasons, then the
 * deterministic rule takes over; a model that does not answer in time is handled the same way.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { makeLink } from "../helpers/testimonials";
import { suggestClips } from "../../src/domains/reels/suggest";
import { video } from "../api/reels-helpers";

type Answer = string | { delayMs?: number; status?: number; body?: string };
let answers: Answer[] = [];
let requests: { auth: string | null; body: any }[] = [];
let server: ReturnType<typeof Bun.serve>;
let t: TestApp;
let a: TestOrg;
let link: { id: string; brandId: string };
let v1: Awaited<ReturnType<typeof video>>;
let v2: Awaited<ReturnType<typeof video>>;

const completion = (content: string) =>
  JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  });

beforeAll(async () => {
  server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      if (new URL(req.url).pathname !== "/v1/chat/completions" || req.method !== "POST")
        return new Response("not found", { status: 404 });
      requests.push({ auth: req.headers.get("authorization"), body: await req.json() });
      const next = answers.shift() ?? "{}";
      if (typeof next === "string")
        return new Response(completion(next), { headers: { "content-type": "application/json" } });
      if (next.delayMs) await Bun.sleep(next.delayMs);
      return new Response(next.body ?? completion("{}"), {
        status: next.status ?? 200,
        headers: { "content-type": "application/json" },
      });
    },
  });
  t = await makeTestApp({
    PLAUDIT_LLM_URL: `http://127.0.0.1:${server.port}/v1`,
    PLAUDIT_LLM_API_KEY: "sk-test-123",
    PLAUDIT_LLM_MODEL: "tiny-model",
  });
  a = await t.org();
  link = await makeLink(t, a.liveKey);
  v1 = await video(t, a, link.id);
  v2 = await video(t, a, link.id, "Honestly the best tool we bought this year. It paid for itself in a month!");
});
afterAll(() => {
  server.stop(true);
  t.close();
});
beforeEach(() => {
  answers = [];
  requests = [];
});

/** A span from word `i` to word `j` of a testimonial. */
const span = (v: typeof v1, i: number, j: number, extra: Record<string, unknown> = {}) => ({
  submission_id: v.id,
  start_ms: v.words[i]!.start_ms,
  end_ms: v.words[j]!.end_ms,
  ...extra,
});
const good = () =>
  JSON.stringify({
    clips: [span(v2, 0, 7, { reason: "Strong opening claim" }), span(v1, 4, 10, { reason: "Specific about support" })],
  });
const create = (mode = "auto") =>
  t.call("POST", "/v1/reels", {
    auth: a.liveKey,
    body: { brand_id: link.brandId, submission_ids: [v1.id, v2.id], mode },
  });

describe("a language model suggests timestamps", () => {
  test("a good answer is used: spans, order and reasons from the model, words from the transcript", async () => {
    answers = [good()];
    const r = await create();
    expect(r.status).toBe(201);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.auth).toBe("Bearer sk-test-123");
    expect(requests[0]!.body).toMatchObject({ model: "tiny-model", response_format: { type: "json_object" } });
    const prompt = requests[0]!.body.messages.map((m: any) => m.content).join("\n");
    expect(prompt).toContain(v1.id);
    expect(prompt).toContain(JSON.stringify([v1.words[0]!.start_ms, v1.words[0]!.end_ms, v1.words[0]!.text]));
    expect(r.body.clips).toEqual([
      {
        ...span(v2, 0, 7),
        text: v2.words
          .slice(0, 8)
          .map((w) => w.text)
          .join(" "),
        source: "model",
        reason: "Strong opening claim",
      },
      {
        ...span(v1, 4, 10),
        text: "Support answered within minutes and fixed everything.",
        source: "model",
        reason: "Specific about support",
      },
    ]);
  });

  test("manual mode keeps the operator's order whatever order the model lists", async () => {
    answers = [good()];
    const r = await create("manual");
    expect(r.body.clips.map((c: any) => c.submission_id)).toEqual([v1.id, v2.id]);
    expect(r.body.clips.every((c: any) => c.source === "model")).toBe(true);
  });

  test("a refused answer is asked for once more with the reasons; a good second answer is used", async () => {
    answers = [
      JSON.stringify({ clips: [span(v2, 0, 7), { ...span(v1, 4, 10), start_ms: v1.words[4]!.start_ms + 15 }] }),
      good(),
    ];
    const r = await create();
    expect(requests).toHaveLength(2);
    const followUp = requests[1]!.body.messages;
    expect(followUp.at(-2).role).toBe("assistant");
    expect(followUp.at(-1).content).toContain("does not start at a word's start_ms");
    expect(r.body.clips.every((c: any) => c.source === "model")).toBe(true);
  });

  const bad: [string, () => string][] = [
    [
      "a span off word boundaries",
      () => JSON.stringify({ clips: [span(v2, 0, 7), { ...span(v1, 4, 10), end_ms: v1.words[10]!.end_ms - 40 }] }),
    ],
    [
      "invented words",
      () =>
        JSON.stringify({
          clips: [span(v2, 0, 7), span(v1, 4, 10, { text: "Support was the best in the whole world." })],
        }),
    ],
    [
      "a span outside the recording",
      () =>
        JSON.stringify({
          clips: [span(v2, 0, 7), { submission_id: v1.id, start_ms: v1.words[20]!.start_ms, end_ms: 60_000 }],
        }),
    ],
    ["a span shorter than a clip may be", () => JSON.stringify({ clips: [span(v2, 0, 7), span(v1, 0, 1)] })],
    ["a missing testimonial", () => JSON.stringify({ clips: [span(v2, 0, 7)] })],
    [
      "an unknown testimonial",
      () => JSON.stringify({ clips: [span(v2, 0, 7), { ...span(v1, 4, 10), submission_id: "sub_invented" }] }),
    ],
    ["prose instead of JSON", () => "Here are the best moments: the part about support!"],
  ];
  for (const [name, answer] of bad) {
    test(`${name}, twice: the deterministic rule takes over`, async () => {
      answers = [answer(), answer()];
      const r = await create();
      expect(r.status).toBe(201);
      expect(requests).toHaveLength(2);
      expect(r.body.clips).toHaveLength(2);
      for (const c of r.body.clips) expect(c).toMatchObject({ source: "heuristic", reason: null });
    });
  }

  test("an error status or a timeout counts as a failed answer; two of them fall back to the rule", async () => {
    answers = [{ status: 500, body: JSON.stringify({ error: { message: "overloaded" } }) }, good()];
    expect((await create()).body.clips[0].source).toBe("model");
    expect(requests).toHaveLength(2);

    requests = [];
    answers = [{ delayMs: 1500 }, { delayMs: 1500 }];
    const candidates = [v1, v2].map((v) => ({
      submission_id: v.id,
      duration_ms: v.words.length * 400,
      words: v.words,
    }));
    const res = await suggestClips(
      t.deps.http,
      t.deps.config.llm,
      { candidates, arrangement: "auto", clipTargetMs: 5000 },
      { timeoutMs: 300 },
    );
    expect(res).toMatchObject({ via: "heuristic", asked: 2 });
    expect(res.problems.join(" ")).toContain("did not answer within");
    expect(res.clips.every((c) => c.source === "heuristic")).toBe(true);
  });

  test("adding a testimonial asks the model for that one span", async () => {
    answers = [good()];
    const reel = (await create()).body;
    answers = [JSON.stringify({ clips: [span(v2, 8, 14, { reason: "Concrete payback" })] })];
    const added = await t.call("POST", `/v1/reels/${reel.id}/clips`, {
      auth: a.liveKey,
      body: { submission_id: v2.id },
    });
    expect(added.body.clips[2]).toMatchObject({ ...span(v2, 8, 14), source: "model", reason: "Concrete payback" });
  });
});
