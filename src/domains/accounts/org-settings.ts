/**
 * The organisation's own settings (white label, issue 29): its name, logo and colour, which replace the product's
 * in the dashboard for its members and client logins, on invitations, and as the sender name of mail to its
 * members. Read by every member (`org:read`); changed by owners and admins (`org:write`).
 */
import { eq } from "drizzle-orm";
import type { Tx } from "../../platform/db/unit-of-work";
import type { Deps } from "../../platform/deps";
import { invalid } from "../../platform/errors";
import { requireCleanText } from "../../platform/clean-text";
import { orgs } from "./tables";
import { getOrg, type Org } from "./orgs";
import { mayRemoveAttribution } from "../../platform/access";
import type { OrgView } from "./org-model";

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** The CDN address of an organisation's logo, or null when it has none. */
export const orgLogoUrl = (cdnUrl: string, logoKey: string | null | undefined): string | null =>
  logoKey ? `${cdnUrl}/${logoKey}` : null;

/** The organisation as its members see it. */
export function presentOrg(deps: Pick<Deps, "db" | "config">, org: Org): OrgView {
  return {
    id: org.id,
    name: org.name,
    logo_url: orgLogoUrl(deps.config.cdnUrl, org.logoKey),
    color: org.color ?? null,
    may_remove_attribution: mayRemoveAttribution(deps.db, org.id),
  };
}

/** Changes to the organisation. */
export interface OrgPatch {
  name?: string;
  color?: string | null;
}

/** Renames the organisation or changes its colour (owners and admins; the route's permission says so). */
export function updateOrg(tx: Tx, patch: OrgPatch): OrgView {
  const { db, ctx, deps } = tx;
  const before = getOrg(db, ctx.orgId);
  const next = { ...before };
  if (patch.name !== undefined) {
    const name = patch.name.trim();
    if (!name || name.length > 120) throw invalid("An organisation needs a name of 1 to 120 characters.", "name");
    next.name = requireCleanText(name, "line", "name");
  }
  if (patch.color !== undefined) {
    if (patch.color !== null && !COLOR.test(patch.color)) throw invalid("Colours are hex like #0f766e.", "color");
    next.color = patch.color?.toLowerCase() ?? null;
  }
  db.update(orgs).set({ name: next.name, color: next.color }).where(eq(orgs.id, ctx.orgId)).run();
  tx.audit("org.updated", ctx.orgId, {
    ...(next.name !== before.name ? { name: { from: before.name, to: next.name } } : {}),
    ...(next.color !== before.color ? { color: next.color } : {}),
  });
  return presentOrg({ db, config: deps.config }, next);
}
