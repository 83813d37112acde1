/**
 * What the removal page asks: what a token would remove (`lookupRemoval`), and removing it (`confirmRemoval`).
 * Both answer a state rather than an error for a used or unknown token, so the page always has a clear sentence
 * to show. Confirming hides the testimonial everywhere in one unit of work (`softDelete`: published media
 * withdrawn, widgets and walls told, search entry gone, purge scheduled; and here: shared reel copies and export
 * files holding it taken offline, their files deleted once it commits); the purge erases it moments later.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import type { Ctx } from "../../platform/context";
import type { Db } from "../../platform/db/client";
import { unitOfWork } from "../../platform/db/unit-of-work";
import { iso } from "../../platform/clock";
import { sha256 } from "../../platform/crypto";
import { brands } from "../brands";
import { submissions, softDelete, isShown, type SubmissionRow } from "../submissions";
import { removals } from "./tables";
import { withdrawSharesHolding } from "../reels";
import { withdrawExportsHolding } from "../exports";

/** Words of the testimonial the page quotes, so the respondent recognises it. */
export const EXCERPT_WORDS = 24;

/** The removal page's answers (their schemas are in model.ts). */
export type { RemovalView, RemovalResult } from "./model";
import type { RemovalView, RemovalResult } from "./model";

type RemovalRow = typeof removals.$inferSelect;

/** Tokens are base64url; anything else cannot be one of ours and is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

function findRemoval(db: Db, token: string): RemovalRow | null {
  if (!TOKEN_SHAPE.test(token)) return null;
  return (
    db
      .select()
      .from(removals)
      .where(eq(removals.tokenHash, sha256(token)))
      .get() ?? null
  );
}

/** The first words of a testimonial, or null when there are none yet (a recording still being processed). */
export function excerpt(text: string | null, words = EXCERPT_WORDS): string | null {
  const all = text?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (!all.length) return null;
  return all.length > words ? `${all.slice(0, words).join(" ")}…` : all.join(" ");
}

const gone = (row: SubmissionRow | undefined) => !row || row.deletedAt !== null || row.erasedAt !== null;

/** What a token would remove, or why it removes nothing. Never shows the respondent's email. */
export function lookupRemoval(deps: Deps, token: string): RemovalView {
  const removal = findRemoval(deps.db, token);
  if (!removal) return { state: "unknown" };
  const row = deps.db.select().from(submissions).where(eq(submissions.id, removal.submissionId)).get();
  if (removal.usedAt !== null || gone(row))
    return { state: "removed", removed_at: iso(removal.usedAt ?? row?.deletedAt ?? null) };
  const brand = deps.db.select({ name: brands.name }).from(brands).where(eq(brands.id, row!.brandId)).get();
  return {
    state: "pending",
    testimonial: {
      brand_name: brand?.name ?? "",
      kind: row!.kind,
      name: row!.respondentName || null,
      created_at: iso(row!.createdAt)!,
      excerpt: excerpt(row!.textInput),
      is_published: isShown(row!),
    },
  };
}

/** Removes the testimonial behind a token; the token then does nothing more. Safe to send twice. */
export function confirmRemoval(deps: Deps, token: string): RemovalResult {
  const found = findRemoval(deps.db, token);
  if (!found) return { state: "unknown" };
  // The testimonial's organisation and mode (the removal row's), acted on by its respondent.
  const ctx: Ctx = { orgId: found.orgId, mode: found.mode, actor: { type: "respondent" }, clock: deps.clock };
  return unitOfWork(deps, ctx, (tx): RemovalResult => {
    const { db } = tx;
    const removal = findRemoval(db, token);
    if (!removal) return { state: "unknown" };
    if (removal.usedAt !== null) return { state: "removed", removed_at: iso(removal.usedAt), removed_now: false };
    const now = deps.clock.now();
    db.update(removals).set({ usedAt: now }).where(eq(removals.id, removal.id)).run();
    const row = db.select().from(submissions).where(eq(submissions.id, removal.submissionId)).get();
    // Already deleted by the team: nothing left to hide, and the purge is already scheduled.
    if (gone(row)) return { state: "removed", removed_at: iso(row?.deletedAt ?? now), removed_now: false };
    softDelete(tx, row!, "submission.removed_by_respondent");
    const files: { area: "public" | "media"; key: string }[] = [];
    for (const key of withdrawSharesHolding(db, deps.clock, row!.orgId, row!.mode, row!.id))
      files.push({ area: "public", key });
    for (const key of withdrawExportsHolding(tx, now, row!.id)) files.push({ area: "media", key });
    // Once committed the rows no longer point at these files: they go before the answer.
    tx.afterCommit(() => files.forEach((f) => deps.storage.discard(f.area, f.key)));
    return { state: "removed", removed_at: iso(now), removed_now: true };
  });
}
