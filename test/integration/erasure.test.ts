/**
 * THE erasure test. Three testimonials whose respondents gave an email: a written one carrying a unique phrase, an
 * audio recording uploaded over tus and processed for real (ffmpeg, speech recognition), and a video with stand-in
 * files carrying a unique marker. Each has a unique name; all are approved, public, tagged, published on the CDN,
 * shown by a widget and the wall, and copied into a CSV and a JSON export. Each respondent confirms removal with
 * the link from their email; due jobs run; then every byte of the data directory (plaudit.db and its -wal/-shm,
 * media/, public/, exports, tmp/) is searched for the phrases, names, emails, the spoken words and samples of the
 * media bytes, as written and in lower case: nothing is found, and no widget document or wall page shows them.
 * The same search before the removal finds them all, so the search itself is proven to look in the right places.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { findInFiles } from "../helpers/data-search";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { fakeProcessedVideo, makeLink, writeTestimonial } from "../helpers/testimonials";
import { ensureMediaFixtures } from "../fixtures/media/make-fixtures";
import { listEvents } from "../../src/platform/events/emit";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import { listShown, submissions } from "../../src/domains/submissions";

const PHRASE = "purple zeppelin marmalade arrived singing";
const COMPANY = "Quillbright Lighthouse Cooperative";
const MARKER = "QZX-video-bytes-7d3f9a-marker";
const PEOPLE = {
  written: { name: "Quintessa Vandermolen", email: "quintessa.v@example.org" },
  audio: { name: "Bartholomew Zyskowski", email: "bart.zyskowski@example.org" },
  video: { name: "Ottoline Pemberfield", email: "ottoline.p@example.org" },
};
const consent = { agreed: true, text: "I agree that my words and recording may be published.", version: "2026-11-01" };

let t: TestApp;
let a: TestOrg;
let link: { id: string; brandId: string };
let slug = "";
let widgetDoc = "";
const registry = buildRegistry();
const ids = { written: "", audio: "", video: "" };
const needles: Record<string, Buffer> = {};

const api = (method: string, path: string, body?: unknown) => t.call(method, path, { auth: a.liveKey, body });
const fetchText = async (url: string) => {
  const res = await t.app.handle(new Request(url));
  return { status: res.status, text: await res.text() };
};

/** Runs every job due within the next few seconds (widget rebuilds wait a moment to coalesce changes). */
async function settle() {
  for (let i = 0; i < 3; i++) {
    await runDueJobs(t.deps, registry);
    t.clock.advance(5_000);
  }
}

/** Removal emails as handed to the mail transport: the only place their links are (the outbox copy holds none). */
const mailbox: { to: string; text: string }[] = [];

