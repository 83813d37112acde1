/**
 * Answers to a link's own questions in public places: only those to questions the owner marked `show_publicly`
 * appear, in the widget document and on the wall (JSON and page); unticking the setting later, or removing the
 * question, hides the answers already given (the widget's published document is rebuilt); a testimonial without such answers carries no `answers` key.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";

let t: TestApp;
let a: TestOrg;
let brand: { id: string; slug: string };
let link: any;
let withAnswers = "";
let plain = "";
let widget: { document_url: string };
const registry = buildRegistry();

const call = (method: string, path: string, body?: unknown) => t.call(method, path, { auth: a.liveKey, body });

async function sendShown(answers: { id: string; value: string | boolean }[], name: string) {
  const r = await t.call("POST", `/public/links/${link.id}/submissions`, {
    body: {
      kind: "text",
      respondent: { name },
      consent: { agreed: true, text: "I agree.", version: "v1" },
      text: `${name} says the shop is lovely.`,
      custom_fields: answers,
    },
  });
  expect(r.status).toBe(201);
  const id = r.body.submission_id as string;
  await call("POST", `/v1/submissions/${id}/approve`);
  await call("POST", `/v1/submissions/${id}/visibility`, { is_public: true });
  return id;
}

/** The (one, long-lived) widget's document items and the wall's testimonials, after the publishing jobs ran. */
async function publicItems() {
  t.clock.advance(2_000);
  await runDueJobs(t.deps, registry);
  const doc = await (await t.app.handle(new Request(widget.document_url))).json();
  const wall = (await t.call("GET", `/public/walls/${brand.slug}`)).body;
  const page = await (await t.app.handle(new Request(`http://plaudit.test/b/${brand.slug}`))).text();
  const find = (list: any[], id: string) => list.find((i) => i.id === id);
  return {
    widget: (id: string) => find(doc.items, id),
    wall: (id: string) => find(wall.testimonials, id),
    page,
  };
}

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  brand = (await call("GET", "/v1/brands")).body.data[0];
  expect((await call("PATCH", `/v1/brands/${brand.id}`, { is_public: true })).status).toBe(200);
  const r = await call("POST", `/v1/brands/${brand.id}/links`, {
    title: "Shop feedback",
    prompts: [{ text: "How was it?" }],
    consent_text: "I agree.",
    consent_version: "v1",
    custom_fields: [
      { label: "Which shop did you visit?", type: "choice", options: ["Leeds", "York"], show_publicly: true },
      { label: "Your order number", type: "short_text" },
      { label: "Would you come back?", type: "yes_no", show_publicly: true },
    ],
  });
  expect(r.status).toBe(201);
  link = r.body;
  const [shop, order, back] = link.custom_fields.map((f: any) => f.id);
  withAnswers = await sendShown(
    [
      { id: shop, value: "York" },
      { id: order, value: "A-1234" },
      { id: back, value: true },
    ],
    "Ada Answers",
  );
  plain = await sendShown([], "Nia None");
  widget = (await call("POST", "/v1/widgets", { brand_id: brand.id })).body;
});
afterAll(() => t.close());

describe("answers shown publicly", () => {
  test("only the questions marked show_publicly, in the widget document and on the wall", async () => {
    const p = await publicItems();
    const want = [
      { label: "Which shop did you visit?", value: "York" },
      { label: "Would you come back?", value: true },
    ];
    expect(p.widget(withAnswers).answers).toEqual(want);
    expect(p.wall(withAnswers).answers).toEqual(want);
    expect(p.page).toContain("Which shop did you visit?");
    expect(p.page).toContain("York");
    // The private answer is nowhere public.
    expect(JSON.stringify(p.widget(withAnswers))).not.toContain("A-1234");
    expect(JSON.stringify(p.wall(withAnswers))).not.toContain("A-1234");
    expect(p.page).not.toContain("A-1234");
    expect(p.page).not.toContain("Your order number");
    // Nothing to show: no key at all.
    expect("answers" in p.widget(plain)).toBe(false);
    expect("answers" in p.wall(plain)).toBe(false);
  }, 60_000);

  test("unticking show_publicly hides answers already given; removing the question too", async () => {
    const [shop, order, back] = link.custom_fields;
    const untick = await call("PATCH", `/v1/links/${link.id}`, {
      custom_fields: [shop, order, { ...back, show_publicly: false }],
    });
    expect(untick.status).toBe(200);
    let p = await publicItems();
    expect(p.wall(withAnswers).answers).toEqual([{ label: "Which shop did you visit?", value: "York" }]);
    expect(p.widget(withAnswers).answers).toEqual([{ label: "Which shop did you visit?", value: "York" }]);

    const removed = await call("PATCH", `/v1/links/${link.id}`, { custom_fields: [order] });
    expect(removed.status).toBe(200);
    p = await publicItems();
    expect("answers" in p.wall(withAnswers)).toBe(false);
    expect("answers" in p.widget(withAnswers)).toBe(false);
    expect(p.page).not.toContain("Which shop did you visit?");
  }, 60_000);
});
