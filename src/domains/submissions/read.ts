/** Reading one testimonial with its words, consent and media, within the context's org and mode. */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Reader } from "../../platform/db/unit-of-work";
import { notFound } from "../../platform/errors";
import {} from "../../platform/db/brand-scope";
import { submissions, transcripts } from "./tables";
import { uploadProgress } from "./upload-progress";
import { processingProgress } from "./processing-progress";
import {
  presentOriginal,
  presentSubmission,
  presentTranscript,
  variantsOf,
  type SubmissionRow,
  type TranscriptRow,
} from "./present";
import { mediaLinks } from "./media-links";
import { tagsOf } from "./tags";
import { presentMediaEdit } from "./media-edit-view";
import type { SubmissionDetailView } from "./model";
import { byId } from "../../platform/db/tenancy";

/** A testimonial row of the context's org, mode and brand scope (a client's brands), not deleted; 404 otherwise. */
export function getSubmissionRow(r: Reader, id: string): SubmissionRow {
  const row = r.db
    .select()
    .from(submissions)
    .where(and(byId(submissions, r.ctx, id), isNull(submissions.deletedAt)))
    .get();
  if (!row) throw notFound("testimonial");
  return row;
}

/** The transcript of a testimonial, or null. */
export function getTranscriptRow(db: Db, id: string): TranscriptRow | null {
  return db.select().from(transcripts).where(eq(transcripts.submissionId, id)).get() ?? null;
}

/** The detail view: every list field plus contact details, consent, prompt, transcript and media links. */
export function submissionDetail(r: Reader, id: string): SubmissionDetailView {
  const { deps } = r;
  const row = getSubmissionRow(r, id);
  const transcript = getTranscriptRow(r.db, id);
  return {
    ...presentSubmission(row, deps.config.cdnUrl, uploadProgress(deps, [row]).get(row.id) ?? null),
    respondent_email: row.respondentEmail,
    prompt_id: row.promptId,
    page_language: row.pageLanguage,
    consent: row.consent ? { ...row.consent, language: row.consent.language ?? null } : null,
    width: row.width,
    height: row.height,
    transcript: transcript ? presentTranscript(transcript, row) : null,
    processing: processingProgress([row], deps.clock.now()).get(row.id) ?? null,
    edit: presentMediaEdit(row),
    tags: tagsOf(r, id),
    original: presentOriginal(row),
    attestation: row.attestation,
    media: mediaLinks(deps, row, variantsOf(row, !!transcript)),
  };
}
