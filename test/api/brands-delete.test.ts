/**
 * Deleting a brand (issue 29), through `app.handle`. The preview counts what goes; the default brand stays (409,
 * with the reason); deleting makes the wall, its JSON, the widget documents and the links answer 404 in the same
 * request and frees the plan's brand place, while the brand shows `deleting` with its progress and refuses changes;
 * the job erases its testimonials, files, reels and request campaigns and then the row; its slug and its links'
 * slugs stay with the organisation (another organisation gets 409, the organisation itself may reuse them); its
 * custom domain is free at once; client logins and invitations naming it lose it. Who may delete: owners and admins.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type Session, type TestApp, type TestOrg } from "../helpers/app";
import { addMember } from "../../src/domains/accounts/members";
import { createSession, SESSION_COOKIE } from "../../src/domains/accounts/sessions";
import { systemCtx } from "../../src/platform/context";
import { fakeProcessedVideo, writeTestimonial } from "../helpers/testimonials";
import { findInFiles } from "../helpers/data-search";
import { runDueJobs } from "../../src/platform/jobs/worker";
import { buildRegistry } from "../../src/composition";
import { submissions } from "../../src/domains/submissions";
import { members, invitations } from "../../src/domains/accounts/tables";
import { mailOutbox } from "../../src/platform/mail/tables";
import { ERASE_BATCH } from "../../src/domains/submissions/brand-deletion";
import { resolveLinkAddress } from "../../src/domains/capture/link-view";
import { runBrandDeletion } from "../../src/domains/brands";
import { unitOfWork } from "../../src/platform/db/unit-of-work";
import { accountCtx } from "../../src/domains/accounts/users";

const registry = buildRegistry();
const consent = "I agree that my words and recording may be published.";
const PHRASE = "cobalt gondola whistled sideways";
const PEOPLE = [
  { name: "Evangelina Thistlewood", email: "evangelina.t@example.org" },
  { name: "Barnaby Quillfeather", email: "barnaby.q@example.org" },
];

/** What the byte search looks for: the words, names and emails of the brand's testimonials and requests, the file bytes. */
const NEEDLES: Record<string, string> = {
  phrase: PHRASE,
  "file bytes": "QJX-brand-bytes-marker",
  "spoken words": "fixed my smile",
  "asked name": "Rowena Askedfor",
  "asked email": "rowena.asked@example.org",
  ...Object.fromEntries(
    [...PEOPLE, { name: "Octavia Wrenfield", email: "octavia.w@example.org" }].flatMap((p) => [
      [p.name, p.name],
      [p.email, p.email],
    ]),
  ),
};

let t: TestApp;
let a: TestOrg;
let b: TestOrg;
let brand: any;
let link: any;
let widgetDoc = "";
let videoId = "";
let defaultBrand = "";
const written: string[] = [];

const api = (method: string, path: string, body?: unknown, auth: string = a.liveKey) =>
  t.call(method, path, { auth, body });
const fetchStatus = async (url: string) => (await t.app.handle(new Request(url))).status;

/** Runs every job due within the next few seconds (widget rebuilds wait a moment). */
async function settle() {
  for (let i = 0; i < 3; i++) {
    await runDueJobs(t.deps, registry);
    t.clock.advance(5_000);
  }
}

