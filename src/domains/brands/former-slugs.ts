/**
 * Former slugs of brands and collect links (security review, issue 30). Printed QR codes and old mails keep
 * pointing at an address after its slug changes, so the old slug stays with its organisation: when a brand's or a
 * link's slug is changed or cleared, a row here keeps the old one for `HOLD_DAYS` days from the change.
 *
 * - While held, no other organisation can take the slug: it is the same 409 `slug_taken` as a slug in use, so
 *   nothing tells a stranger whose it was. The organisation itself may reuse it for any of its brands or links (the
 *   hold then ends), or release it (`DELETE …/former-slugs/{slug}`), which frees it for anyone at once.
 * - The old address leads to the current one (301) for as long as the row is there. Once the hold has lapsed, the
 *   row is free for the taking: the first brand or link of anyone that takes the slug deletes it. Until then the old
 *   address keeps leading to its owner, which costs nobody anything. Lapsed rows are checked by date at lookup;
 *   nothing needs to sweep them.
 *
 * The checks here look across organisations on purpose (a live slug is one public address for the whole box); every
 * read of an organisation's own rows filters by org and mode.
 */
import { and, eq, gt, ne, sql, type SQL } from "drizzle-orm";
import { scoped, preparedScoped } from "../../platform/db/tenancy";
import { prepared } from "../../platform/db/prepared";
import type { Db } from "../../platform/db/client";
import type { Tx } from "../../platform/db/unit-of-work";
import type { Ctx, Mode } from "../../platform/context";
import { iso } from "../../platform/clock";
import { notFound } from "../../platform/errors";
import { brandSlugHistory, linkSlugHistory } from "./tables";
import type { FormerSlugView } from "./model";

/** How long a former slug stays with its organisation, in days from the change. */
export const HOLD_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Which kind of address a slug is part of: a brand's wall (`/b/`) or a collect link's page (`/c/`). */
export type SlugKind = "brand" | "link";

const tableOf = (kind: SlugKind) => (kind === "brand" ? brandSlugHistory : linkSlugHistory);
const ownerColumn = (kind: SlugKind) => (kind === "brand" ? brandSlugHistory.brandId : linkSlugHistory.linkId);

/** The brand or link a former slug belongs to. */
export interface SlugOwner {
  id: string;
  orgId: string;
  mode: Mode;
}

/** Whether another organisation holds `slug` in `scope` now (its former slug, not yet lapsed). */
export function heldByAnother(db: Db, kind: SlugKind, ctx: Ctx, scope: string, slug: string): boolean {
  const h = tableOf(kind);
  return !!db
    .select({ slug: h.slug })
    .from(h)
    .where(and(eq(h.slugScope, scope), eq(h.slug, slug), ne(h.orgId, ctx.orgId), gt(h.heldUntil, ctx.clock.now())))
    .get();
}

/**
 * Ends whatever row keeps `slug` in `scope`, as a brand or link of the context's organisation takes it: by then the
 * only row that can be there is the organisation's own former slug, or another's that has lapsed.
 */
export function endHold(db: Db, kind: SlugKind, scope: string, slug: string): void {
  const h = tableOf(kind);
  db.delete(h)
    .where(and(eq(h.slugScope, scope), eq(h.slug, slug)))
    .run();
}

/** Keeps `slug`, which `owner` had until now, with the context's organisation for `HOLD_DAYS` days from now. */
export function holdFormerSlug(tx: Tx, kind: SlugKind, owner: string, scope: string, slug: string): void {
  const { db, ctx } = tx;
  const now = ctx.clock.now();
  const hold = { orgId: ctx.orgId, mode: ctx.mode, heldUntil: now + HOLD_DAYS * DAY_MS, createdAt: now };
  // No row can be at the slug: it was this owner's current slug, and taking it ended any hold (endHold).
  if (kind === "brand")
    db.insert(brandSlugHistory)
      .values({ slugScope: scope, slug, brandId: owner, ...hold })
      .run();
  else
    db.insert(linkSlugHistory)
      .values({ slugScope: scope, slug, linkId: owner, ...hold })
      .run();
}

