/**
 * Reading testimonials for public places (widget documents, walls): only those the one visibility rule shows,
 * presented as the contract's public item. Every public reader goes through here, so this is also where a
 * recording's words are left out while they are hidden or an unchecked machine draft (`wordsPublic`): the item keeps
 * the recording, the respondent and the rating, with no text and no captions. Selections (newest first, by tag or
 * rating, or picked) still include such a recording: it shows as a video without words, never with the draft's.
 */
import { and, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { submissions, transcripts, type Word } from "./tables";
import { shownCondition } from "./visibility";
import { publicMediaUrls } from "./public-urls";
import { publicAnswers, wordsText, type SubmissionRow } from "./present";
import { wordsInTrim } from "./trim-words";
import { wordsPublic } from "./publishable";
import { links } from "../brands";
import type { Static } from "elysia";
import type { shownItemSchema } from "./model";

/** A testimonial as public places show it (contract: widget document item, wall testimonial; model.ts). */
export type ShownItem = Static<typeof shownItemSchema>;

/** Options for choosing shown testimonials of a brand. */
export interface ShownQuery {
  brandId: string;
  /** Any of these tags. */
  tagIds?: string[];
  minRating?: number;
  limit?: number;
  offset?: number;
}

/** Caption cues from transcript words: one cue per word group of at most 7 words or a pause. */
export function captionsFrom(words: Word[]): ShownItem["captions"] {
  if (!words.length) return null;
  const cues: NonNullable<ShownItem["captions"]> = [];
  let group: Word[] = [];
  const flush = () => {
    if (group.length)
      cues.push({
        start_ms: group[0]!.start_ms,
        end_ms: group[group.length - 1]!.end_ms,
        text: group.map((w) => w.text).join(" "),
      });
    group = [];
  };
  for (const w of words) {
    const prev = group[group.length - 1];
    if (group.length >= 7 || (prev && w.start_ms - prev.end_ms > 700) || (prev && /[.!?]$/.test(prev.text))) flush();
    group.push(w);
  }
  flush();
  return cues;
}

/** The date a testimonial carries publicly: when the customer wrote it (imports) or sent it. */
export const shownDate = (row: SubmissionRow) =>
  row.reviewedAt ? row.reviewedAt.slice(0, 10) : new Date(row.createdAt).toISOString().slice(0, 10);

/** Presents shown rows with their captions (one transcript query for all rows). */
export function presentShown(db: Db, cdnUrl: string, rows: SubmissionRow[]): ShownItem[] {
  const ids = rows.filter((r) => r.kind !== "text" && wordsPublic(r)).map((r) => r.id);
  const spoken = new Map(
    ids.length
      ? db
          .select({ id: transcripts.submissionId, words: transcripts.words })
          .from(transcripts)
          .where(inArray(transcripts.submissionId, ids))
          .all()
          .map((t) => [t.id, t.words])
      : [],
  );
  const stillPublic = publicFieldIds(db, rows);
  return rows.map((row) => {
    const media = publicMediaUrls(cdnUrl, row.publicMedia);
    const answers = publicAnswers(row, stillPublic);
    const words = wordsPublic(row);
    // A trimmed recording shows the words inside its trim, on the trimmed copy's own timeline.
    const trim = row.publicMedia?.trim ?? null;
    const spokenWords = wordsInTrim(spoken.get(row.id) ?? [], trim);
    return {
      id: row.id,
      kind: row.kind,
      name: row.respondentName || null,
      title: row.respondentTitle,
      company: row.respondentCompany,
      rating: row.rating,
      date: shownDate(row),
      text: words ? (trim ? wordsText(spokenWords) : row.textInput) : null,
      video_url: row.kind === "video" ? (media?.video_url ?? null) : null,
      audio_url: row.kind === "audio" ? (media?.audio_url ?? null) : null,
      poster_url: row.kind === "video" ? (media?.poster_url ?? null) : null,
      duration_ms: row.kind === "text" ? null : (row.publicMedia?.durationMs ?? row.durationMs),
      language: row.language,
      captions: row.kind === "text" || !words ? null : captionsFrom(spokenWords),
      avatar_url: media?.avatar_url ?? null,
      ...(row.kind === "video" ? { width: row.width, height: row.height, focus: row.publicMedia?.focus ?? null } : {}),
      source: row.origin === "imported" && row.sourceName ? { name: row.sourceName, url: sourceLink(row) } : null,
      ...(answers.length ? { answers } : {}),
    };
  });
}

/** The imported review's own address, else its source's; only http(s) addresses are given out. */
function sourceLink(row: SubmissionRow): string | null {
  const url = row.reviewUrl ?? row.sourceUrl;
  return url && /^https?:\/\//i.test(url) ? url : null;
}

/** Ids of the questions the rows' links show publicly now (one query; none when no row has answers). */
function publicFieldIds(db: Db, rows: SubmissionRow[]): Set<string> {
  const linkIds = [
    ...new Set(rows.flatMap((r) => (r.linkId && r.customAnswers?.some((a) => a.show_publicly) ? [r.linkId] : []))),
  ];
  const out = new Set<string>();
  if (!linkIds.length) return out;
  for (const l of db.select({ fields: links.customFields }).from(links).where(inArray(links.id, linkIds)).all())
    for (const f of l.fields ?? []) if (f.show_publicly) out.add(f.id);
  return out;
}

function where(q: ShownQuery): SQL {
  return and(
    eq(submissions.brandId, q.brandId),
    shownCondition(),
    // A recording appears once its public copies exist.
    sql`(${submissions.kind} = 'text' OR ${submissions.publicMedia} IS NOT NULL)`,
    q.minRating ? gte(submissions.rating, q.minRating) : undefined,
    q.tagIds?.length
      ? sql`EXISTS (SELECT 1 FROM submission_tags st WHERE st.submission_id = ${submissions.id} AND st.tag_id IN ${q.tagIds})`
      : undefined,
  )!;
}

/** Shown testimonials of a brand, newest approval first. */
export function listShown(db: Db, q: ShownQuery): SubmissionRow[] {
  return db
    .select()
    .from(submissions)
    .where(where(q))
    .orderBy(desc(submissions.approvedAt), desc(submissions.id))
    .limit(q.limit ?? 50)
    .offset(q.offset ?? 0)
    .all();
}

/** How many testimonials a brand shows, and the average of their ratings. */
export function shownSummary(db: Db, q: ShownQuery): { count: number; rated: number; average: number | null } {
  const r = db
    .select({
      n: sql<number>`count(*)`,
      rated: sql<number>`count(${submissions.rating})`,
      avg: sql<number | null>`avg(${submissions.rating})`,
    })
    .from(submissions)
    .where(where(q))
    .get()!;
  return { count: r.n, rated: r.rated, average: r.avg === null ? null : Math.round(r.avg * 100) / 100 };
}

/** The given ids that are shown for a brand, in the given order (manual selection; a pick no longer shown is skipped). */
export function pickShown(db: Db, brandId: string, ids: string[]): SubmissionRow[] {
  if (!ids.length) return [];
  const rows = db
    .select()
    .from(submissions)
    .where(and(where({ brandId }), inArray(submissions.id, ids)))
    .all();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is SubmissionRow => !!r);
}