beforeAll(async () => {
  t = await makeTestApp();
  t.deps.mailer = { delivers: true, send: async () => ({ messageId: "<m@test>" }), close() {} };
  a = await t.org({ name: "Agency A", plan: "core" });
  b = await t.org({ name: "Agency B" });
  defaultBrand = (await api("GET", "/v1/brands")).body.data[0].id;
  brand = (await api("POST", "/v1/brands", { name: "Harbour Dental", slug: "harbour-dental" })).body;
  link = (
    await api("POST", `/v1/brands/${brand.id}/links`, {
      title: "Tell us",
      slug: "harbour-smiles",
      prompts: [{ text: "How was it?" }],
      consent_text: consent,
      consent_version: "2026-11-01",
    })
  ).body;
  for (const [i, person] of PEOPLE.entries())
    written.push(await writeTestimonial(t, link.id, `Visit ${i}: our ${PHRASE} and the staff were kind.`, person, 5));
  videoId = await fakeProcessedVideo(t, a, link.id, ["Harbour", "fixed", "my", "smile", "today"], {
    respondent: { name: "Octavia Wrenfield", email: "octavia.w@example.org" },
    received: "live",
    fileText: (file) => `QJX-brand-bytes-marker ${file}`,
  });
  for (const id of [...written, videoId]) {
    await api("POST", `/v1/submissions/${id}/approve`, { publish: true });
  }
  await api("PATCH", `/v1/brands/${brand.id}`, { is_public: true, wall_link_id: link.id });
  widgetDoc = (await api("POST", "/v1/widgets", { brand_id: brand.id })).body.document_url;
  await api("POST", "/v1/reels", { brand_id: brand.id, submission_ids: [videoId] });
  const campaign = await api("POST", "/v1/campaigns", {
    link_id: link.id,
    subject: "Would you tell others about us?",
    message: "Hi {name},\n\nCould you spare two minutes?\n{link}\n\nThanks!",
    recipients: [{ name: "Rowena Askedfor", email: "rowena.asked@example.org" }],
  });
  expect(campaign.status).toBe(201);
  await settle();
}, 60_000);
afterAll(() => t.close());

describe("before", () => {
  test("the preview counts what goes", async () => {
    const r = await api("GET", `/v1/brands/${brand.id}/deletion`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      brand_id: brand.id,
      name: "Harbour Dental",
      can_delete: true,
      reason: null,
      testimonials: 3,
      widgets: 1,
      links: 1,
      reels: 1,
      requests: 1,
      slug: "harbour-dental",
      custom_domain: null,
    });
    // The video's four files, its published copies (video, poster, thumbnail, captions).
    expect(r.body.files).toBeGreaterThanOrEqual(8);
  });

  test("the byte search finds every needle before the deletion (so it looks in the right places)", () => {
    t.deps.db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    const found = new Set(findInFiles(t.dir, NEEDLES).map((h) => h.split(": ")[1]));
    expect([...found].sort()).toEqual(Object.keys(NEEDLES).sort());
    // The published copy of the video's file is in public/, the original in media/.
    const where = findInFiles(t.dir, { marker: "QJX-brand-bytes-marker" }).map((h) => h.split("/")[0]);
    expect(new Set(where)).toEqual(new Set(["media", "public"]));
  });

  test("the default brand cannot be deleted, and says why", async () => {
    const preview = await api("GET", `/v1/brands/${defaultBrand}/deletion`);
    expect(preview.body.can_delete).toBe(false);
    expect(preview.body.reason).toContain("default brand");
    const r = await api("DELETE", `/v1/brands/${defaultBrand}`);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe("default_brand");
  });

  test("members and clients may not delete a brand; another organisation gets 404", async () => {
    expect((await t.call("DELETE", `/v1/brands/${brand.id}`, { auth: await a.member("member") })).status).toBe(403);
    expect((await api("DELETE", `/v1/brands/${brand.id}`, undefined, b.liveKey)).status).toBe(404);
    expect((await api("GET", `/v1/brands/${brand.id}/deletion`, undefined, b.liveKey)).status).toBe(404);
  });
});

