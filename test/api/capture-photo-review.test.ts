/**
 * The respondent's photo after the security review (issue 30): a testimonial takes at most five photos (the sixth is
 * a 409 and leaves nothing stored); once it was approved or made public, a new photo waits for review beside the
 * accepted one: the widget document and the wall keep showing the accepted photo, approving the new one
 * (`POST /v1/submissions/{id}/photo/approve`) publishes it under a new address and deletes the replaced files,
 * rejecting it (`/photo/reject`) deletes its file. The respondent's removal erases a photo waiting for review too.
 * Photos are plain colours, so which one is shown is read from its pixels.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { findInFiles } from "../helpers/data-search";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import { submissions, PHOTO_UPLOADS_MAX } from "../../src/domains/submissions";
import { REPLACED_AVATAR_GRACE_MS } from "../../src/domains/submissions/photo-files";
import { sendRemovalMail } from "../../src/domains/removals/send";
import type { MailMessage } from "../../src/platform/mail/mailer";

let t: TestApp;
let a: TestOrg;
let brand: string;
let link: any;
let slug: string;
let widgetDoc: string;
const registry = buildRegistry();

const consent = "I agree that Acme may publish my testimonial, name and photo.";
const COLOURS = {
  red: { r: 220, g: 20, b: 20 },
  green: { r: 20, g: 200, b: 20 },
  blue: { r: 20, g: 20, b: 220 },
  yellow: { r: 230, g: 220, b: 20 },
  magenta: { r: 220, g: 20, b: 220 },
  cyan: { r: 20, g: 210, b: 220 },
} as const;
type Colour = keyof typeof COLOURS;

const photo = async (colour: Colour) =>
  new Uint8Array(
    await sharp({ create: { width: 300, height: 300, channels: 3, background: COLOURS[colour] } })
      .jpeg()
      .toBuffer(),
  );

/** The colour of a served image, from its mean pixel. */
async function colourAt(url: string): Promise<Colour | null> {
  const res = await t.app.handle(new Request(url));
  if (res.status !== 200) return null;
  const { channels } = await sharp(new Uint8Array(await res.arrayBuffer())).stats();
  const [r, g, b] = channels.map((c) => c.mean);
  const near = (Object.keys(COLOURS) as Colour[]).find((k) => {
    const c = COLOURS[k];
    return Math.abs(c.r - r!) < 30 && Math.abs(c.g - g!) < 30 && Math.abs(c.b - b!) < 30;
  });
  return near ?? null;
}

const path = (url: string) => url.replace("http://plaudit.test", "");

async function upload(url: string, colour: Colour) {
  const form = new FormData();
  form.append("file", new Blob([(await photo(colour)) as Uint8Array<ArrayBuffer>], { type: "image/jpeg" }), "me.jpg");
  return t.call("POST", path(url), { body: form });
}

/** A written testimonial from a link that asks for a photo; its id and signed photo address. */
async function send(respondent: Record<string, unknown> = { name: "Pat Photo" }) {
  const r = await t.call("POST", `/public/links/${link.id}/submissions`, {
    body: {
      kind: "text",
      respondent,
      consent: { agreed: true, text: consent, version: "2026-11-01" },
      text: "Acme rebuilt our site in a week and sales doubled.",
    },
  });
  expect(r.status).toBe(201);
  return { id: r.body.submission_id as string, photoUrl: r.body.photo_upload.url as string };
}

const detail = async (id: string) => (await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey })).body;
const row = (id: string) => t.deps.db.select().from(submissions).where(eq(submissions.id, id)).get()!;
const mediaFile = (key: string) => join(t.dir, "media", key);
const publicFile = (key: string) => join(t.dir, "public", key);

/** Runs every job due within the next few seconds (widget rebuilds wait a moment to coalesce changes). */
async function settle() {
  for (let i = 0; i < 3; i++) {
    await runDueJobs(t.deps, registry);
    t.clock.advance(5_000);
  }
}

