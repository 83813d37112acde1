/**
 * Deleting collect links (`DELETE /v1/links/{id}`, and every link of a brand being deleted). The link's page stops
 * at once: its id address and its slug answer 404. Its testimonials stay: they belong to the brand (their
 * `collect_link_id` keeps naming the link that brought them). Its slug, and the slugs it had before, stay with the
 * organisation for `HOLD_DAYS` days (former-slugs.ts), so printed QR codes and old emails never lead to another
 * organisation's page; the organisation may give the slug to another of its links. Its request campaigns go with it
 * (the `linksDeleting` hooks, src/domains/campaigns/link-deletion.ts), a wall button that opened it is removed, and
 * its testimonials' answers to its own questions are no longer shown publicly (no question says they may be).
 */
import { and, inArray } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import type { Tx } from "../../platform/db/unit-of-work";
import { iso } from "../../platform/clock";
import { brands, links } from "./tables";
import { HOLD_DAYS, holdFormerSlug } from "./former-slugs";
import { getBrandRow } from "./brand-service";
import { getLinkRow } from "./link-service";
import { responseCount } from "./link-state";
import type { LinkRow } from "./present";
import type { LinkDeletedView } from "./model";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes link rows of the context's organisation and mode, in the unit of work: what hangs on them goes first (the
 * modules' `linksDeleting`), each current slug is held for the organisation, a wall button naming one is cleared.
 */
export function deleteLinkRows(tx: Tx, rows: readonly LinkRow[]): void {
  if (!rows.length) return;
  const { db, ctx } = tx;
  const ids = rows.map((r) => r.id);
  for (const hook of tx.deps.hooks.linksDeleting) hook(db, ctx, ids);
  for (const row of rows) if (row.slug && row.slugScope) holdFormerSlug(tx, "link", row.id, row.slugScope, row.slug);
  db.update(brands)
    .set({ wallLinkId: null, updatedAt: ctx.clock.now() })
    .where(and(scoped(brands, ctx), inArray(brands.wallLinkId, ids)))
    .run();
  db.delete(links)
    .where(and(scoped(links, ctx, { allBrands: true }), inArray(links.id, ids)))
    .run();
}

/** Deletes one collect link (see the file comment); answers what became of its testimonials and its slug. */
export function deleteLink(tx: Tx, id: string): LinkDeletedView {
  const { db, ctx } = tx;
  const row = getLinkRow(db, ctx, id);
  // A brand being deleted takes its links itself.
  getBrandRow(db, ctx, row.brandId);
  const kept = responseCount(db, row.id);
  deleteLinkRows(tx, [row]);
  tx.audit("link.deleted", row.id, { brand_id: row.brandId, title: row.title, slug: row.slug });
  // The wall's button may have opened it, and its testimonials' answers were shown as its questions allowed: with
  // the link gone they are shown no more (no question says they may be).
  tx.shown({ brandId: row.brandId, submissionId: null, reason: "link.deleted" });
  return {
    id: row.id,
    deleted: true as const,
    testimonials_kept: kept,
    slug: row.slug,
    slug_held_until: row.slug ? iso(ctx.clock.now() + HOLD_DAYS * DAY_MS) : null,
  };
}