describe("deleting", () => {
  test("the wall, widget and link stop in the same request; the plan's place is free; the brand shows deleting", async () => {
    const site = t.deps.config.siteUrl;
    expect(await fetchStatus(`${site}/b/harbour-dental`)).toBe(200);
    expect(await fetchStatus(widgetDoc)).toBe(200);
    expect(resolveLinkAddress(t.deps, "harbour-smiles")?.id).toBe(link.id);
    expect((await t.call("GET", `/public/links/${link.id}`)).status).toBe(200);
    // A client login limited to this brand, and an invitation naming it.
    const clientRow = unitOfWork(t.deps, systemCtx(a.id, "live", t.clock), (tx) =>
      addMember(tx, {
        email: "cara@client.example",
        role: "client",
        brandIds: [brand.id, defaultBrand],
      }),
    );
    const client: Session = {
      cookie: `${SESSION_COOKIE}=${unitOfWork(t.deps, accountCtx(t.clock), (tx) => createSession(tx, clientRow.user_id)).token}`,
      orgId: a.id,
    };
    const inv = await t.call("POST", "/v1/members", {
      auth: a.owner,
      body: { email: "cleo@client.example", role: "client", brand_ids: [brand.id] },
    });
    expect(inv.status).toBe(201);
    const usedBefore = (await api("GET", "/v1/billing/usage")).body;

    const r = await api("DELETE", `/v1/brands/${brand.id}`);
    expect(r.status).toBe(202);
    expect(r.body.status).toBe("deleting");
    expect(r.body.deletion).toMatchObject({ testimonials_total: 3, testimonials_erased: 0 });
    expect(r.body.is_public).toBe(false);

    expect(await fetchStatus(`${site}/b/harbour-dental`)).toBe(404);
    expect(await fetchStatus(`${t.base}/public/walls/harbour-dental`)).toBe(404);
    expect(await fetchStatus(`${site}/b/harbour-dental/t/${written[0]}`)).toBe(404);
    expect(await fetchStatus(widgetDoc)).toBe(404);
    expect(resolveLinkAddress(t.deps, "harbour-smiles")).toBeNull();
    expect(resolveLinkAddress(t.deps, link.id)).toBeNull();
    expect((await t.call("GET", `/public/links/${link.id}`)).status).toBe(404);
    for (const id of written) expect((await api("GET", `/v1/submissions/${id}`)).status).toBe(404);
    expect((await api("GET", "/v1/submissions?q=gondola")).body.data).toEqual([]);

    const usage = (await api("GET", "/v1/billing/usage")).body;
    const brandsUsed = (u: any) => u.allowances.find((x: any) => x.name === "brands").used;
    expect(brandsUsed(usage)).toBe(brandsUsed(usedBefore) - 1);

    // Nothing new in a brand on its way out; it still answers, with its progress.
    const patched = await api("PATCH", `/v1/brands/${brand.id}`, { name: "Harbour Again" });
    expect(patched.status).toBe(409);
    expect(patched.body.error.code).toBe("brand_deleting");
    expect((await api("POST", "/v1/widgets", { brand_id: brand.id })).status).toBe(409);
    expect((await api("DELETE", `/v1/brands/${brand.id}`)).status).toBe(409);
    const shown = await api("GET", `/v1/brands/${brand.id}`);
    expect(shown.body.status).toBe("deleting");
    expect((await api("GET", "/v1/brands")).body.data.map((x: any) => [x.id, x.status])).toContainEqual([
      brand.id,
      "deleting",
    ]);

    // The client login keeps its other brand; the invitation, left with none, is revoked.
    expect(t.deps.db.select().from(members).where(eq(members.id, clientRow.id)).get()!.brandIds).toEqual([
      defaultBrand,
    ]);
    expect((await t.call("GET", `/v1/brands/${brand.id}`, { auth: client })).status).toBe(404);
    const invitation = t.deps.db.select().from(invitations).where(eq(invitations.id, inv.body.id)).get()!;
    expect(invitation.revokedAt).not.toBeNull();
  });

  test("the job erases everything in batches, then the brand; nothing of its testimonials is left in the data directory", async () => {
    await settle();
    expect(findInFiles(t.dir, NEEDLES)).toEqual([]);
    expect((await api("GET", `/v1/brands/${brand.id}`)).status).toBe(404);
    expect((await api("GET", "/v1/brands")).body.data.map((x: any) => x.id)).not.toContain(brand.id);
    expect(t.deps.db.select().from(submissions).where(eq(submissions.brandId, brand.id)).all()).toEqual([]);
    expect((await api("GET", "/v1/reels")).body.data).toEqual([]);
    expect((await api("GET", "/v1/campaigns")).body.data).toEqual([]);
    expect(
      t.deps.db
        .select()
        .from(mailOutbox)
        .all()
        .filter((m) => m.to.endsWith("@example.org")),
    ).toEqual([]);
  });

  test("a brand with more testimonials than a batch shows its progress between runs", async () => {
    const big = (await api("POST", "/v1/brands", { name: "Big Brand" })).body;
    const l = (
      await api("POST", `/v1/brands/${big.id}/links`, {
        title: "Tell us",
        prompts: [{ text: "How was it?" }],
        consent_text: consent,
        consent_version: "2026-11-01",
      })
    ).body;
    for (let i = 0; i < ERASE_BATCH + 5; i++)
      await writeTestimonial(t, l.id, `Number ${i} of many written testimonials for the batch test.`, {
        name: `P ${i}`,
      });
    expect((await api("DELETE", `/v1/brands/${big.id}`)).status).toBe(202);
    // One run of the job, as a worker would make it.
    expect(await runBrandDeletion(t.deps, big.id)).toBe("erasing");
    const mid = (await api("GET", `/v1/brands/${big.id}`)).body;
    expect(mid.deletion).toMatchObject({ testimonials_total: ERASE_BATCH + 5, testimonials_erased: ERASE_BATCH });
    await settle();
    expect((await api("GET", `/v1/brands/${big.id}`)).status).toBe(404);
  });
});

