/**
 * The credentials and objects the auth matrix needs on a running server: one object of every kind a route can
 * name, in each mode of the first organisation (made through the API with an owner's key, as a customer would),
 * a second organisation with its own keys, keys lacking one scope each, a revoked key, and the sessions of an
 * owner, of a plain member and of a client (limited to a brand the fixtures do not use). Also counts the rows of
 * every table, to show that a refused request changed nothing.
 */
import { eq } from "drizzle-orm";
import type { RunningServer } from "./server";
import type { RefKind } from "./auth-matrix-routes";
import { createApiKey, createOrganisation } from "../../src/domains/accounts";
import { SCOPES } from "../../src/platform/access";
import { addMember } from "../../src/domains/accounts/members";
import { submissions, transcripts } from "../../src/domains/submissions";
import { systemCtx, type Mode } from "../../src/platform/context";
import { createCampaign } from "../../src/domains/campaigns";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

/** An answer of the server. */
export interface Answer {
  status: number;
  text: string;
  json: any;
  headers: Headers;
}

/** How a request authenticates: an API key, or a session cookie. */
export type Credential = { key: string } | { cookie: string } | null;

/** Sends one request to the server. */
export async function send(
  base: string,
  method: string,
  url: string,
  cred: Credential,
  body?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const h: Record<string, string> = { ...headers };
  if (cred && "key" in cred) h.authorization = cred.key.includes(" ") ? cred.key : `Bearer ${cred.key}`;
  if (cred && "cookie" in cred) h.cookie = cred.cookie;
  if (body !== undefined) h["content-type"] = "application/json";
  const r = await fetch(base + url, {
    method,
    headers: h,
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  const text = await r.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: r.status, text, json, headers: r.headers };
}

async function must(a: Promise<Answer>, what: string): Promise<any> {
  const r = await a;
  if (r.status >= 300) throw new Error(`fixture ${what}: ${r.status} ${r.text.slice(0, 300)}`);
  return r.json;
}

const CONSENT = { agreed: true, text: "I agree that my words and recording may be published.", version: "2026-11-01" };

/** One object of every kind in one mode of the first organisation, made with an owner's full key of that mode. */
export async function makeObjects(
  server: RunningServer,
  mode: Mode,
  ownerKey: string,
  ownerCookie: string,
  webhookUrl: string,
  notes: string[],
): Promise<Record<RefKind, string>> {
  const base = server.url;
  const key = { key: ownerKey };
  const ids = {} as Record<RefKind, string>;
  // The default brand: the first organisation also has a client's brand, which the fixtures leave alone.
  ids.brand = (await must(send(base, "GET", "/v1/brands", key), "brands")).data.find((b: any) => b.is_default).id;
  const link = await must(
    send(
      base,
      "POST",
      `/v1/brands/${ids.brand}/links`,
      key,
      JSON.stringify({
        title: "Matrix",
        prompts: [{ text: "How was it?" }],
        consent_text: CONSENT.text,
        consent_version: CONSENT.version,
      }),
    ),
    "link",
  );
  ids.link = link.id;
  const written = await must(
    send(
      base,
      "POST",
      `/public/links/${ids.link}/submissions`,
      null,
      JSON.stringify({
        kind: "text",
        respondent: { name: "Robin Writer" },
        consent: CONSENT,
        text: "A written testimonial for the auth matrix, long enough to keep.",
      }),
    ),
    "written testimonial",
  );
  ids.submission = written.submission_id;
  ids.video = await processedVideo(server, ids.link);
  ids.tag = (await must(send(base, "POST", "/v1/tags", key, JSON.stringify({ name: `matrix-${mode}` })), "tag")).id;
  await must(
    send(base, "POST", `/v1/submissions/${ids.submission}/tags`, key, JSON.stringify({ tag_id: ids.tag })),
    "tagging",
  );
  await must(
    send(
      base,
      "POST",
      "/v1/imports",
      key,
      JSON.stringify({
        brand_id: ids.brand,
        source: { name: "Matrix" },
        attested: true,
        rows: [{ text: "An imported review for the auth matrix.", name: "Ivy Import", rating: 5 }],
      }),
    ),
    "import",
  );
  ids.widget = (
    await must(send(base, "POST", "/v1/widgets", key, JSON.stringify({ brand_id: ids.brand })), "widget")
  ).id;
  ids.webhook = (
    await must(
      send(base, "POST", "/v1/webhooks", key, JSON.stringify({ url: webhookUrl, events: ["export.ready"] })),
      "webhook",
    )
  ).id;
  await must(send(base, "POST", `/v1/webhooks/${ids.webhook}/test`, key, "{}"), "webhook test");
  ids.delivery = (
    await must(send(base, "GET", `/v1/webhooks/${ids.webhook}/deliveries`, key), "deliveries")
  ).data[0]?.id;
  if (!ids.delivery) throw new Error("fixture delivery: the test event made no delivery");
  ids.export = (await must(send(base, "POST", "/v1/exports", key, JSON.stringify({ format: "csv" })), "export")).id;
  const reel = await send(
    base,
    "POST",
    "/v1/reels",
    key,
    JSON.stringify({ brand_id: ids.brand, submission_ids: [ids.video], mode: "manual" }),
  );
  if (reel.status === 201) ids.reel = reel.json.id;
  else {
    // A made-up reel id still checks every refusal; only "a stranger gets 404 for a real reel" loses strength.
    ids.reel = `rel_01${"0".repeat(24)}`;
    notes.push(
      `no real ${mode} reel (POST /v1/reels answered ${reel.status} ${reel.text.slice(0, 160)}); reel routes use a made-up id`,
    );
  }
  ids.apiKey = unitOfWork(server.deps, systemCtx(server.orgId, mode, server.deps.clock), (tx) =>
    createApiKey(tx, {
      mode,
      name: "matrix spare",
    }),
  ).key.id;
  // Members and invitations belong to the organisation, not to a mode: the same ones serve both.
  ids.member = (await must(send(base, "GET", "/v1/members", { cookie: ownerCookie }), "members")).data.find(
    (m: any) => m.role === "member",
  )?.id;
  const inv = await must(
    send(
      base,
      "POST",
      "/v1/members",
      { cookie: ownerCookie },
      JSON.stringify({ email: `invited-${mode}@example.com`, role: "member" }),
      { "x-svc-csrf": "1", "x-svc-mode": mode },
    ),
    "invitation",
  );
  ids.invitation = inv.id ?? inv.invitation?.id;
  ids.campaign = await matrixCampaign(server, mode, key, ids.link);
  for (const [k, v] of Object.entries(ids)) if (!v) throw new Error(`fixture ${k} has no id`);
  return ids;
}

/**
 * A request campaign of one person: through the API where it can be sent (test mode), and made by the service on the
 * shared data directory in live mode, which the matrix's server (no SMTP) refuses with 422 `mail_not_configured`.
 */
async function matrixCampaign(server: RunningServer, mode: Mode, key: Credential, linkId: string): Promise<string> {
  const body = {
    link_id: linkId,
    subject: "Matrix",
    message: "Hi {name}, {link}",
    recipients: [{ name: "Robin", email: "matrix.person@example.com" }],
  };
  const r = await send(server.url, "POST", "/v1/campaigns", key, JSON.stringify(body));
  if (r.status === 201) return r.json.id;
  const delivers = { delivers: true, send: async () => ({ messageId: "<matrix@test>" }), close() {} };
  const deps = { ...server.deps, mailer: delivers };
  return unitOfWork(deps, systemCtx(server.orgId, mode, server.deps.clock), (tx) => createCampaign(tx, body)).id;
}

/** A processed video testimonial: captured through the API, then given stand-in files and a transcript. */
async function processedVideo(server: RunningServer, linkId: string): Promise<string> {
  const r = await must(
    send(
      server.url,
      "POST",
      `/public/links/${linkId}/submissions`,
      null,
      JSON.stringify({
        kind: "video",
        respondent: { name: "Vic Video" },
        consent: CONSENT,
        upload: { size: 100, type: "video/webm" },
      }),
    ),
    "video testimonial",
  );
  const id = r.submission_id as string;
  const { deps } = server;
  const dir = `submissions/${id}`;
  for (const name of ["video.mp4", "poster.jpg", "thumb.webp", "original.webm"])
    await deps.storage.write("media", `${dir}/${name}`, `stand-in ${name}`);
  const words = ["Plaudit", "changed", "everything", "for", "our", "team", "this", "year"];
  const timed = words.map((w, i) => ({ text: w, start_ms: i * 400, end_ms: i * 400 + 350 }));
  deps.db
    .update(submissions)
    .set({
      status: "ready",
      videoKey: `${dir}/video.mp4`,
      posterKey: `${dir}/poster.jpg`,
      thumbKey: `${dir}/thumb.webp`,
      originalKey: `${dir}/original.webm`,
      durationMs: words.length * 400,
      textInput: words.join(" "),
      textSource: "spoken",
      originalText: words.join(" "),
    })
    .where(eq(submissions.id, id))
    .run();
  deps.db
    .insert(transcripts)
    .values({
      submissionId: id,
      engine: "test",
      language: "en",
      words: timed,
      originalWords: timed,
      editedAt: null,
      editedBy: null,
      createdAt: deps.clock.now(),
    })
    .run();
  return id;
}

/** The credentials of the matrix. */
export interface Credentials {
  live: string;
  test: string;
  otherOrgLive: string;
  otherOrgTest: string;
  revoked: string;
  /** Per scope: a live key with every scope but that one. */
  lacking: Record<string, string>;
  ownerCookie: string;
  memberCookie: string;
  /** A client of the first organisation, limited to a brand of its own (not the fixtures' brand). */
  clientCookie: string;
  clientBrandId: string;
  /** The second organisation's owner, signed in. */
  otherOwnerCookie: string;
  otherOrgId: string;
}

/** Signs in through the login route; returns the Cookie header to send. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const r = await send(base, "POST", "/v1/auth/login", null, JSON.stringify({ email, password }), {
    "x-svc-csrf": "1",
    origin: base,
  });
  const set = r.headers.get("set-cookie") ?? "";
  const m = /plaudit_session=([^;]+)/.exec(set);
  if (r.status !== 200 || !m) throw new Error(`sign-in of ${email}: ${r.status} ${r.text.slice(0, 200)}`);
  return `plaudit_session=${m[1]}`;
}

/**
 * Makes every credential: keys through the sidecar, a second organisation, a member, a client limited to a brand
 * of its own, sessions by signing in.
 */
export async function makeCredentials(server: RunningServer): Promise<Credentials> {
  const { db, clock } = server.deps;
  const key = (orgId: string, mode: Mode, scopes?: string[]) =>
    unitOfWork(server.deps, systemCtx(orgId, mode, clock), (tx) => createApiKey(tx, { mode, scopes, name: "matrix" }));
  const other = createOrganisation(server.deps, {
    name: "Other Org",
    plan: "core",
    owner: { email: "other-owner@example.com", password: "other-password-1" },
  });
  const revoked = key(server.orgId, "live");
  const lacking: Record<string, string> = {};
  for (const scope of Object.keys(SCOPES))
    lacking[scope] = key(
      server.orgId,
      "live",
      Object.keys(SCOPES).filter((s) => s !== scope),
    ).secret;
  const memberPassword = "member-password-1";
  const clientPassword = "client-password-1";
  const liveKey = key(server.orgId, "live").secret;
  const clientBrand = await must(
    send(server.url, "POST", "/v1/brands", { key: liveKey }, JSON.stringify({ name: "Client's Brand" })),
    "client brand",
  );
  const clientHash = Bun.password.hashSync(clientPassword);
  const memberHash = Bun.password.hashSync(memberPassword);
  unitOfWork(server.deps, systemCtx(server.orgId, "live", clock), (tx) =>
    addMember(tx, {
      email: "client@example.com",
      role: "client",
      name: "Cleo Client",
      passwordHash: clientHash,
      brandIds: [clientBrand.id],
    }),
  );
  unitOfWork(server.deps, systemCtx(server.orgId, "live", clock), (tx) =>
    addMember(tx, {
      email: "member@example.com",
      role: "member",
      name: "Mo Member",
      passwordHash: memberHash,
    }),
  );
  const creds: Credentials = {
    live: liveKey,
    test: key(server.orgId, "test").secret,
    otherOrgLive: key(other.org.id, "live").secret,
    otherOrgTest: key(other.org.id, "test").secret,
    revoked: revoked.secret,
    lacking,
    ownerCookie: await signIn(server.url, server.owner.email, server.owner.password),
    memberCookie: await signIn(server.url, "member@example.com", memberPassword),
    clientCookie: await signIn(server.url, "client@example.com", clientPassword),
    clientBrandId: clientBrand.id,
    otherOwnerCookie: await signIn(server.url, "other-owner@example.com", "other-password-1"),
    otherOrgId: other.org.id,
  };
  // Revoked through the API, as an owner would.
  const r = await send(
    server.url,
    "DELETE",
    `/v1/api-keys/${revoked.key.id}`,
    { cookie: creds.ownerCookie },
    undefined,
    { "x-svc-csrf": "1" },
  );
  if (r.status !== 200) throw new Error(`revoking a key: ${r.status} ${r.text.slice(0, 200)}`);
  return creds;
}

/** Row count of every table of the data directory's database. */
export function rowCounts(server: RunningServer): Record<string, number> {
  const client = server.deps.db.$client;
  const tables = client
    .query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string }[];
  const out: Record<string, number> = {};
  for (const { name } of tables)
    out[name] = (client.query(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n;
  return out;
}

/** Tables whose counts differ, as `table before→after`. */
export function countChanges(before: Record<string, number>, after: Record<string, number>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((t) => before[t] !== after[t])
    .map((t) => `${t} ${before[t] ?? 0}→${after[t] ?? 0}`);
}

/** Waits until no table's count moves for `quietMs` (jobs and deliveries the fixtures started have settled). */
export async function settle(server: RunningServer, quietMs = 1500, maxMs = 30_000): Promise<void> {
  const end = Date.now() + maxMs;
  let last = JSON.stringify(rowCounts(server));
  let since = Date.now();
  while (Date.now() < end) {
    await Bun.sleep(100);
    const now = JSON.stringify(rowCounts(server));
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
  }
}