/** The avatar the widget document and the wall show for a testimonial. */
async function shownAvatars(id: string) {
  const doc = await (await t.app.handle(new Request(widgetDoc))).json();
  const wall = await t.call("GET", `/public/walls/${slug}`);
  return {
    widget: doc.items.find((i: any) => i.id === id)?.avatar_url as string | undefined,
    wall: wall.body.testimonials.find((i: any) => i.id === id)?.avatar_url as string | undefined,
  };
}

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  brand = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
  await t.call("PATCH", `/v1/brands/${brand}`, { auth: a.liveKey, body: { is_public: true } });
  slug = (await t.call("GET", `/v1/brands/${brand}`, { auth: a.liveKey })).body.slug;
  link = (
    await t.call("POST", `/v1/brands/${brand}/links`, {
      auth: a.liveKey,
      body: {
        title: "Tell us",
        prompts: [{ text: "What changed?" }],
        consent_text: consent,
        consent_version: "2026-11-01",
        collect_photo: true,
      },
    })
  ).body;
  widgetDoc = (await t.call("POST", "/v1/widgets", { auth: a.liveKey, body: { brand_id: brand } })).body.document_url;
});
afterAll(() => t.close());

describe("how many photos", () => {
  test(`a testimonial takes ${PHOTO_UPLOADS_MAX} photos; the sixth is refused and nothing of it is kept`, async () => {
    expect(PHOTO_UPLOADS_MAX).toBe(5);
    const { id, photoUrl } = await send();
    const colours: Colour[] = ["red", "green", "blue", "yellow", "magenta"];
    for (const colour of colours) {
      const r = await upload(photoUrl, colour);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ submission_id: id, photo: true, waiting_for_review: false });
    }
    // Not yet decided on: each replaced the one before, whose file is gone.
    expect(await colourAt((await detail(id)).media.avatar.url)).toBe("magenta");
    const kept = row(id).photoKey!;
    const refused = await upload(photoUrl, "cyan");
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "photo_limit_reached", details: { max_photos: 5 } });
    expect(refused.body.error.message).toContain("5 photos");
    expect(row(id)).toMatchObject({ photoKey: kept, pendingPhotoKey: null, photoUploads: 5 });
    expect(await colourAt((await detail(id)).media.avatar.url)).toBe("magenta");
    const dir = join(t.dir, "media", "submissions", id);
    expect([...new Bun.Glob("photo-*.webp").scanSync(dir)]).toEqual([kept.split("/").pop()!]);
  }, 60_000);
});

describe("a new photo after approval waits for review", () => {
  test("the published photo stays until a moderator approves the new one; approving swaps it in everywhere", async () => {
    const { id, photoUrl } = await send({ name: "Robin Reviewed" });
    expect((await upload(photoUrl, "red")).status).toBe(200);
    await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey, body: { publish: true } });
    await settle();
    const published = (await detail(id)).public_media.avatar_url as string;
    expect(await colourAt(published)).toBe("red");
    expect(await shownAvatars(id)).toEqual({ widget: published, wall: published });
    const firstKey = row(id).photoKey!;

    const late = await upload(photoUrl, "blue");
    expect(late.status).toBe(200);
    expect(late.body.waiting_for_review).toBe(true);
    await settle();
    const waiting = await detail(id);
    expect(waiting).toMatchObject({ has_photo: true, photo_pending: true });
    expect(await colourAt(waiting.media.avatar.url)).toBe("red");
    expect(await colourAt(waiting.media.pending_avatar.url)).toBe("blue");
    // Nothing public changed: the published copy, the widget document and the wall still show the accepted photo.
    expect(waiting.public_media.avatar_url).toBe(published);
    expect(await colourAt(published)).toBe("red");
    expect(await shownAvatars(id)).toEqual({ widget: published, wall: published });
    const list = await t.call("GET", `/v1/submissions?brand_id=${brand}`, { auth: a.liveKey });
    expect(list.body.data.find((s: any) => s.id === id).photo_pending).toBe(true);

    // A key that may only read cannot decide.
    const reader = a.key("live", ["submissions:read"]);
    expect((await t.call("POST", `/v1/submissions/${id}/photo/approve`, { auth: reader })).status).toBe(403);

    const approved = await t.call("POST", `/v1/submissions/${id}/photo/approve`, { auth: a.liveKey });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id, has_photo: true, photo_pending: false });
    expect(approved.body.media.pending_avatar).toBeUndefined();
    expect(await colourAt(approved.body.media.avatar.url)).toBe("blue");
    await settle();
    const after = (await detail(id)).public_media.avatar_url as string;
    expect(after).not.toBe(published);
    expect(await colourAt(after)).toBe("blue");
    expect(await shownAvatars(id)).toEqual({ widget: after, wall: after });
    // The replaced private photo is deleted at once; the replaced public copy once cached documents expired.
    expect(existsSync(mediaFile(firstKey))).toBe(false);
    const replacedPublic = new URL(published).pathname.replace(/^\/cdn\//, "");
    expect(existsSync(publicFile(replacedPublic))).toBe(true);
    t.clock.advance(REPLACED_AVATAR_GRACE_MS);
    await settle();
    expect(existsSync(publicFile(replacedPublic))).toBe(false);
    expect(await colourAt(after)).toBe("blue");

    const again = await t.call("POST", `/v1/submissions/${id}/photo/approve`, { auth: a.liveKey });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("no_pending_photo");
  }, 60_000);

  test("rejecting the new photo deletes its file and keeps the accepted one; a private approved testimonial waits too", async () => {
    const { id, photoUrl } = await send({ name: "Casey Careful" });
    expect((await upload(photoUrl, "green")).status).toBe(200);
    // Approved but private: nothing is published, yet the team already decided with the photo it saw.
    await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey, body: { publish: false } });
    expect((await upload(photoUrl, "magenta")).body.waiting_for_review).toBe(true);
    const pendingKey = row(id).pendingPhotoKey!;
    expect(existsSync(mediaFile(pendingKey))).toBe(true);

    const rejected = await t.call("POST", `/v1/submissions/${id}/photo/reject`, { auth: a.liveKey });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ photo_pending: false, has_photo: true });
    expect(await colourAt(rejected.body.media.avatar.url)).toBe("green");
    await settle();
    expect(existsSync(mediaFile(pendingKey))).toBe(false);
    expect(row(id).pendingPhotoKey).toBeNull();
    expect((await t.call("POST", `/v1/submissions/${id}/photo/reject`, { auth: a.liveKey })).status).toBe(409);

    // Published now: the accepted photo, never the rejected one.
    await t.call("POST", `/v1/submissions/${id}/visibility`, { auth: a.liveKey, body: { is_public: true } });
    await settle();
    const shown = await shownAvatars(id);
    expect(shown.widget).toBeDefined();
    expect(await colourAt(shown.widget!)).toBe("green");
    const audit = (await t.call("GET", "/v1/audit-log?action=submission.photo_rejected", { auth: a.owner })).body.data;
    expect(audit.map((e: any) => e.target_id)).toContain(id);
  }, 60_000);
});

