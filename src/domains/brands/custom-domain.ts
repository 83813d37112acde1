/**
 * A brand's own domain (issue 24): `reviews.client.com`, pointed at the box by the client's DNS. Once active, the
 * brand's wall is at `https://reviews.client.com/`, its testimonials' permalinks at `/t/{id}`, its collect links at
 * `/c/{slug}` and its removal pages at `/remove/{token}` there (domain-routes.ts); the API, dashboard and CDN stay
 * on the box's own address.
 *
 * Setting one (`PATCH /v1/brands/{id}` `custom_domain`) makes it `pending` and queues `brand.custom_domain`: with
 * built-in HTTPS the job orders the name's certificate (the ACME server's HTTP-01 check proves the name points
 * here); behind a reverse proxy it checks itself that the name reaches this box (`pointsHere`). Success makes it
 * `active`, a failure `failed` with the reason in plain words, retried with a growing wait. A name is held by one
 * brand of the whole server at a time (409), only live brands hold one, and only names a brand holds ever get a
 * certificate. Every day each domain is checked again; one that stopped pointing here becomes `failed` and the
 * organisation's owners and admins are emailed.
 */
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { Resolver } from "node:dns/promises";
import { systemCtx, type Mode } from "../../platform/context";
import type { Db } from "../../platform/db/client";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import type { Deps } from "../../platform/deps";
import { conflict, invalid, AppError } from "../../platform/errors";
import { enqueue } from "../../platform/jobs/queue";
import { PRIORITY } from "../../platform/jobs/tables";
import type { JobRegistry } from "../../platform/jobs/worker";
import { queueMail } from "../../platform/mail/queue-mail";
import { isDomainName } from "../../config";
import { prepared } from "../../platform/db/prepared";
import { orgSender } from "../../platform/access";
import { brands, type CustomDomainStatus } from "./tables";
import type { BrandRow } from "./present";
import { DOMAIN_PROOF_PATH, domainProof } from "./domain-proof";

export { DOMAIN_PROOF_PATH, domainProof };

/** Job kind that activates (orders the certificate of) or checks a brand's custom domain. */
export const CUSTOM_DOMAIN_JOB = "brand.custom_domain";
/** Job kind that drops the certificate of a domain a brand let go. */
export const DROP_DOMAIN_JOB = "brand.custom_domain_drop";
/** Job kind of the daily check of every custom domain. */
export const CHECK_DOMAINS_JOB = "brand.custom_domains_check";

/** Waits after a failed activation: 2 min, 10 min, 1 h, 6 h, 24 h. */
const BACKOFF_MS = [120_000, 600_000, 3_600_000, 21_600_000, 86_400_000];

/** The host names of the box's own addresses: never a brand's custom domain. */
function ownHosts(deps: Pick<Deps, "config">): Set<string> {
  const c = deps.config;
  const hosts = [c.baseUrl, c.appUrl, c.cdnUrl, c.cdnOriginUrl, c.siteUrl].map((u) => new URL(u).hostname);
  if (c.https?.domain) hosts.push(c.https.domain);
  return new Set(hosts.map((h) => h.toLowerCase()));
}

/** A custom domain from input: one host name, lower case, ASCII (an internationalised name becomes punycode). */
export function normaliseDomain(raw: string): string {
  const text = raw.trim().toLowerCase().replace(/\.$/, "");
  if (/^[a-z]+:\/\/|[/?#@\s]/.test(text))
    throw invalid("Write only the host name, like reviews.client.com (no https://, no path).", "custom_domain");
  let ascii = text;
  try {
    ascii = new URL(`http://${text}`).hostname;
  } catch {
    throw invalid(`"${raw}" is not a host name: write it like reviews.client.com.`, "custom_domain");
  }
  if (!isDomainName(ascii))
    throw invalid(`"${raw}" is not a host name: write it like reviews.client.com.`, "custom_domain");
  return ascii;
}

/**
 * Applies `custom_domain` from a brand change to `next` (in the changing unit of work): checks it, refuses a name
 * another brand holds (409), and queues the activation or, for a name let go, the certificate's removal.
 */
export function applyCustomDomain(tx: Tx, row: BrandRow, next: BrandRow, value: string | null) {
  const { db, deps } = tx;
  const name = value === null || value.trim() === "" ? null : normaliseDomain(value);
  if (name === row.customDomain) return;
  if (name && row.mode !== "live")
    throw new AppError(
      "custom_domain_live_only",
      422,
      "Custom domains are for live brands: the test sandbox has no public address of its own.",
      { field: "custom_domain" },
    );
  if (name && ownHosts(deps).has(name))
    throw invalid(`${name} is this server's own address; a brand needs a name of its own.`, "custom_domain");
  if (name) {
    const holder = db
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.customDomain, name), ne(brands.id, row.id)))
      .get();
    if (holder)
      throw conflict("domain_taken", `${name} is already used by another brand on this server.`, {
        field: "custom_domain",
      });
  }
  next.customDomain = name;
  next.customDomainStatus = name ? "pending" : null;
  next.customDomainError = null;
  next.customDomainCheckedAt = null;
  dropCertificateOf(tx, row);
  if (name) queueActivation(tx, row.id);
}

