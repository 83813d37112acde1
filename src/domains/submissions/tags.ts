/**
 * Tags: labels per organisation and mode (names unique, case ignored), put on and taken off testimonials. A tag
 * change on a shown testimonial tells whatever shows testimonials, since widgets can select by tag.
 */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { tx, type Db } from "../../platform/db/client";
import { iso } from "../../platform/clock";
import { newId } from "../../platform/ids";
import { audit } from "../../platform/audit/audit";
import { conflict, invalid, notFound } from "../../platform/errors";
import { toPage, type PageRequest } from "../../platform/http/pagination";
import { submissionTags, tags, submissions } from "./tables";
import { getSubmissionRow } from "./read";
import { isShown } from "./visibility";
import { shownChanged } from "../../platform/events/publication";
import { brandScope } from "../../platform/db/brand-scope";
import { orgPageRows } from "../../platform/db/org-page";

type TagRow = typeof tags.$inferSelect;
import type { TagView } from "./model";
const COLOR = /^#[0-9a-fA-F]{6}$/;

/** A tag as the API shows it. */
export const presentTag = (t: TagRow, usage?: number): TagView => ({
  id: t.id,
  name: t.name,
  color: t.color,
  submission_count: usage,
  created_at: iso(t.createdAt),
  updated_at: iso(t.updatedAt),
});

function checkName(name: string): { name: string; key: string } {
  const clean = name.replace(/\s+/g, " ").trim();
  if (!clean || clean.length > 40) throw invalid("A tag name has 1 to 40 characters.", "name");
  return { name: clean, key: clean.toLowerCase() };
}

function nameTaken(db: Db, ctx: Ctx, key: string, except?: string) {
  const row = db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.orgId, ctx.orgId), eq(tags.mode, ctx.mode), eq(tags.nameKey, key)))
    .get();
  return !!row && row.id !== except;
}

/** A tag of the context; 404 otherwise. */
export function getTag(db: Db, ctx: Ctx, id: string): TagRow {
  const row = db
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.orgId, ctx.orgId), eq(tags.mode, ctx.mode)))
    .get();
  if (!row) throw notFound("tag");
  return row;
}

/**
 * A page of tags, newest first, each with how many testimonials carry it (for a client, only its brands'
 * testimonials are counted). Tags themselves are the organisation's shared vocabulary.
 */
export function listTags(deps: Deps, ctx: Ctx, page: PageRequest) {
  const scope = brandScope(ctx, submissions.brandId);
  const rows = orgPageRows(deps.db, tags, ctx, page);
  const counts = new Map(
    rows.length
      ? deps.db
          .select({ tagId: submissionTags.tagId, n: count() })
          .from(submissionTags)
          .where(
            and(
              inArray(
                submissionTags.tagId,
                rows.map((r) => r.id),
              ),
              scope
                ? inArray(
                    submissionTags.submissionId,
                    deps.db.select({ id: submissions.id }).from(submissions).where(scope),
                  )
                : undefined,
            ),
          )
          .groupBy(submissionTags.tagId)
          .all()
          .map((c) => [c.tagId, c.n])
      : [],
  );
  return toPage(
    deps.signer,
    page,
    rows,
    (r) => [r.id],
    (r) => presentTag(r, counts.get(r.id) ?? 0),
  );
}

/** Creates a tag. */
export function createTag(deps: Deps, ctx: Ctx, input: { name: string; color?: string }) {
  const { name, key } = checkName(input.name);
  if (input.color !== undefined && !COLOR.test(input.color)) throw invalid("Colours are hex like #64748b.", "color");
  return tx(deps.db, (db) => {
    if (nameTaken(db, ctx, key))
      throw conflict("tag_exists", `A tag named "${name}" already exists.`, { field: "name" });
    const now = ctx.clock.now();
    const row: TagRow = {
      id: newId("tag", now),
      orgId: ctx.orgId,
      mode: ctx.mode,
      name,
      nameKey: key,
      color: input.color?.toLowerCase() ?? "#64748b",
      createdAt: now,
      updatedAt: now,
    };
    db.insert(tags).values(row).run();
    audit(db, ctx, "tag.created", row.id, { name });
    return presentTag(row, 0);
  });
}

