/**
 * A respondent's new photo after approval, in Chromium against the executable and its job workers (issue 30). A
 * written testimonial with a red photo is approved and published; the respondent then sends a blue one through the
 * same signed address. The inbox marks the row "New photo" and the open testimonial shows "New photo waiting for
 * review" with both photos; the wall still shows red. "Use the new photo" swaps blue in (the header photo turns blue,
 * the published avatar and the wall follow). A third, green photo is discarded with "Discard it" and never shown.
 * Photos are plain colours, read back from their pixels. Screenshot: /tmp/inbox-photo-review.png.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import sharp from "sharp";
import { type Browser, type Page } from "playwright-core";
import { launchChromium, signInAs, axeBuilder } from "../helpers/browser";
import { startServer, type RunningServer } from "../helpers/server";

const CONSENT = "I agree that Acme may publish my words, name and photo.";
const COLOURS = { red: [220, 20, 20], blue: [20, 20, 220], green: [20, 200, 20] } as const;
type Colour = keyof typeof COLOURS;

let server: RunningServer;
let browser: Browser;
let key = "";
let slug = "";

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Which of the colours a red, green, blue triple is. */
function nearest([r, g, b]: number[]): Colour | null {
  return (
    (Object.keys(COLOURS) as Colour[]).find((c) => COLOURS[c].every((v, i) => Math.abs(v - [r!, g!, b!][i]!) < 30)) ??
    null
  );
}

/** The colour of the image at a public address. */
async function colourAt(url: string): Promise<Colour | null> {
  const res = await fetch(url);
  if (res.status !== 200) return null;
  const { channels } = await sharp(new Uint8Array(await res.arrayBuffer())).stats();
  return nearest(channels.map((c) => c.mean));
}

async function sendPhoto(url: string, colour: Colour) {
  const [r, g, b] = COLOURS[colour];
  const jpeg = await sharp({ create: { width: 320, height: 320, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "me.jpg");
  const res = await fetch(url, { method: "POST", body: form });
  return { status: res.status, body: (await res.json()) as any };
}

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await Bun.sleep(200);
  }
}

const wallAvatar = async (id: string) =>
  (await api("GET", `/public/walls/${slug}`)).body.testimonials?.find((x: any) => x.id === id)?.avatar_url as
    | string
    | undefined;

/** The colour an image element of the page shows, read from its pixels. */
const pageColour = async (page: Page, name: string) =>
  nearest(
    await page.getByRole("img", { name, exact: true }).evaluate(async (img: HTMLImageElement) => {
      if (!img.complete || !img.naturalWidth) await new Promise((r) => img.addEventListener("load", r, { once: true }));
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 1;
      const ctx = canvas.getContext("2d")!;
      ctx.drawImage(img, 0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    }),
  );

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  key = await server.createKey("live");
  const brand = (await api("GET", "/v1/brands")).body.data[0].id;
  await api("PATCH", `/v1/brands/${brand}`, { is_public: true });
  slug = (await api("GET", `/v1/brands/${brand}`)).body.slug;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test("a new photo after approval waits in the inbox; using it swaps it in, discarding one keeps the photo", async () => {
  const brand = (await api("GET", "/v1/brands")).body.data[0].id;
  const link = (
    await api("POST", `/v1/brands/${brand}/links`, {
      title: "Tell us",
      prompts: [{ text: "What changed?" }],
      consent_text: CONSENT,
      consent_version: "2026-11-01",
      collect_photo: true,
    })
  ).body;
  const sent = await api("POST", `/public/links/${link.id}/submissions`, {
    kind: "text",
    respondent: { name: "Xena Photo" },
    consent: { agreed: true, text: CONSENT, version: "2026-11-01" },
    text: "They answered every question the same day and fixed our checkout.",
  });
  expect(sent.status).toBe(201);
  const id = sent.body.submission_id as string;
  const photoUrl = sent.body.photo_upload.url as string;
  expect((await sendPhoto(photoUrl, "red")).body.waiting_for_review).toBe(false);
  expect((await api("POST", `/v1/submissions/${id}/approve`, { publish: true })).status).toBe(200);
  const published = await until(
    "the published photo on the wall",
    () => wallAvatar(id),
    (u) => !!u,
  );
  expect(await colourAt(published!)).toBe("red");

  expect((await sendPhoto(photoUrl, "blue")).body.waiting_for_review).toBe(true);

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && !/status of 401/.test(m.text()) && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await signInAs(page, server.url, server.owner);
  await page.getByRole("heading", { name: "Brands", level: 1 }).waitFor();
  await page.goto(`${server.url}/app/inbox/${id}`);

  const row = page.locator(`.inbox-row[data-id="${id}"]`);
  await row.getByText("New photo", { exact: true }).waitFor();
  const review = page.getByRole("region", { name: "New photo waiting for review" });
  await review.waitFor();
  expect(await pageColour(page, "Current photo of Xena Photo")).toBe("red");
  expect(await pageColour(page, "New photo sent by Xena Photo")).toBe("blue");
  expect(await pageColour(page, "Photo sent by Xena Photo")).toBe("red");
  await review.screenshot({ path: "/tmp/inbox-photo-review.png" });
  const axe = await axeBuilder(page).include(".photo-review").analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  // Still the accepted photo wherever it is public.
  expect(await wallAvatar(id)).toBe(published);

  await review.getByRole("button", { name: "Use the new photo" }).click();
  await page.getByText("Xena Photo’s new photo is in use").waitFor();
  await review.waitFor({ state: "detached" });
  expect(await pageColour(page, "Photo sent by Xena Photo")).toBe("blue");
  expect(await row.getByText("New photo", { exact: true }).count()).toBe(0);
  const swapped = await until(
    "the new photo on the wall",
    () => wallAvatar(id),
    (u) => !!u && u !== published,
  );
  expect(await colourAt(swapped!)).toBe("blue");

  // A third photo, discarded: the photo in use stays, and the green one is never shown.
  expect((await sendPhoto(photoUrl, "green")).body.waiting_for_review).toBe(true);
  await page.reload();
  await review.waitFor();
  expect(await pageColour(page, "New photo sent by Xena Photo")).toBe("green");
  await review.getByRole("button", { name: "Discard it" }).click();
  await page.getByText("Discarded Xena Photo’s new photo").waitFor();
  await review.waitFor({ state: "detached" });
  expect(await pageColour(page, "Photo sent by Xena Photo")).toBe("blue");
  const after = (await api("GET", `/v1/submissions/${id}`)).body;
  expect(after).toMatchObject({ photo_pending: false, has_photo: true });
  expect(after.media.pending_avatar).toBeUndefined();
  expect(await wallAvatar(id)).toBe(swapped);
  expect(problems).toEqual([]);
}, 120_000);
