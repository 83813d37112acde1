/**
 * The organisation's logo: checked and re-encoded as brands' logos are (brands' `logoPng`: decoded, fitted into
 * 512×512, PNG), published on the CDN under an unguessable name, the old file removed once the change committed.
 */
import { eq } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { randomToken } from "../../platform/crypto";
import { tx } from "../../platform/db/client";
import { audit } from "../../platform/audit/audit";
import { logoPng } from "../brands";
import { orgs } from "./tables";
import { getOrg } from "./orgs";
import { presentOrg } from "./org-settings";

/** Sets `logoKey` (null removes the logo) and answers the organisation; the replaced file is deleted after commit. */
async function swapLogo(deps: Deps, ctx: Ctx, logoKey: string | null) {
  const old = tx(deps.db, (db) => {
    const before = getOrg(db, ctx.orgId);
    db.update(orgs).set({ logoKey }).where(eq(orgs.id, ctx.orgId)).run();
    audit(db, ctx, logoKey ? "org.logo_changed" : "org.logo_removed", ctx.orgId);
    return before.logoKey;
  });
  if (old && old !== logoKey) await deps.storage.remove("public", old);
  return presentOrg(deps, getOrg(deps.db, ctx.orgId));
}

/** Replaces the organisation's logo with an uploaded image. */
export async function setOrgLogo(deps: Deps, ctx: Ctx, file: Blob | undefined) {
  const png = await logoPng(deps, file);
  const key = `orgs/${ctx.orgId}/logo-${randomToken(12)}.png`;
  await deps.storage.write("public", key, png);
  return swapLogo(deps, ctx, key);
}

/** Removes the organisation's logo (the dashboard then shows its initial). */
export function removeOrgLogo(deps: Deps, ctx: Ctx) {
  return swapLogo(deps, ctx, null);
}