/** Renames or recolours a tag. */
export function updateTag(deps: Deps, ctx: Ctx, id: string, patch: { name?: string; color?: string }) {
  return tx(deps.db, (db) => {
    const row = getTag(db, ctx, id);
    const next = { ...row, updatedAt: ctx.clock.now() };
    if (patch.name !== undefined) {
      const { name, key } = checkName(patch.name);
      if (nameTaken(db, ctx, key, id))
        throw conflict("tag_exists", `A tag named "${name}" already exists.`, { field: "name" });
      next.name = name;
      next.nameKey = key;
    }
    if (patch.color !== undefined) {
      if (!COLOR.test(patch.color)) throw invalid("Colours are hex like #64748b.", "color");
      next.color = patch.color.toLowerCase();
    }
    db.update(tags)
      .set({ name: next.name, nameKey: next.nameKey, color: next.color, updatedAt: next.updatedAt })
      .where(eq(tags.id, id))
      .run();
    return presentTag(next);
  });
}

function notifyShown(db: Db, ctx: Ctx, submissionIds: string[], reason: string) {
  if (!submissionIds.length) return;
  for (const s of db.select().from(submissions).where(inArray(submissions.id, submissionIds)).all()) {
    if (isShown(s)) shownChanged(db, ctx, { brandId: s.brandId, submissionId: s.id, reason });
  }
}

/** Deletes a tag and takes it off every testimonial. */
export function deleteTag(deps: Deps, ctx: Ctx, id: string) {
  tx(deps.db, (db) => {
    getTag(db, ctx, id);
    const tagged = db
      .select({ id: submissionTags.submissionId })
      .from(submissionTags)
      .where(eq(submissionTags.tagId, id))
      .all()
      .map((r) => r.id);
    db.delete(tags).where(eq(tags.id, id)).run();
    notifyShown(db, ctx, tagged, "tag.deleted");
    audit(db, ctx, "tag.deleted", id);
  });
}

/** The tags on a testimonial, by name. */
export function tagsOf(db: Db, submissionId: string) {
  return db
    .select({ tag: tags })
    .from(submissionTags)
    .innerJoin(tags, eq(tags.id, submissionTags.tagId))
    .where(eq(submissionTags.submissionId, submissionId))
    .orderBy(asc(tags.nameKey))
    .all()
    .map((r) => presentTag(r.tag));
}

/** Puts a tag on a testimonial (no-op when already there); returns the testimonial's tags. */
export function tagSubmission(deps: Deps, ctx: Ctx, submissionId: string, tagId: string) {
  return tx(deps.db, (db) => {
    const row = getSubmissionRow(db, ctx, submissionId);
    getTag(db, ctx, tagId);
    const added = db
      .insert(submissionTags)
      .values({ submissionId, tagId, createdAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning()
      .get();
    if (added && isShown(row)) shownChanged(db, ctx, { brandId: row.brandId, submissionId, reason: "tagged" });
    return tagsOf(db, submissionId);
  });
}

/** Takes a tag off a testimonial; returns the testimonial's tags. */
export function untagSubmission(deps: Deps, ctx: Ctx, submissionId: string, tagId: string) {
  return tx(deps.db, (db) => {
    const row = getSubmissionRow(db, ctx, submissionId);
    getTag(db, ctx, tagId);
    const removed = db
      .delete(submissionTags)
      .where(and(eq(submissionTags.submissionId, submissionId), eq(submissionTags.tagId, tagId)))
      .returning()
      .get();
    if (removed && isShown(row)) shownChanged(db, ctx, { brandId: row.brandId, submissionId, reason: "untagged" });
    return tagsOf(db, submissionId);
  });
}
