/**
 * Removal links reach only the respondent, and a confirmed removal leaves nothing public. The link is never in the
 * outbox the organisation reads (`GET /v1/outbox`), neither without SMTP (the outbox says the email could not be
 * delivered), nor while a send is retried, nor once sent; no file of the data directory ever holds the token. A
 * confirmed removal takes the testimonial's shared reel copy, export files and published media offline in the
 * confirming request, before any erasure job runs.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { findInFiles } from "../helpers/data-search";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { fakeProcessedVideo, makeLink, writeTestimonial } from "../helpers/testimonials";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { sha256 } from "../../src/platform/crypto";
import { buildRegistry } from "../../src/composition";
import type { MailMessage } from "../../src/platform/mail/mailer";
import { fakeRenderer } from "./reels-helpers";

let t: TestApp;
let a: TestOrg;
let link: { id: string; brandId: string };
const registry = buildRegistry();
const delivered: MailMessage[] = [];
const run = () => runDueJobs(t.deps, registry);
const deliverWith = (delivers: boolean) => {
  t.deps.mailer = delivers
    ? {
        delivers: true,
        send: async (m) => (delivered.push(m), { messageId: `<${delivered.length}@test>` }),
        close() {},
      }
    : { delivers: false, send: async () => Promise.reject(new Error("no SMTP")), close() {} };
};

const tokenIn = (text: string) =>
  new RegExp(`${t.deps.config.siteUrl}/remove/([A-Za-z0-9_-]+)`).exec(text)?.[1] ?? null;
const outbox = async () => (await t.call("GET", "/v1/outbox?limit=100", { auth: a.owner })).body;

/** A processed video testimonial from a respondent with an email (small stand-in files, a transcript). */
const videoWithEmail = (email: string, name: string) =>
  fakeProcessedVideo(t, a, link.id, "We love this product and support answered within minutes every time".split(" "), {
    respondent: { name, email },
    received: "live",
  });

beforeAll(async () => {
  t = await makeTestApp({ PLAUDIT_SITE_URL: "http://site.plaudit.test" });
  t.deps.reelRenderer = fakeRenderer();
  a = await t.org({ name: "Leak Check Co" });
  link = await makeLink(t, a.liveKey);
});
afterAll(() => t.close());

describe("the removal link never reaches the organisation", () => {
  test("without SMTP: the outbox says the email could not be delivered and shows no link; no file holds a token", async () => {
    deliverWith(false);
    const id = await writeTestimonial(t, link.id, "No mail server is configured on this appliance.", {
      name: "Nora Nosmtp",
      email: "nora@example.com",
    });
    await run();
    const mail = (await outbox()).data.find((m: { to: string }) => m.to === "nora@example.com");
    expect(mail).toMatchObject({ status: "outbox", subject: "Thank you for your testimonial for Leak Check Co" });
    expect(mail.error).toContain("could not be delivered");
    expect(mail.text).not.toContain("/remove/");
    expect(JSON.stringify(await outbox())).not.toMatch(/\/remove\/[A-Za-z0-9_-]{16,}/);
    // Only the hash is stored, and no byte of the data directory (database, WAL, files) holds a token.
    const stored = t.deps.db.$client.query("SELECT token_hash FROM removals WHERE submission_id = ?").get(id) as {
      token_hash: string;
    };
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(findInFiles(t.dir, { needle: "/remove/" })).toEqual([]);
  });

  test("with SMTP: the link is in the delivered message only, after a failed attempt too; it works", async () => {
    let up = false;
    t.deps.mailer = {
      delivers: true,
      send: async (m) =>
        up
          ? (delivered.push(m), { messageId: "<ok@test>" })
          : Promise.reject(Object.assign(new Error("busy"), { responseCode: 421 })),
      close() {},
    };
    await writeTestimonial(t, link.id, "Please mail me the link to remove this later.", {
      name: "Sam Smtp",
      email: "sam@example.com",
    });
    await run();
    const waiting = (await outbox()).data.find((m: { to: string }) => m.to === "sam@example.com");
    expect(waiting).toMatchObject({ status: "queued", error: "busy" });
    expect(waiting.text).not.toContain("/remove/");
    up = true;
    t.clock.advance(60_000);
    await run();
    const sent = (await outbox()).data.find((m: { to: string }) => m.to === "sam@example.com");
    expect(sent.status).toBe("sent");
    expect(sent.text).not.toContain("/remove/");
    const email = delivered.find((m) => m.to === "sam@example.com")!;
    const token = tokenIn(email.text)!;
    expect(token).toHaveLength(32);
    expect(findInFiles(t.dir, { needle: token })).toEqual([]);
    expect(t.deps.db.$client.query("SELECT id FROM removals WHERE token_hash = ?").get(sha256(token))).not.toBeNull();
    const look = await t.call("POST", "/public/removals/lookup", {
      body: { token },
      headers: { "x-forwarded-for": "198.51.100.20" },
    });
    expect(look.body.state).toBe("pending");
  });
});

