/**
 * Correcting the respondent's details (issue 26): a typo in a name, a job title that changed, a company, the photo,
 * an answer to one of the link's questions. The first values the respondent sent are kept in `original_respondent`
 * the first time each field changes (later corrections never overwrite them), the change is audited, and whatever
 * shows the testimonial follows: the published avatar is replaced or withdrawn, and a shown testimonial's widget
 * documents and wall pages are rebuilt through the same `shown` notice moderation sends. Share images are drawn
 * from the row when asked for, so they follow by themselves.
 */
import { eq } from "drizzle-orm";
import type { Ctx } from "../../platform/context";
import type { Deps } from "../../platform/deps";
import { reader, unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import { invalid } from "../../platform/errors";
import { submissions, type CustomAnswer, type OriginalRespondent } from "./tables";
import { getSubmissionRow, submissionDetail } from "./read";
import type { SubmissionRow } from "./present";
import type { SubmissionDetailView } from "./model";
import type { CorrectionBody } from "./correction-model";
import { indexSubmission } from "./search";
import { isShown } from "./visibility";
import { syncPublicMedia } from "./public-media";
import { settlePhotoFilesLater } from "./photo-files";
import { storeTeamPhoto, teamPhotoWebp } from "./team-photo";

/** A checked correction: only the fields to change; `photoKey` null removes the photo. */
export interface Correction {
  name?: string;
  title?: string | null;
  company?: string | null;
  answers?: { id: string; value: string | boolean }[];
  photoKey?: string | null;
}

const optionalText = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);

/** Checks the body's values beyond the schema (blank name); the photo is handled by the caller. */
export function checkCorrection(body: CorrectionBody): Omit<Correction, "photoKey"> {
  const out: Omit<Correction, "photoKey"> = {};
  if (body.respondent_name !== undefined) {
    const name = body.respondent_name.trim();
    if (!name) throw invalid("The respondent's name cannot be blank.", "respondent_name");
    out.name = name;
  }
  if (body.respondent_title !== undefined) out.title = optionalText(body.respondent_title);
  if (body.respondent_company !== undefined) out.company = optionalText(body.respondent_company);
  if (body.custom_fields) {
    const seen = new Set<string>();
    body.custom_fields.forEach((a, i) => {
      if (seen.has(a.id)) throw invalid(`The answer to question ${a.id} is given twice.`, `custom_fields[${i}].id`);
      seen.add(a.id);
    });
    out.answers = body.custom_fields.map((a) => ({
      id: a.id,
      value: typeof a.value === "string" ? a.value.trim() : a.value,
    }));
  }
  return out;
}

/** The answers with the corrections applied; 400 for a question the respondent did not answer or a wrong type. */
function correctedAnswers(current: CustomAnswer[], answers: NonNullable<Correction["answers"]>): CustomAnswer[] {
  const next = current.map((a) => ({ ...a }));
  answers.forEach((c, i) => {
    const answer = next.find((a) => a.id === c.id);
    if (!answer) throw invalid(`This testimonial has no answer to a question ${c.id}.`, `custom_fields[${i}].id`);
    const wantsBoolean = answer.type === "yes_no";
    if (wantsBoolean !== (typeof c.value === "boolean"))
      throw invalid(
        wantsBoolean ? "A yes/no answer is true or false." : "This answer is text.",
        `custom_fields[${i}].value`,
      );
    answer.value = c.value;
  });
  return next;
}

/**
 * Applies a correction in the caller's unit of work and returns the updated row: keeps each first value, audits
 * `submission.corrected` with the fields changed, and brings published copies and public places up to date.
 */
export function correctSubmission(tx: Tx, id: string, c: Correction): SubmissionRow {
  const row = getSubmissionRow(tx, id);
  const original: OriginalRespondent = { ...(row.originalRespondent ?? {}) };
  const set: Partial<SubmissionRow> = {};
  const changed: string[] = [];
  const keep = <K extends keyof OriginalRespondent>(k: K, first: OriginalRespondent[K]) => {
    if (!(k in original)) original[k] = first;
  };
  if (c.name !== undefined && c.name !== row.respondentName) {
    keep("respondent_name", row.respondentName);
    set.respondentName = c.name;
    changed.push("respondent_name");
  }
  if (c.title !== undefined && c.title !== row.respondentTitle) {
    keep("respondent_title", row.respondentTitle);
    set.respondentTitle = c.title;
    changed.push("respondent_title");
  }
  if (c.company !== undefined && c.company !== row.respondentCompany) {
    keep("respondent_company", row.respondentCompany);
    set.respondentCompany = c.company;
    changed.push("respondent_company");
  }
  if (c.answers) {
    const next = correctedAnswers(row.customAnswers ?? [], c.answers);
    if (JSON.stringify(next) !== JSON.stringify(row.customAnswers ?? [])) {
      keep("custom_fields", row.customAnswers);
      set.customAnswers = next;
      changed.push("custom_fields");
    }
  }
  const unused: string[] = [];
  if (c.photoKey !== undefined && c.photoKey !== row.photoKey) {
    keep("photo_key", row.photoKey);
    set.photoKey = c.photoKey;
    // The respondent's own first photo is kept (privately) with the original details; a team photo replaced goes.
    if (row.photoKey && row.photoKey !== original.photo_key) unused.push(row.photoKey);
    changed.push(c.photoKey ? "avatar" : "avatar_removed");
  }
  if (changed.length === 0) return row;
  const now = tx.ctx.clock.now();
  const published = row.publicMedia;
  const avatar = published?.files.avatar;
  if (c.photoKey === null && published && avatar) {
    // The photo was removed: its published copy goes in this request.
    const { avatar: _gone, ...files } = published.files;
    set.publicMedia = { ...published, files, avatarOf: null };
    tx.afterCommit(() => tx.deps.storage.discard("public", avatar));
  }
  const updated = tx.db
    .update(submissions)
    .set({ ...set, originalRespondent: original, correctedAt: now, updatedAt: now })
    .where(eq(submissions.id, id))
    .returning()
    .get()!;
  indexSubmission(tx.db, updated);
  tx.audit("submission.corrected", id, { fields: changed });
  if (set.photoKey !== undefined) {
    syncPublicMedia(tx, updated);
    settlePhotoFilesLater(tx, updated, unused);
  }
  if (isShown(updated)) tx.shown({ brandId: row.brandId, submissionId: id, reason: "submission.corrected" });
  return updated;
}

/**
 * `PATCH /v1/submissions/{id}`: checks the body, turns a new photo into the stored square WebP (awaiting the image
 * work before the write), then corrects in one unit of work and answers the detail. A photo stored for a
 * correction that then fails is deleted again.
 */
export async function correctDetails(
  deps: Deps,
  ctx: Ctx,
  id: string,
  body: CorrectionBody,
): Promise<SubmissionDetailView> {
  const checked = checkCorrection(body);
  getSubmissionRow(reader(deps, ctx), id);
  let photoKey: string | null | undefined = body.avatar === null ? null : undefined;
  if (typeof body.avatar === "string")
    photoKey = await storeTeamPhoto(deps, id, await teamPhotoWebp(deps, body.avatar, "avatar"));
  try {
    return unitOfWork(deps, ctx, (tx) => {
      correctSubmission(tx, id, { ...checked, photoKey });
      return submissionDetail(tx, id);
    });
  } catch (e) {
    if (photoKey) await deps.storage.remove("media", photoKey);
    throw e;
  }
}