describe("afterwards", () => {
  test("its slug and its link's slug stay with the organisation; the organisation may reuse them", async () => {
    const otherBrand = await api("POST", "/v1/brands", { name: "Taker", slug: "harbour-dental" }, b.liveKey);
    expect(otherBrand.status).toBe(409);
    expect(otherBrand.body.error.code).toBe("slug_taken");
    const bBrand = (await api("GET", "/v1/brands", undefined, b.liveKey)).body.data[0].id;
    const otherLink = await api(
      "POST",
      `/v1/brands/${bBrand}/links`,
      { title: "T", slug: "harbour-smiles", prompts: [{ text: "Q?" }], consent_text: consent, consent_version: "v1" },
      b.liveKey,
    );
    expect(otherLink.status).toBe(409);
    expect(await fetchStatus(`${t.deps.config.siteUrl}/b/harbour-dental`)).toBe(404);
    const again = await api("POST", "/v1/brands", { name: "Harbour Dental again", slug: "harbour-dental" });
    expect(again.status).toBe(201);
  });

  test("its custom domain is free for another brand at once", async () => {
    const c = await t.org({ name: "Agency C", plan: "core" });
    const withDomain = (await api("POST", "/v1/brands", { name: "Domain Brand" }, c.liveKey)).body;
    const set = await api(
      "PATCH",
      `/v1/brands/${withDomain.id}`,
      { custom_domain: "reviews.client.example" },
      c.liveKey,
    );
    expect(set.status).toBe(200);
    const d = await t.org({ name: "Agency D", plan: "core" });
    const wanting = (await api("POST", "/v1/brands", { name: "Wants it" }, d.liveKey)).body;
    expect(
      (await api("PATCH", `/v1/brands/${wanting.id}`, { custom_domain: "reviews.client.example" }, d.liveKey)).status,
    ).toBe(409);
    expect((await api("DELETE", `/v1/brands/${withDomain.id}`, undefined, c.liveKey)).status).toBe(202);
    const taken = await api(
      "PATCH",
      `/v1/brands/${wanting.id}`,
      { custom_domain: "reviews.client.example" },
      d.liveKey,
    );
    expect(taken.status).toBe(200);
    expect(taken.body.custom_domain).toBe("reviews.client.example");
  });
});