describe("a confirmed removal leaves nothing public", () => {
  test("the shared reel copy, the export file and the published media are offline in the confirming request", async () => {
    deliverWith(true);
    const keep = await videoWithEmail("kim@example.com", "Kim Keep");
    const gone = await videoWithEmail("gus@example.com", "Gus Gone");
    for (const id of [keep, gone]) {
      await t.call("POST", `/v1/submissions/${id}/approve`, { auth: a.liveKey });
      await t.call("POST", `/v1/submissions/${id}/visibility`, { auth: a.liveKey, body: { is_public: true } });
    }
    const reel = (
      await t.call("POST", "/v1/reels", {
        auth: a.owner,
        body: { brand_id: link.brandId, submission_ids: [keep, gone] },
      })
    ).body;
    expect((await t.call("POST", `/v1/reels/${reel.id}/render`, { auth: a.owner })).status).toBe(202);
    await run();
    expect((await t.call("POST", `/v1/reels/${reel.id}/share`, { auth: a.liveKey })).status).toBe(200);
    const exp = (await t.call("POST", "/v1/exports", { auth: a.liveKey, body: { format: "json" } })).body;
    await run();
    const shared = (await t.call("GET", `/v1/reels/${reel.id}`, { auth: a.owner })).body.share;
    expect(shared.status).toBe("live");
    const reelUrls: string[] = [
      ...shared.urls.variants.map((v: { url: string }) => v.url),
      shared.urls.poster_url,
      shared.urls.captions_url,
    ];
    const ready = (await t.call("GET", `/v1/exports/${exp.id}`, { auth: a.liveKey })).body;
    expect(ready.status).toBe("ready");
    const media = (await t.call("GET", `/v1/submissions/${gone}`, { auth: a.liveKey })).body.public_media;
    const mediaUrls = [media.video_url, media.poster_url].filter(Boolean) as string[];
    for (const url of [...reelUrls, ...mediaUrls, ready.download_url])
      expect((await t.app.handle(new Request(url))).status).toBe(200);
    const token = tokenIn(delivered.find((m) => m.to === "gus@example.com")!.text)!;
    const exportFiles = t.deps.storage.list("media", "exports");

    const done = await t.call("POST", "/public/removals", {
      body: { token },
      headers: { "x-forwarded-for": "198.51.100.21" },
    });
    expect(done.body).toMatchObject({ state: "removed", removed_now: true });
    // No job has run: the erasure has not happened yet, and still nothing is reachable.
    for (const url of [...reelUrls, ...mediaUrls]) expect((await t.app.handle(new Request(url))).status).toBe(404);
    expect((await t.app.handle(new Request(ready.download_url))).status).toBeGreaterThanOrEqual(404);
    expect((await t.call("GET", `/v1/exports/${exp.id}`, { auth: a.liveKey })).body).toMatchObject({
      status: "expired",
    });
    expect(t.deps.storage.list("media", "exports").length).toBeLessThan(exportFiles.length);
    expect((await t.call("GET", `/v1/reels/${reel.id}`, { auth: a.owner })).body.share).toMatchObject({
      enabled: false,
      urls: null,
    });
    expect(t.deps.db.$client.query("SELECT status FROM submissions WHERE id = ?").get(gone)).toEqual({
      status: "ready",
    });
  }, 30_000);
});
