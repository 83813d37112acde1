/**
 * The organisation's logo: checked and re-encoded as brands' logos are (brands' `logoPng`: decoded, fitted into
 * 512×512, PNG), published on the CDN under an unguessable name, the old file removed once the change committed.
 * The routes are hand-written (the image is read and stored before the unit of work): these functions are theirs.
 */
import { eq } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { randomToken } from "../../platform/crypto";
import { unitOfWorkSettled, type Tx } from "../../platform/db/unit-of-work";
import { logoPng } from "../brands";
import { orgs } from "./tables";
import { getOrg } from "./orgs";
import { presentOrg } from "./org-settings";

/** Sets `logoKey` (null removes the logo); the replaced file is deleted after the commit. */
export function changeOrgLogo(tx: Tx, logoKey: string | null): void {
  const before = getOrg(tx.db, tx.ctx.orgId);
  tx.db.update(orgs).set({ logoKey }).where(eq(orgs.id, tx.ctx.orgId)).run();
  tx.audit(logoKey ? "org.logo_changed" : "org.logo_removed", tx.ctx.orgId);
  const old = before.logoKey;
  if (old && old !== logoKey) tx.afterCommit(() => tx.deps.storage.remove("public", old));
}

/** Changes the logo in its own unit of work, waits for the old file's deletion, and answers the organisation. */
async function swapLogo(deps: Deps, ctx: Ctx, logoKey: string | null) {
  const { settled } = unitOfWorkSettled(deps, ctx, (tx) => changeOrgLogo(tx, logoKey));
  await settled;
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