/** A slug and the scope it is unique in (both null for a link without a slug). */
export interface SlugAt {
  scope: string | null;
  slug: string | null;
}

/**
 * Records that `owner` (a brand or link of the context's organisation) moved from one slug to another: the new one
 * ends whatever hold was on it (the caller has checked no other organisation holds it), the old one is held.
 */
export function slugMoved(tx: Tx, kind: SlugKind, owner: string, from: SlugAt, to: SlugAt): void {
  if (from.slug === to.slug && from.scope === to.scope) return;
  if (to.scope && to.slug) endHold(tx.db, kind, to.scope, to.slug);
  if (from.scope && from.slug) holdFormerSlug(tx, kind, owner, from.scope, from.slug);
}

/** The brand or link whose former slug `slug` is in `scope` (whether or not its hold has lapsed), or null. */
export function formerOwner(db: Db, kind: SlugKind, scope: string, slug: string): SlugOwner | null {
  const h = tableOf(kind);
  return (
    db
      .select({ id: ownerColumn(kind), orgId: h.orgId, mode: h.mode })
      .from(h)
      .where(and(eq(h.slugScope, scope), eq(h.slug, slug)))
      .get() ?? null
  );
}

/** Releases one of `owner`'s former slugs at once (anyone may take it then); 404 when it has no such slug. */
export function releaseFormerSlug(tx: Tx, kind: SlugKind, owner: string, slug: string): void {
  const h = tableOf(kind);
  const gone = tx.db
    .delete(h)
    .where(and(scoped(h, tx.ctx, { allBrands: true }), eq(ownerColumn(kind), owner), eq(h.slug, slug)))
    .returning({ slug: h.slug })
    .all();
  if (gone.length === 0) throw notFound("former slug");
}

/** A row of former slugs as the API shows them, newest change first. */
type HoldRow = { slug: string; held_until: number; created_at: number };
const present = (rows: HoldRow[]): FormerSlugView[] =>
  rows
    .sort((a, b) => b.created_at - a.created_at || a.slug.localeCompare(b.slug))
    .map((r) => ({ slug: r.slug, held_until: iso(r.held_until) }));

/** The former slugs of one brand or link of an organisation and mode (a prepared statement per kind). */
export function formerSlugsOf(db: Db, kind: SlugKind, owner: SlugOwner): FormerSlugView[] {
  const statement = prepared(db, kind === "brand" ? brandFormer : linkFormer);
  return present(statement.all({ org: owner.orgId, mode: owner.mode, owner: owner.id }));
}

const formerOf = (kind: SlugKind) => (db: Db) => {
  const h = tableOf(kind);
  return db
    .select({ slug: h.slug, held_until: h.heldUntil, created_at: h.createdAt })
    .from(h)
    .where(and(preparedScoped(h, { allBrands: true }), eq(ownerColumn(kind), sql.placeholder("owner"))))
    .prepare();
};
const brandFormer = formerOf("brand");
const linkFormer = formerOf("link");

/**
 * The former slugs of each brand or link of a list, as a column selected beside its rows (one statement per page,
 * none per row): a JSON array read back with `parseFormerSlugs`.
 */
export function formerSlugsColumn(kind: SlugKind): SQL<string | null> {
  return kind === "brand" ? BRAND_COLUMN : LINK_COLUMN;
}
const BRAND_COLUMN = sql<
  string | null
>`(SELECT json_group_array(json_object('slug', h.slug, 'held_until', h.held_until, 'created_at', h.created_at)) FROM brand_slug_history h WHERE h.org_id = "brands"."org_id" AND h.mode = "brands"."mode" AND h.brand_id = "brands"."id")`;
const LINK_COLUMN = sql<
  string | null
>`(SELECT json_group_array(json_object('slug', h.slug, 'held_until', h.held_until, 'created_at', h.created_at)) FROM link_slug_history h WHERE h.org_id = "links"."org_id" AND h.mode = "links"."mode" AND h.link_id = "links"."id")`;

/** The value of `formerSlugsColumn` as the API shows it. */
export function parseFormerSlugs(json: string | null): FormerSlugView[] {
  return json ? present(JSON.parse(json) as HoldRow[]) : [];
}
