/**
 * Reels: create (testimonials checked, clips suggested), read, list, change title/settings/clips, delete. Every
 * change to clips, title or settings bumps `version`, which is how `changed_since_render` is known.
 */
import type { Reader, Tx } from "../../platform/db/unit-of-work";
import { eq } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import type { Db } from "../../platform/db/client";
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

/**
 * A new reel with suggested clips (the model or the rule; see suggest.ts), not yet stored: the suggestion awaits
 * the transcripts' analysis, so the caller stores it afterwards in a unit of work (`insertReel`).
 */
export async function draftReel(deps: Deps, ctx: Ctx, body: CreateBody): Promise<ReelRow> {
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
  return row;
}

/** Stores a reel drafted by `draftReel`. */
export function insertReel(tx: Tx, row: ReelRow): ReelRow {
  tx.db.insert(reels).values(row).run();
  tx.audit("reel.created", row.id, { clips: row.clips.length, arrangement: row.arrangement });
  return row;
}

/** A page of reels, newest first, optionally of one brand. */
export function listReels<T>(r: Reader, brandId: string | undefined, page: PageRequest, present: (r: ReelRow) => T) {
  const { db, ctx, deps } = r;
  const rows = orgPageRows(db, reels, ctx, page, { brandColumn: reels.brandId, brandId });
  return toPage(deps.signer, page, rows, (r) => [r.id], present);
}

function save(
  tx: Tx,
  row: ReelRow,
  patch: Partial<ReelRow>,
  action: string,
  details?: Record<string, unknown>,
): ReelRow {
  const updated = tx.db
    .update(reels)
    .set({ ...patch, version: row.version + 1, updatedAt: tx.ctx.clock.now() })
    .where(eq(reels.id, row.id))
    .returning()
    .get()!;
  tx.audit(action, row.id, details);
  return updated;
}

/** Changes the title and any settings (given inside `config` or at the top level). */
export function patchReel(tx: Tx, id: string, body: PatchBody): ReelRow {
  const { title, config, ...top } = body;
  const row = getReelRow(tx.db, tx.ctx, id);
  const merged = mergeConfig(mergeConfig(row.config, config), top);
  const newTitle = title?.trim() || row.title;
  if (newTitle === row.title && JSON.stringify(merged) === JSON.stringify(row.config)) return row;
  return save(tx, row, { title: newTitle, config: merged }, "reel.updated");
}

/** Replaces the clips (in play order); each span is checked against its transcript. */
export function putClips(tx: Tx, id: string, inputs: ClipInput[]): ReelRow {
  const row = getReelRow(tx.db, tx.ctx, id);
  const clips = checkClips(tx.db, tx.ctx, row.brandId, inputs, row.clips);
  if (JSON.stringify(clips) === JSON.stringify(row.clips)) return row;
  return save(tx, row, { clips }, "reel.clips_changed", { clips: clips.length });
}

const full = () =>
  unprocessable("too_many_clips", `A reel holds up to ${REEL_LIMITS.maxClips} clips; remove one first.`, {
    max_clips: REEL_LIMITS.maxClips,
  });

/**
 * The suggested span of a testimonial to add at the end (422 when the reel is full); awaits the transcript's
 * analysis, so the caller adds it afterwards in a unit of work (`appendClip`).
 */
export async function suggestClip(deps: Deps, ctx: Ctx, id: string, submissionId: string): Promise<ReelClip> {
  const before = getReelRow(deps.db, ctx, id);
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
  return clip as ReelClip;
}

/** Adds a clip suggested by `suggestClip` at the end (422 when the reel filled up meanwhile). */
export function appendClip(tx: Tx, id: string, submissionId: string, clip: ReelClip): ReelRow {
  const row = getReelRow(tx.db, tx.ctx, id);
  if (row.clips.length >= REEL_LIMITS.maxClips) throw full();
  return save(tx, row, { clips: [...row.clips, clip] }, "reel.clip_added", { submission_id: submissionId });
}

/** Deletes a reel: an active render is cancelled, its files and public copy are deleted at once. */
export function deleteReel(tx: Tx, id: string): void {
  const { db, ctx } = tx;
  const row = getReelRow(db, ctx, id);
  cancelActiveRender(tx, row, "The reel was deleted.");
  db.delete(reels).where(eq(reels.id, id)).run();
  tx.audit("reel.deleted", id);
  tx.afterCommit(() => removeReelFiles(tx.deps, row));
}