/**
 * Queues the removal of the certificate of the domain `row` holds, as the brand lets it go (a changed domain, or a
 * deleted brand); nothing when it holds none or never got one going. In the unit of work (a job of no mode).
 */
export function dropCertificateOf(tx: Tx, row: BrandRow) {
  if (row.customDomain && row.customDomainStatus)
    tx.enqueue({ kind: DROP_DOMAIN_JOB, payload: { name: row.customDomain }, mode: null });
}

/** Queues the activation (or check) of a brand's domain: a live job of the context's organisation. */
function queueActivation(tx: Tx, brandId: string) {
  tx.enqueue({
    kind: CUSTOM_DOMAIN_JOB,
    payload: { brandId },
    mode: "live",
    priority: PRIORITY.delivery,
    dedupeKey: `${CUSTOM_DOMAIN_JOB}:${brandId}`,
  });
}

/** The DNS record the client creates: a CNAME to the box's own name. */
export function dnsRecordFor(deps: Pick<Deps, "config">, name: string) {
  const target = deps.config.https?.domain ?? new URL(deps.config.siteUrl).hostname;
  return { type: "CNAME" as const, name, value: target };
}

/** The resolver the checks use: PLAUDIT_DNS_SERVERS when set (tests, split DNS), else the system's. */
function resolverOf(deps: Pick<Deps, "config">): Resolver {
  const r = new Resolver({ timeout: 5000, tries: 2 });
  if (deps.config.dnsServers.length) r.setServers(deps.config.dnsServers);
  return r;
}

/**
 * True when `name` reaches this box: its DNS answers an address where the plain HTTP port answers this box's proof
 * for the name. Otherwise the reason, in plain words.
 */
export async function pointsHere(deps: Deps, name: string): Promise<true | string> {
  let addresses: string[] = [];
  const resolver = resolverOf(deps);
  for (const family of ["resolve4", "resolve6"] as const) {
    try {
      addresses.push(...(await resolver[family](name)));
    } catch {}
  }
  addresses = [...new Set(addresses)];
  if (!addresses.length)
    return `${name} has no DNS record yet: create the CNAME record shown, then wait a few minutes.`;
  const want = domainProof(deps, name);
  for (const address of addresses) {
    const host = address.includes(":") ? `[${address}]` : address;
    try {
      const res = await deps.http.fetch(`http://${host}:${deps.config.port}${DOMAIN_PROOF_PATH}`, {
        headers: { host: name },
        redirect: "manual",
        signal: AbortSignal.timeout(5000),
      });
      if (res.ok && (await res.text()).trim() === want) return true;
    } catch {}
  }
  return `${name} points at ${addresses.join(", ")}, which is not this server: change its DNS record to the one shown.`;
}

/** A unit of work of the system acting for a brand's organisation and mode (the domain jobs' writes). */
function brandUnit<T>(deps: Deps, brand: BrandRow, fn: (tx: Tx) => T): T {
  return unitOfWork(deps, systemCtx(brand.orgId, brand.mode as Mode, deps.clock), fn);
}

function setStatus(deps: Deps, brand: BrandRow, status: CustomDomainStatus, error: string | null) {
  brandUnit(deps, brand, (tx) => {
    tx.db
      .update(brands)
      .set({ customDomainStatus: status, customDomainError: error, customDomainCheckedAt: deps.clock.now() })
      .where(and(eq(brands.id, brand.id), eq(brands.customDomain, brand.customDomain!)))
      .run();
    // Walls, widget documents and link addresses name the domain once it is active (or no longer).
    if (status !== brand.customDomainStatus)
      tx.shown({ brandId: brand.id, submissionId: null, reason: "brand.custom_domain" });
  });
}

/** Activates a brand's pending (or failed) domain: its certificate, or the check that it points here. */
async function activate(deps: Deps, brandId: string): Promise<void> {
  const brand = deps.db.select().from(brands).where(eq(brands.id, brandId)).get();
  if (!brand?.customDomain) return;
  const name = brand.customDomain;
  let problem: string | null = null;
  if (deps.certificates.enabled) {
    try {
      await deps.certificates.ensure(name);
    } catch (e) {
      problem = e instanceof Error ? e.message : String(e);
    }
  } else {
    const here = await pointsHere(deps, name);
    if (here !== true) problem = here;
  }
  const now = deps.db.select().from(brands).where(eq(brands.id, brandId)).get();
  if (now?.customDomain !== name) return; // changed meanwhile
  setStatus(deps, now, problem ? "failed" : "active", problem);
  if (problem) throw new Error(problem);
}