describe("erasure", () => {
  test("the respondent's removal erases the accepted photo and the one waiting for review", async () => {
    const { id, photoUrl } = await send({ name: "Erin Erased", email: "erin.erased@example.org" });
    // The removal link from the respondent's email, delivered at once through a capturing transport.
    const queued = t.deps.db.$client
      .query(
        'SELECT m.id AS mailId, r.id AS removalId FROM mail_outbox m JOIN removals r ON r.mail_id = m.id WHERE m."to" = ?',
      )
      .get("erin.erased@example.org") as { mailId: string; removalId: string };
    const delivered: MailMessage[] = [];
    const mailer = {
      delivers: true,
      send: async (m: MailMessage) => (delivered.push(m), { messageId: "<m@t>" }),
      close() {},
    };
    expect(await sendRemovalMail({ ...t.deps, mailer }, queued.mailId, queued.removalId)).toBe("sent");
    const token = /\/remove\/([A-Za-z0-9_-]+)/.exec(delivered[0]!.text)![1]!;
    expect((await upload(photoUrl, "yellow")).status).toBe(200);
    await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey, body: { publish: true } });
    await settle();
    expect((await upload(photoUrl, "cyan")).body.waiting_for_review).toBe(true);
    const { photoKey, pendingPhotoKey } = row(id);
    const needles = {
      accepted: (await Bun.file(mediaFile(photoKey!)).bytes()).subarray(-64),
      pending: (await Bun.file(mediaFile(pendingPhotoKey!)).bytes()).subarray(-64),
    };
    expect(findInFiles(t.dir, needles).length).toBeGreaterThanOrEqual(2);

    const removed = await t.call("POST", "/public/removals", {
      body: { token },
      headers: { "x-forwarded-for": "192.0.2.44" },
    });
    expect(removed.body).toMatchObject({ state: "removed", removed_now: true });
    await settle();

    expect(row(id)).toMatchObject({ status: "erased", photoKey: null, pendingPhotoKey: null });
    expect(findInFiles(t.dir, needles)).toEqual([]);
    expect(existsSync(join(t.dir, "media", "submissions", id))).toBe(false);
    // The signed photo address now adds nothing.
    const late = await upload(photoUrl, "red");
    expect(late.status).toBe(404);
    expect(existsSync(join(t.dir, "media", "submissions", id))).toBe(false);
  }, 60_000);
});