function tokenFor(email: string): string {
  const mail = mailbox.find((m) => m.to === email)!;
  return /\/remove\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

/** An audio testimonial uploaded over tus in one PATCH and processed by the real job. */
async function uploadAudio(path: string): Promise<string> {
  const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
  const { name, email } = PEOPLE.audio;
  const r = await t.call("POST", `/public/links/${link.id}/submissions`, {
    body: {
      kind: "audio",
      respondent: { name, email, company: COMPANY },
      consent,
      upload: { size: bytes.length, type: "audio/webm" },
    },
  });
  expect(r.status).toBe(201);
  const res = await t.app.handle(
    new Request(r.body.upload.url, {
      method: "PATCH",
      headers: { "tus-resumable": "1.0.0", "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      body: bytes,
    }),
  );
  expect(res.status).toBe(204);
  needles["original upload bytes"] = Buffer.from(bytes.slice(bytes.length >> 1, (bytes.length >> 1) + 64));
  return r.body.submission_id;
}

/** A video testimonial whose stand-in files carry MARKER. */
const fakeVideo = () =>
  fakeProcessedVideo(t, a, link.id, ["Stand-in", "words", "for", "Ottoline's", "video"], {
    respondent: PEOPLE.video,
    received: "live",
    fileText: (file) => `${MARKER} ${file}`,
  });

beforeAll(async () => {
  const media = ensureMediaFixtures();
  t = await makeTestApp();
  t.deps.mailer = {
    delivers: true,
    send: async (m) => (mailbox.push({ to: m.to, text: m.text }), { messageId: `<${mailbox.length}@test>` }),
    close() {},
  };
  a = await t.org({ name: "Erasure Test Co" });
  link = await makeLink(t, a.liveKey);
  ids.written = await writeTestimonial(
    t,
    link.id,
    `Honestly, our ${PHRASE} and the team made it easy.`,
    PEOPLE.written,
    5,
  );
  ids.audio = await uploadAudio(media.audioWebm);
  ids.video = await fakeVideo();
  await runDueJobs(t.deps, registry);
  const audio = (await api("GET", `/v1/submissions/${ids.audio}`)).body;
  expect(audio.status).toBe("ready");
  expect(audio.transcript.words.length).toBeGreaterThanOrEqual(3);
  const spoken = audio.transcript.text as string;
  needles["spoken words"] = Buffer.from(spoken.split(" ").slice(0, 3).join(" "));
  const processed = readFileSync(
    t.deps.storage.path(
      "media",
      t.deps.db.select().from(submissions).where(eq(submissions.id, ids.audio)).get()!.audioKey!,
    ),
  );
  needles["processed audio bytes"] = processed.subarray(processed.length >> 1, (processed.length >> 1) + 64);

  const tag = (await api("POST", "/v1/tags", { name: "Homepage" })).body.id;
  // The spoken words must be published to prove they are erased: the team checks the machine's draft first.
  await api("POST", `/v1/submissions/${ids.audio}/transcript/confirm`);
  for (const id of Object.values(ids)) {
    await api("POST", `/v1/submissions/${id}/approve`);
    await api("POST", `/v1/submissions/${id}/visibility`, { is_public: true });
    await api("POST", `/v1/submissions/${id}/tags`, { tag_id: tag });
  }
  const brand = (await api("PATCH", `/v1/brands/${link.brandId}`, { is_public: true })).body;
  slug = brand.slug;
  widgetDoc = (await api("POST", "/v1/widgets", { brand_id: link.brandId })).body.document_url;
  for (const format of ["csv", "json"]) expect((await api("POST", "/v1/exports", { format })).status).toBe(201);
  await settle();

  for (const text of [PHRASE, COMPANY, MARKER, ...Object.values(PEOPLE).flatMap((p) => [p.name, p.email])]) {
    needles[text] = Buffer.from(text);
    needles[`${text} (lower case)`] = Buffer.from(text.toLowerCase());
  }
}, 180_000);
afterAll(() => t?.close());

test("before the removal, every copy exists and the search finds it", async () => {
  const exports = (await api("GET", "/v1/exports")).body.data;
  expect(exports.map((e: { status: string }) => e.status)).toEqual(["ready", "ready"]);
  for (const e of exports) expect((await fetchText(e.download_url)).text).toContain(PEOPLE.audio.name);
  const shown = listShown(t.deps.db, { brandId: link.brandId }).map((r) => r.id);
  expect(shown.sort()).toEqual(Object.values(ids).sort());
  const doc = await fetchText(widgetDoc);
  const wall = await fetchText(`${t.base}/public/walls/${slug}`);
  const page = await fetchText(`${t.deps.config.siteUrl}/b/${slug}`);
  for (const person of Object.values(PEOPLE)) {
    expect(doc.text).toContain(person.name);
    expect(wall.text).toContain(person.name);
    expect(page.text).toContain(person.name);
  }
  const found = findInFiles(t.dir, needles).map((h) => h.split(": ")[1]);
  // Lower-case forms are searched afterwards too, though names are stored as typed.
  for (const label of Object.keys(needles).filter((l) => !l.endsWith("(lower case)"))) expect(found).toContain(label);
});

test("after each respondent confirms, nothing of them is left anywhere in the data directory", async () => {
  const exportUrls = (await api("GET", "/v1/exports")).body.data.map((e: { download_url: string }) => e.download_url);
  const published = (await api("GET", `/v1/submissions/${ids.video}`)).body.public_media.video_url as string;
  for (const [kind, person] of Object.entries(PEOPLE)) {
    const token = tokenFor(person.email);
    const look = await t.call("POST", "/public/removals/lookup", { body: { token } });
    expect(look.body).toMatchObject({ state: "pending", testimonial: { name: person.name, is_published: true } });
    const done = await t.call("POST", "/public/removals", { body: { token } });
    expect(done.body).toMatchObject({ state: "removed", removed_now: true });
    expect((await api("GET", `/v1/submissions/${ids[kind as keyof typeof ids]}`)).status).toBe(404);
  }
  // Hidden everywhere at once, before any job runs.
  expect(listShown(t.deps.db, { brandId: link.brandId })).toHaveLength(0);
  for (const url of exportUrls) expect((await fetchText(url)).status).toBe(410);
  expect((await fetchText(published)).status).toBe(404);
  expect((await api("GET", `/v1/submissions?q=zeppelin`)).body.data).toHaveLength(0);

  await settle();
  expect(findInFiles(t.dir, needles)).toEqual([]);

  const doc = await fetchText(widgetDoc);
  expect(JSON.parse(doc.text).items).toEqual([]);
  const wall = JSON.parse((await fetchText(`${t.base}/public/walls/${slug}`)).text);
  expect(wall.testimonials).toEqual([]);
  const page = await fetchText(`${t.deps.config.siteUrl}/b/${slug}`);
  for (const person of Object.values(PEOPLE)) expect(page.text).not.toContain(person.name);
  for (const id of Object.values(ids))
    expect((await fetchText(`${t.base}/public/walls/${slug}/testimonials/${id}`)).status).toBe(404);
  const exports = (await api("GET", "/v1/exports")).body.data;
  expect(exports.map((e: { status: string; reason: string }) => [e.status, e.reason])).toEqual([
    ["expired", "erased"],
    ["expired", "erased"],
  ]);
  const rows = t.deps.db.$client
    .query("SELECT status, respondent_name, respondent_email, erased_at IS NOT NULL AS erased FROM submissions")
    .all();
  expect(rows).toEqual(
    Object.values(ids).map(() => ({ status: "erased", respondent_name: "", respondent_email: null, erased: 1 })),
  );
});

test("events arrived in the order the actions happened, each once", () => {
  const events = listEvents(t.deps.db, a.id, "live", { limit: 500 }).reverse();
  for (const id of Object.values(ids)) {
    const own = events.filter((e) => (e.data as { id?: string }).id === id).map((e) => e.type);
    expect(own).toEqual(
      id === ids.video
        ? ["submission.created", "submission.approved"]
        : ["submission.created", "submission.ready", "submission.approved"],
    );
  }
  expect(events.filter((e) => e.type === "export.ready")).toHaveLength(2);
  expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort());
});
