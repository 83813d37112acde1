/**
 * The capture API honouring a link's settings: the page data carries them; the kinds a link accepts; a rating only
 * where asked; answers to the link's own questions checked (required, choice in options, yes/no, bounds, unknown ids)
 * and stored with the testimonial, shown in its API answer; the respondent's photo through the signed address
 * (decoded by sharp, cropped square, metadata stripped; not an image, too large, forged or expired address refused)
 * and shown as the avatar in the widget document and on the wall once published.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import sharp from "sharp";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import { FACE_PORTRAIT } from "../fixtures/media/speaker-video";

let t: TestApp;
let a: TestOrg;
let brand: string;
let link: any;
let textOnly: any;

const consent = "I agree that Acme may publish my testimonial, name and photo.";
const agreed = { agreed: true, text: consent, version: "2026-11-01" };
const words = "Acme rebuilt our site in a week and sales doubled.";

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  brand = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
  await t.call("PATCH", `/v1/brands/${brand}`, { auth: a.liveKey, body: { is_public: true } });
  const make = async (extra: Record<string, unknown>) =>
    (
      await t.call("POST", `/v1/brands/${brand}/links`, {
        auth: a.liveKey,
        body: {
          title: "Tell us",
          prompts: [{ text: "What changed?" }, { text: "What would you tell a friend?" }],
          consent_text: consent,
          consent_version: "2026-11-01",
          ...extra,
        },
      })
    ).body;
  link = await make({
    welcome_message: "Thanks for taking a minute!",
    thank_you_message: "You made our week.",
    call_to_action: { label: "Leave a Google review", url: "https://g.page/r/acme/review" },
    custom_fields: [
      { label: "Which service did you use?", type: "choice", options: ["Design", "Build"], required: true },
      { label: "Your website", type: "short_text" },
      { label: "Would you recommend us?", type: "yes_no", show_publicly: true },
    ],
    collect_photo: true,
  });
  textOnly = await make({ accepts: ["text"], ask_rating: false });
});
afterAll(() => t.close());

const [service, site, recommend] = [0, 1, 2].map((i) => () => link.custom_fields[i].id as string);
const send = (l: any, extra: Record<string, unknown>) =>
  t.call("POST", `/public/links/${l.id}/submissions`, {
    body: { kind: "text", respondent: { name: "Pat Photo" }, consent: agreed, text: words, ...extra },
  });

describe("the page data", () => {
  test("carries the settings the page needs, without the owner-only show_publicly", async () => {
    const r = await t.call("GET", `/public/links/${link.id}`);
    expect(r.body).toMatchObject({
      accepts: ["video", "audio", "text"],
      ask_rating: true,
      welcome_message: "Thanks for taking a minute!",
      thank_you_message: "You made our week.",
      call_to_action: { label: "Leave a Google review", url: "https://g.page/r/acme/review" },
      redirect_url: null,
      collect_photo: true,
      closed_reason: null,
    });
    expect(r.body.custom_fields[0]).toEqual({
      id: service(),
      label: "Which service did you use?",
      type: "choice",
      required: true,
      options: ["Design", "Build"],
    });
    expect(r.body.limits.total_seconds).toBe(240);
    expect(r.body.limits.max_photo_bytes).toBeGreaterThan(1_000_000);
  }, 30_000);
});

describe("kinds and rating", () => {
  test("a kind the link does not take is 400 naming what it takes", async () => {
    const r = await t.call("POST", `/public/links/${textOnly.id}/submissions`, {
      body: {
        kind: "video",
        respondent: { name: "Vid" },
        consent: agreed,
        upload: { size: 1000, type: "video/webm" },
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toMatchObject({ field: "kind", accepts: ["text"] });
    expect(r.body.error.message).toBe("This page takes a written answer.");
  }, 30_000);

  test("a rating on a link that asks none is 400; without one it is taken", async () => {
    const r = await send(textOnly, { rating: 5 });
    expect(r.status).toBe(400);
    expect(r.body.error.details.field).toBe("rating");
    expect((await send(textOnly, {})).status).toBe(201);
  }, 30_000);
});

describe("answers to the link's own questions", () => {
  const bad: [string, () => unknown[], () => string][] = [
    ["a required one left out", () => [{ id: site(), value: "acme.test" }], () => `custom_fields.${service()}`],
    ["a required one blank", () => [{ id: service(), value: "  " }], () => `custom_fields.${service()}`],
    [
      "a choice not among the options",
      () => [{ id: service(), value: "Marketing" }],
      () => `custom_fields.${service()}`,
    ],
    ["a choice answered yes", () => [{ id: service(), value: true }], () => `custom_fields.${service()}`],
    [
      "yes/no answered in words",
      () => [
        { id: service(), value: "Design" },
        { id: recommend(), value: "yes" },
      ],
      () => `custom_fields.${recommend()}`,
    ],
    ["an unknown question", () => [{ id: "fld_nope", value: "x" }], () => "custom_fields[0].id"],
    [
      "the same question twice",
      () => [
        { id: service(), value: "Design" },
        { id: service(), value: "Build" },
      ],
      () => "custom_fields[1].id",
    ],
    ["a short text over 500 characters", () => [{ id: site(), value: "x".repeat(501) }], () => "custom_fields"],
    ["an answer with an extra key", () => [{ id: site(), value: "x", extra: 1 }], () => "custom_fields"],
    ["answers not a list", () => ({ [service()]: "Design" }) as unknown as unknown[], () => "custom_fields"],
  ];
  for (const [name, answers, field] of bad) {
    test(`${name} is 400 naming the field`, async () => {
      const r = await send(link, { custom_fields: answers() });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("validation_failed");
      expect(String(r.body.error.details?.field)).toStartWith(field());
    }, 30_000);
  }

  test("good answers are stored with the question as asked and shown in the API", async () => {
    const r = await send(link, {
      custom_fields: [
        { id: service(), value: " Build " },
        { id: recommend(), value: false },
      ],
    });
    expect(r.status).toBe(201);
    const d = await t.call("GET", `/v1/submissions/${r.body.submission_id}`, { auth: a.liveKey });
    expect(d.body.custom_fields).toEqual([
      { id: service(), label: "Which service did you use?", value: "Build" },
      { id: recommend(), label: "Would you recommend us?", value: false },
    ]);
    const list = await t.call("GET", `/v1/submissions?brand_id=${brand}`, { auth: a.liveKey });
    expect(list.body.data.find((s: any) => s.id === r.body.submission_id).custom_fields).toHaveLength(2);
    // A link without questions of its own stores none.
    const plain = await send(textOnly, {});
    const p = await t.call("GET", `/v1/submissions/${plain.body.submission_id}`, { auth: a.liveKey });
    expect(p.body.custom_fields).toEqual([]);
  }, 30_000);
});

describe("the respondent's photo", () => {
  const photoForm = (bytes: Uint8Array, type = "image/jpeg") => {
    const form = new FormData();
    form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), "me.jpg");
    return form;
  };
  const pathOf = (url: string) => url.replace("http://plaudit.test", "");
  let portrait: Uint8Array;

  beforeAll(async () => {
    // A tall portrait carrying EXIF with a GPS-like comment: both must be gone after processing.
    portrait = new Uint8Array(
      await sharp(FACE_PORTRAIT)
        .resize(600, 900, { fit: "cover" })
        .withExif({ IFD0: { ImageDescription: "GPS 51.5007 -0.1246 home", Artist: "Pat" } })
        .jpeg()
        .toBuffer(),
    );
    expect((await sharp(portrait).metadata()).exif).toBeDefined();
  });

  test("a link that asks none hands out no photo address", async () => {
    expect((await send(textOnly, {})).body.photo_upload).toBeNull();
  }, 30_000);

  test("is cropped square, re-encoded without metadata, and becomes the avatar once shown", async () => {
    const r = await send(link, {
      custom_fields: [
        { id: service(), value: "Design" },
        { id: recommend(), value: true },
      ],
    });
    expect(r.status).toBe(201);
    expect(r.body.photo_upload).toMatchObject({ field: "file" });
    const up = await t.call("POST", pathOf(r.body.photo_upload.url), { body: photoForm(portrait) });
    expect(up.status).toBe(200);
    const id = r.body.submission_id;
    const d = await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey });
    expect(d.body.has_photo).toBe(true);
    expect(d.body.media.avatar.content_type).toBe("image/webp");
    const file = await t.app.handle(new Request(d.body.media.avatar.url));
    expect(file.status).toBe(200);
    const meta = await sharp(new Uint8Array(await file.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 400, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();

    // Shown: published on the CDN and used as the face in the widget document and on the wall.
    await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey });
    await t.call("POST", `/v1/submissions/${id}/visibility`, { auth: a.liveKey, body: { is_public: true } });
    await runDueJobs(t.deps, buildRegistry());
    const shown = await t.call("GET", `/v1/submissions/${id}`, { auth: a.liveKey });
    const avatar = shown.body.public_media.avatar_url as string;
    expect(avatar).toMatch(/\/avatar\.webp$/);
    expect((await t.app.handle(new Request(avatar))).status).toBe(200);
    const w = (await t.call("POST", "/v1/widgets", { auth: a.liveKey, body: { brand_id: brand } })).body;
    t.clock.advance(2_000);
    await runDueJobs(t.deps, buildRegistry());
    const doc = await (await t.app.handle(new Request(w.document_url))).json();
    expect(doc.items.find((i: any) => i.id === id)?.avatar_url).toBe(avatar);
    const slug = (await t.call("GET", `/v1/brands/${brand}`, { auth: a.liveKey })).body.slug;
    const wall = await t.call("GET", `/public/walls/${slug}`);
    expect(wall.body.testimonials.find((i: any) => i.id === id)?.avatar_url).toBe(avatar);
  }, 60_000);

  test("bad photos and bad addresses are refused with clear 4xx answers", async () => {
    const r = await send(link, { custom_fields: [{ id: service(), value: "Design" }] });
    const url = pathOf(r.body.photo_upload.url);
    const notImage = await t.call("POST", url, { body: photoForm(new TextEncoder().encode("<svg onload=alert(1)>")) });
    expect(notImage.status).toBe(415);
    expect(notImage.body.error.details.field).toBe("file");
    const svg = await t.call("POST", url, {
      body: photoForm(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>')),
    });
    expect(svg.status).toBe(415);
    const empty = await t.call("POST", url, { body: photoForm(new Uint8Array(0)) });
    expect(empty.status).toBe(400);
    const huge = await t.call("POST", url, { body: photoForm(new Uint8Array(7 * 1024 * 1024 + 1)) });
    expect(huge.status).toBe(413);
    const noForm = await t.call("POST", url, { body: { file: "x" } });
    expect(noForm.status).toBe(400);
    const noFile = new FormData();
    noFile.append("other", "x");
    expect((await t.call("POST", url, { body: noFile })).status).toBe(400);
    const forged = url.replace(/sig=[^&]+/, "sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect((await t.call("POST", forged, { body: photoForm(portrait) })).status).toBe(404);
    const otherId = url.replace(r.body.submission_id, link.id);
    expect((await t.call("POST", otherId, { body: photoForm(portrait) })).status).toBe(404);
    t.clock.advance(25 * 3600_000);
    const late = await t.call("POST", url, { body: photoForm(portrait) });
    expect(late.status).toBe(410);
    const d = await t.call("GET", `/v1/submissions/${r.body.submission_id}`, { auth: a.liveKey });
    expect(d.body.has_photo).toBe(false);
  }, 60_000);
});
