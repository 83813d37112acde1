/**
 * Deleting a brand on the executable users run (dist/plaudit, with its workers), proven as erasure.test.ts proves a
 * removal: a brand with written testimonials (unique words, names, emails, a company), a recording whose files carry
 * a unique marker (published on the CDN), a widget, a public wall, a reel, a CSV export and the thank-you emails in
 * the outbox. The byte search of the data directory finds all of it first. Deleting makes the wall, its JSON, the
 * widget document and the link's page answer 404 in the same request and the plan's brand count drop; the job then
 * erases everything, and the same search (after the server's WAL checkpoint) finds none of it.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findInFiles } from "../helpers/data-search";
import { startServer, type RunningServer } from "../helpers/server";
import { httpApi, processedRecording, publish, wallBrand, type Api } from "../helpers/walls";
import { until } from "../helpers/wait";

const CONSENT = { agreed: true, text: "I agree that my words and recording may be published.", version: "2026-11-01" };
const MARKER = "ZQV-brand-erasure-file-marker-41c7";
const PEOPLE = [
  {
    name: "Philippa Grimsditch",
    email: "philippa.g@example.org",
    words: "the lantern orchard hummed politely",
    company: "Marrowbone Kite Works",
  },
  {
    name: "Cornelius Ashbury",
    email: "cornelius.a@example.org",
    words: "seventeen velvet ferrets approved",
    company: "Ashbury Tinsmiths",
  },
];
const SPOKEN = ["Harbour", "fixed", "my", "crooked", "molar", "gently"];
const VIDEO_NAME = "Ermintrude Pollexfen";

let server: RunningServer;
let api: Api;
let brand: { id: string; slug: string; wallUrl: string; linkId: string };
let widgetDoc = "";
let exportUrl = "";
const workDir = mkdtempSync(join(tmpdir(), "plaudit-brand-erasure-"));
const needles: Record<string, string> = {};

const status = async (url: string) => (await fetch(url)).status;

beforeAll(async () => {
  server = await startServer();
  api = httpApi(server.url, await server.createKey("live"));
  brand = await wallBrand(api, { name: "Harbour Dental" });
  const ids: string[] = [];
  for (const p of PEOPLE) {
    const r = await api("POST", `/public/links/${brand.linkId}/submissions`, {
      kind: "text",
      respondent: { name: p.name, email: p.email, company: p.company },
      consent: CONSENT,
      text: `Honestly, ${p.words}, and the whole visit was easy.`,
      rating: 5,
    });
    expect(r.status).toBe(201);
    ids.push(r.body.submission_id);
  }
  const file = join(workDir, "video.mp4");
  writeFileSync(file, `${MARKER} `.repeat(64));
  ids.push(
    await processedRecording(api, server.deps, brand.linkId, VIDEO_NAME, {
      kind: "video",
      file,
      durationMs: 6000,
      words: SPOKEN,
    }),
  );
  await publish(api, ids);
  widgetDoc = (await api("POST", "/v1/widgets", { brand_id: brand.id })).body.document_url;
  const reel = await api("POST", "/v1/reels", { brand_id: brand.id, submission_ids: [ids[2]], mode: "auto" });
  expect(reel.status).toBe(201);
  const made = await api("POST", "/v1/exports", { format: "csv", brand_id: brand.id });
  expect(made.status).toBe(201);
  exportUrl = (
    await until("the export", async () => {
      const e = (await api("GET", `/v1/exports/${made.body.id}`)).body;
      return e.status === "ready" && e;
    })
  ).download_url;
  await until("the published video", async () => (await api("GET", `/v1/submissions/${ids[2]}`)).body.public_media);
  await until("the widget document with the video", async () => {
    const r = await fetch(widgetDoc);
    return r.status === 200 && (await r.text()).includes(VIDEO_NAME);
  });

  for (const p of PEOPLE)
    Object.assign(needles, { [p.name]: p.name, [p.email]: p.email, [p.words]: p.words, [p.company]: p.company });
  Object.assign(needles, { [VIDEO_NAME]: VIDEO_NAME, "file bytes": MARKER, "spoken words": SPOKEN.slice(2).join(" ") });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

test("before: the search finds every word, name, email and the file bytes (in the database, media/ and public/)", () => {
  const hits = findInFiles(server.dataDir, needles);
  expect([...new Set(hits.map((h) => h.split(": ")[1]))].sort()).toEqual(Object.keys(needles).sort());
  const places = new Set(findInFiles(server.dataDir, { marker: MARKER }).map((h) => h.split("/")[0]));
  expect(places).toEqual(new Set(["media", "public"]));
});

test("deleting stops the wall, widget and link at once, frees the plan's place, then erases every byte", async () => {
  const usage = async () =>
    (await api("GET", "/v1/billing/usage")).body.allowances.find((a: { name: string }) => a.name === "brands").used;
  const before = await usage();
  expect(await status(brand.wallUrl)).toBe(200);
  expect(await status(`${server.url}/c/${brand.linkId}`)).toBe(200);

  const r = await api("DELETE", `/v1/brands/${brand.id}`);
  expect(r.status).toBe(202);
  expect(r.body.status).toBe("deleting");
  // In the deleting transaction: nothing waits for the job.
  expect(await status(brand.wallUrl)).toBe(404);
  expect(await status(`${server.url}/public/walls/${brand.slug}`)).toBe(404);
  expect(await status(widgetDoc)).toBe(404);
  expect(await status(`${server.url}/c/${brand.linkId}`)).toBe(404);
  expect(await usage()).toBe(before - 1);

  await until("the brand to be gone", async () => (await api("GET", `/v1/brands/${brand.id}`)).status === 404, 60_000);
  expect(await status(exportUrl)).toBe(410);
  expect((await api("GET", "/v1/reels")).body.data).toEqual([]);
  expect(findInFiles(server.dataDir, needles)).toEqual([]);
  // Its slug stays with the organisation: the old wall address is not found, not someone else's.
  expect(await status(brand.wallUrl)).toBe(404);
}, 90_000);
