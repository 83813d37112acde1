/**
 * Answers to a link's own questions in exports: a CSV file has one `answer: <label>` column per question answered
 * by a testimonial it holds (the same label on two links is one column, a question another link did not ask is an
 * empty cell, a question called like a fixed column does not clash, formulas are guarded), a JSON item lists its
 * answers as the API does, and the preview names the same columns the file has.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Papa from "papaparse";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import { COLUMNS } from "../../src/domains/exports";

let t: TestApp;
let a: TestOrg;
const registry = buildRegistry();
const ids: Record<string, string> = {};

const call = (method: string, path: string, body?: unknown) => t.call(method, path, { auth: a.liveKey, body });

async function link(title: string, fields: Record<string, unknown>[]) {
  const brand = (await call("GET", "/v1/brands")).body.data[0].id;
  const r = await call("POST", `/v1/brands/${brand}/links`, {
    title,
    prompts: [{ text: "How was it?" }],
    consent_text: "I agree.",
    consent_version: "v1",
    custom_fields: fields,
  });
  expect(r.status).toBe(201);
  return { id: r.body.id as string, fields: r.body.custom_fields.map((f: any) => f.id) as string[] };
}

async function send(linkId: string, name: string, answers: { id: string; value: string | boolean }[]) {
  const r = await t.call("POST", `/public/links/${linkId}/submissions`, {
    body: {
      kind: "text",
      respondent: { name },
      consent: { agreed: true, text: "I agree.", version: "v1" },
      text: `${name} liked it a lot.`,
      custom_fields: answers,
    },
  });
  expect(r.status).toBe(201);
  return r.body.submission_id as string;
}

async function exportText(format: "csv" | "json") {
  const created = await call("POST", "/v1/exports", { format });
  expect(created.status).toBe(201);
  await runDueJobs(t.deps, registry);
  const ready = (await call("GET", `/v1/exports/${created.body.id}`)).body;
  expect(ready.status).toBe("ready");
  const res = await t.app.handle(new Request(ready.download_url));
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(new Uint8Array(await res.arrayBuffer()));
}

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  const design = await link("Design clients", [
    { label: "Which service did you use?", type: "choice", options: ["Design", "Build"] },
    { label: "Would you recommend us?", type: "yes_no" },
  ]);
  const shop = await link("Shop clients", [
    { label: "Which service did you use?", type: "choice", options: ["Shop", "Care"] },
    { label: "rating", type: "short_text" },
  ]);
  const plain = await link("No questions", []);
  ids.dora = await send(design.id, "Dora Design", [
    { id: design.fields[0]!, value: "Design" },
    { id: design.fields[1]!, value: true },
  ]);
  ids.sid = await send(shop.id, "Sid Shop", [
    { id: shop.fields[0]!, value: "Care" },
    { id: shop.fields[1]!, value: '=HYPERLINK("x")' },
  ]);
  ids.pia = await send(plain.id, "Pia Plain", []);
});
afterAll(() => t.close());

describe("answers in exports", () => {
  test("CSV: one column per question label after the fixed columns, empty where not asked", async () => {
    const text = await exportText("csv");
    const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
      header: true,
      skipEmptyLines: true,
    });
    // Newest first: Sid's link's questions are met first; the shared label is one column.
    expect(parsed.meta.fields).toEqual([
      ...COLUMNS,
      "answer: Which service did you use?",
      "answer: rating",
      "answer: Would you recommend us?",
    ]);
    const byId = new Map(parsed.data.map((r) => [r.id, r]));
    expect(byId.get(ids.dora!)).toMatchObject({
      "answer: Which service did you use?": "Design",
      "answer: rating": "",
      "answer: Would you recommend us?": "true",
    });
    expect(byId.get(ids.sid!)).toMatchObject({
      "answer: Which service did you use?": "Care",
      // A question named like a fixed column does not overwrite it, and a formula is guarded.
      "answer: rating": '\'=HYPERLINK("x")',
      rating: "",
      "answer: Would you recommend us?": "",
    });
    expect(byId.get(ids.pia!)).toMatchObject({
      "answer: Which service did you use?": "",
      "answer: rating": "",
      "answer: Would you recommend us?": "",
    });
  }, 30_000);

  test("JSON: each item lists its answers with the question as asked", async () => {
    const data = JSON.parse(await exportText("json")).data as any[];
    const byId = new Map(data.map((r) => [r.id, r]));
    expect(byId.get(ids.dora!).custom_fields).toEqual([
      { id: expect.any(String), label: "Which service did you use?", value: "Design" },
      { id: expect.any(String), label: "Would you recommend us?", value: true },
    ]);
    expect(byId.get(ids.pia!).custom_fields).toEqual([]);
    expect(Object.keys(byId.get(ids.pia!))).not.toContain("answer: rating");
  }, 30_000);

  test("the preview names the columns the file will have", async () => {
    const csv = await call("POST", "/v1/exports/preview", { format: "csv" });
    expect(csv.status).toBe(200);
    expect(csv.body.columns.slice(COLUMNS.length)).toEqual([
      "answer: Which service did you use?",
      "answer: rating",
      "answer: Would you recommend us?",
    ]);
    const json = await call("POST", "/v1/exports/preview", { format: "json" });
    expect(json.body.columns.slice(COLUMNS.length)).toEqual(["custom_fields"]);
    expect(json.body.data.find((r: any) => r.id === ids.sid).custom_fields[1]).toMatchObject({ label: "rating" });
  }, 30_000);
});
