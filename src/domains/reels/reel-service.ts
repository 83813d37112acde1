/**
 * Reels: create (testimonials checked, clips suggested), read, list, change title/settings/clips, delete. Every
 * change to clips, title or settings bumps `version`, which is how `changed_since_render` is known.
 */
import type { Tx } from "../../platform/db/unit-of-work";
import { eq } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { tx, type Db } from "../../platform/db/client";
import { audit } from "../../platform/audit/audit";
import { notFound, unprocessable } from "../../platform/errors";
import { newId } from "../../platform/ids";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import {} from "../../platform/db/brand-scope";
import { getBrandRow } from "../brands";
import { checkClips, suggestFor } from "./clips";
import { initialConfig, mergeConfig } from "./config";
import { REEL_LIMITS, type ClipInput, type CreateBody, type PatchBody, type ReelClip } from "./model";
import { reels } from "./tables";
import { cancelActiveRender } from "./render-state";
import { removeReelFiles } from "./storage-keys";
import { orgPageRows } from "../../platform/db/org-page";
import { byId } from "../../platform/db/tenancy";

/** A stored reel. */
export type ReelRow = typeof reels.$inferSelect;

/** The reel of the context's org, mode and brand scope (a client's brands); 404 otherwise. */
export function getReelRow(db: Db, ctx: Ctx, id: string): ReelRow {
  const row = db
    .select()
    .from(reels)
    .where(byId(reels, ctx, id))
    .get();
  if (!row) throw notFound("reel");
  return row;
}

/** Creates a reel with suggested clips (the model or the rule; see suggest.ts). */
export async function createReel(deps: Deps, ctx: Ctx, body: CreateBody): Promise<ReelRow> {
  const brand = getBrandRow(deps.db, ctx, body.brand_id);
  const config = initialConfig(body.config);
  const arrangement = body.mode ?? "auto";
  const clips = await suggestFor(
    deps,
    ctx,
    brand.id,
    body.submission_ids,
    arrangement,
    config,
    body.submission_ids.length,
  );
  const now = ctx.clock.now();
  const row: ReelRow = {
    id: newId("reel", now),
    orgId: ctx.orgId,
    mode: ctx.mode,
    brandId: brand.id,
    title: body.title?.trim() || `${brand.name} testimonials`,
    arrangement,
    status: "draft",
    clips,
    config,
    version: 1,
    errorMessage: null,
    lastRenderId: null,
    outputRenderId: null,
    shareEnabled: false,
    shareDir: null,
    sharedRenderId: null,
    sharedAspects: null,
    createdAt: now,
    updatedAt: now,
  };
  tx(deps.db, (db) => {
    db.insert(reels).values(row).run();
    audit(db, ctx, "reel.created", row.id, { clips: clips.length, arrangement });
  });
  return row;
}

/** A page of reels, newest first, optionally of one brand. */
export function listReels<T>(
  deps: Deps,
  ctx: Ctx,
  brandId: string | undefined,
  page: PageRequest,
  present: (r: ReelRow) => T,
) {
  const rows = orgPageRows(deps.db, reels, ctx, page, { brandColumn: reels.brandId, brandId });
  return toPage(deps.signer, page, rows, (r) => [r.id], present);
}

function save(
  db: Db,
  ctx: Ctx,
  row: ReelRow,
  patch: Partial<ReelRow>,
  action: string,
  details?: Record<string, unknown>,
): ReelRow {
  const updated = db
    .update(reels)
    .set({ ...patch, version: row.version + 1, updatedAt: ctx.clock.now() })
    .where(eq(reels.id, row.id))
    .returning()
    .get()!;
  audit(db, ctx, action, row.id, details);
  return updated;
}

/** Changes the title and any settings (given inside `config` or at the top level). */
export function patchReel(deps: Deps, ctx: Ctx, id: string, body: PatchBody): ReelRow {
  const { title, config, ...top } = body;
  return tx(deps.db, (db) => {
    const row = getReelRow(db, ctx, id);
    const merged = mergeConfig(mergeConfig(row.config, config), top);
    const newTitle = title?.trim() || row.title;
    if (newTitle === row.title && JSON.stringify(merged) === JSON.stringify(row.config)) return row;
    return save(db, ctx, row, { title: newTitle, config: merged }, "reel.updated");
  });
}

/** Replaces the clips (in play order); each span is checked against its transcript. */
export function putClips(deps: Deps, ctx: Ctx, id: string, inputs: ClipInput[]): ReelRow {
  return tx(deps.db, (db) => {
    const row = getReelRow(db, ctx, id);
    const clips = checkClips(db, ctx, row.brandId, inputs, row.clips);
    if (JSON.stringify(clips) === JSON.stringify(row.clips)) return row;
    return save(db, ctx, row, { clips }, "reel.clips_changed", { clips: clips.length });
  });
}

/** Adds a testimonial at the end with a suggested span. */
export async function addClip(deps: Deps, ctx: Ctx, id: string, submissionId: string): Promise<ReelRow> {
  const before = getReelRow(deps.db, ctx, id);
  const full = () =>
    unprocessable("too_many_clips", `A reel holds up to ${REEL_LIMITS.maxClips} clips; remove one first.`, {
      max_clips: REEL_LIMITS.maxClips,
    });
  if (before.clips.length >= REEL_LIMITS.maxClips) throw full();
  const [clip] = await suggestFor(
    deps,
    ctx,
    before.brandId,
    [submissionId],
    "manual",
    before.config,
    before.clips.length + 1,
  );
  return tx(deps.db, (db) => {
    const row = getReelRow(db, ctx, id);
    if (row.clips.length >= REEL_LIMITS.maxClips) throw full();
    return save(db, ctx, row, { clips: [...row.clips, clip as ReelClip] }, "reel.clip_added", {
      submission_id: submissionId,
    });
  });
}

/** Deletes a reel: an active render is cancelled, its files and public copy are deleted at once. */
export function deleteReel(tx: Tx, id: string): void {
  const { db, ctx } = tx;
  const row = getReelRow(db, ctx, id);
  cancelActiveRender(db, ctx.clock, row, "The reel was deleted.");
  db.delete(reels).where(eq(reels.id, id)).run();
  tx.audit("reel.deleted", id);
  tx.afterCommit(() => removeReelFiles(tx.deps, row));
}