/** Tells the organisation's owners and admins that a domain stopped pointing here. */
function mailLost(deps: Deps, brand: BrandRow, reason: string) {
  const sender = orgSender(deps.db, brand.orgId);
  for (const email of deps.hooks.staffEmails(deps.db, brand.orgId))
    queueMail(deps, {
      orgId: brand.orgId,
      mode: "live",
      sender,
      to: email,
      subject: `${brand.customDomain} no longer points at your testimonials`,
      text: `The custom domain of ${brand.name}, ${brand.customDomain}, stopped reaching this server, so its wall and collect links there do not open.\n\n${reason}\n\nCheck the DNS record in the brand's settings: ${deps.config.appUrl}/brands/${brand.id}\n`,
    });
}

/** The daily check: every active domain still points here; failed ones are tried again. */
async function checkAll(deps: Deps): Promise<void> {
  const held = deps.db.select().from(brands).where(isNotNull(brands.customDomain)).all();
  for (const brand of held) {
    if (brand.customDomainStatus !== "active") {
      brandUnit(deps, brand, (tx) => queueActivation(tx, brand.id));
      continue;
    }
    const here = await pointsHere(deps, brand.customDomain!);
    if (here === true) {
      deps.db.update(brands).set({ customDomainCheckedAt: deps.clock.now() }).where(eq(brands.id, brand.id)).run();
      continue;
    }
    setStatus(deps, brand, "failed", here);
    mailLost(deps, brand, here);
    deps.log.warn("a custom domain stopped pointing here", {
      brand: brand.id,
      domain: brand.customDomain,
      reason: here,
    });
  }
}

/** Enqueues the daily check (what the schedule does). */
export function scheduleDomainCheck(deps: Pick<Deps, "db" | "clock" | "state">) {
  enqueue(deps, {
    kind: CHECK_DOMAINS_JOB,
    payload: {},
    priority: PRIORITY.maintenance,
    dedupeKey: CHECK_DOMAINS_JOB,
  });
}

/** Registers the custom-domain job kinds. */
export function registerCustomDomainJobs(registry: JobRegistry): JobRegistry {
  registry.register<{ brandId: string }>(CUSTOM_DOMAIN_JOB, {
    handle: (job, deps) => activate(deps, job.payload.brandId),
    maxAttempts: BACKOFF_MS.length + 1,
    backoffMs: (attempt) => BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length) - 1]!,
    timeoutMs: 5 * 60_000,
  });
  registry.register<{ name: string }>(DROP_DOMAIN_JOB, {
    async handle(job, deps) {
      // Still let go (not taken again meanwhile by a brand): its certificate is no longer served or kept.
      const holder = deps.db.select({ id: brands.id }).from(brands).where(eq(brands.customDomain, job.payload.name));
      if (!holder.get()) deps.certificates.drop(job.payload.name);
    },
    maxAttempts: 3,
  });
  return registry.register(CHECK_DOMAINS_JOB, {
    handle: (_job, deps) => checkAll(deps),
    maxAttempts: 2,
    timeoutMs: 10 * 60_000,
  });
}

/** The brand holding a custom domain, by host name (for routing its requests): any status, since a request for it arriving here means it points here. */
export const domainBrandStatement = (db: Db) =>
  db
    .select({ id: brands.id, slug: brands.slug })
    .from(brands)
    .where(eq(brands.customDomain, sql.placeholder("name")))
    .prepare();

/** True when a brand of this server holds `name` as its custom domain. */
export const isCustomDomain = (db: Db, name: string) =>
  !!prepared(db, domainBrandStatement).get({ name: name.toLowerCase() });

/**
 * The origin a public page's call may be answered for (CORS): the caller's own when it is the box's site or API
 * address or a brand's custom domain (over https, where its certificate is), else the box's site address.
 */
export function siteOrigin(deps: Pick<Deps, "config" | "db">, request: Request): string {
  const origin = request.headers.get("origin");
  const site = new URL(deps.config.siteUrl).origin;
  if (!origin) return site;
  if (origin === site || origin === new URL(deps.config.baseUrl).origin) return origin;
  try {
    const u = new URL(origin);
    if (u.protocol === "https:" && isCustomDomain(deps.db, u.hostname)) return origin;
  } catch {}
  return site;
}
