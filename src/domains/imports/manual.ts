/**
 * Adding a testimonial by hand (issue 26): one said in person, on the phone, in an email. It is the team's word, so
 * it needs the imports' attestation (stored with it, with who agreed), counts against the `imported_reviews`
 * allowance like an import, and arrives unapproved and private with origin `manual`. Words are ready at once
 * (`submission.created` then `submission.ready`, as a written testimonial); a video or audio file gets the capture
 * page's resumable tus upload address, and once its last byte is in it is received and processed exactly like a
 * collected recording (`submission.created` and the processing job). A photo comes inside the body (base64). An
 * `Idempotency-Key` makes a resend (a double click, a retried request) answer the first result instead of adding it
 * twice.
 */
import type { Deps } from "../../platform/deps";
import { actorRef } from "../../platform/context";
import { AppError, invalid } from "../../platform/errors";
import { iso } from "../../platform/clock";
import { charCount } from "../../platform/text";
import { newId } from "../../platform/ids";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import { idempotent } from "../../platform/http/idempotency";
import { requirePlanAllowance, type CommandCtx } from "../../platform/access";
import { analyseText } from "../../media/text-analysis";
import { normaliseEmail } from "../accounts";
import { getBrandRow } from "../brands";
import { CAPTURE_LIMITS, createUpload } from "../capture";
import {
  indexSubmission,
  storeTeamPhoto,
  submissionDetail,
  submissionEventData,
  submissionRow,
  submissions,
  teamPhotoWebp,
  type ManualAttestation,
  type SubmissionRow,
} from "../submissions";
import { ATTESTATION_TEXT } from "./attestation";
import type { ManualBody, ManualResult } from "./manual-model";

/** The route, as the `Idempotency-Key` records name it. */
const ROUTE = "POST /v1/submissions";

/** The most characters of a testimonial's words added by hand (as an import's). */
const MAX_TEXT_CHARS = 5000;

const clean = (s: string | undefined) => s?.trim() || null;

/** Checks what the schema cannot (attestation, blank name, the words or the file by kind); 400/413/415. */
function check(body: ManualBody) {
  if (body.attested !== true)
    throw invalid(
      "Adding a testimonial by hand needs attested: true: you confirm it is genuine, from a real customer, unchanged, and that you may use it.",
      "attested",
      { reason: "attestation_required" },
    );
  const name = body.respondent.name.trim();
  if (!name) throw invalid("Enter the respondent's name.", "respondent.name");
  const email = clean(body.respondent.email) ? normaliseEmail(body.respondent.email!, "respondent.email") : null;
  if (body.kind === "text") {
    if (body.upload) throw invalid("A written testimonial has no file: leave out upload.", "upload");
    const text = (body.text ?? "").trim();
    if (!text) throw invalid("Enter the testimonial's words.", "text");
    if (charCount(text) > MAX_TEXT_CHARS) throw invalid(`Keep the words under ${MAX_TEXT_CHARS} characters.`, "text");
    return { name, email, text, upload: null };
  }
  if (body.text !== undefined) throw invalid("A recording's words come from its transcript: leave out text.", "text");
  if (!body.upload) throw invalid("Say how large the file is (upload.size) and its type (upload.type).", "upload");
  const max = body.kind === "video" ? CAPTURE_LIMITS.maxVideoBytes : CAPTURE_LIMITS.maxAudioBytes;
  if (body.upload.size > max)
    throw new AppError("file_too_large", 413, `Files can be up to ${Math.round(max / 1024 / 1024)} MB.`, {
      field: "upload.size",
      max_bytes: max,
    });
  const type = body.upload.type.toLowerCase();
  // As on the capture page: any video or audio container (an audio file may well be an .mp4 or .webm).
  if (!/^(video|audio)\//.test(type))
    throw new AppError("unsupported_media_type", 415, "Choose a video or audio file.", { field: "upload.type" });
  return { name, email, text: null, upload: { size: body.upload.size, type } };
}

type Checked = ReturnType<typeof check>;

/** Inserts the testimonial (and its upload for a recording) in the caller's unit of work. */
function insertManual(
  tx: Tx & { readonly ctx: CommandCtx },
  id: string,
  body: ManualBody,
  c: Checked,
  photoKey: string | null,
) {
  const { db, ctx, deps } = tx;
  getBrandRow(db, ctx, body.brand_id);
  requirePlanAllowance(deps, ctx, "imported_reviews", 1);
  const now = ctx.clock.now();
  const who = actorRef(ctx.actor);
  const attestation: ManualAttestation = {
    text: ATTESTATION_TEXT,
    user_id: who.userId,
    api_key_id: who.apiKeyId,
    agreed_at: iso(now)!,
  };
  const base = {
    id,
    orgId: ctx.orgId,
    mode: ctx.mode,
    brandId: body.brand_id,
    origin: "manual" as const,
    kind: body.kind,
    respondentName: c.name,
    respondentEmail: c.email,
    respondentTitle: clean(body.respondent.title),
    respondentCompany: clean(body.respondent.company),
    rating: body.rating ?? null,
    photoKey,
    attestation,
  };
  let row: SubmissionRow;
  if (c.text !== null) {
    const analysis = analyseText(c.text);
    row = submissionRow(
      {
        ...base,
        status: "ready",
        textInput: c.text,
        textSource: "typed",
        originalText: c.text,
        language: analysis.language,
        sentimentScore: analysis.sentiment.score,
        sentimentLabel: analysis.sentiment.label,
        receivedAt: now,
        processedAt: now,
      },
      now,
    );
    db.insert(submissions).values(row).run();
    indexSubmission(db, row);
    tx.emit("submission.created", submissionEventData(row));
    tx.emit("submission.ready", submissionEventData(row));
  } else {
    row = submissionRow({ ...base, status: "uploading" }, now);
    db.insert(submissions).values(row).run();
  }
  const upload = c.upload ? createUpload(tx, id, c.upload.size, c.upload.type) : null;
  tx.audit("submission.added", id, { brand_id: body.brand_id, kind: body.kind, origin: "manual" });
  return { submission: submissionDetail(tx, id), upload };
}

/**
 * `POST /v1/submissions`: checks the body, stores a photo if one came (awaiting the image work before the write),
 * then adds the testimonial in one unit of work. A photo stored for a testimonial that is then refused (the
 * allowance, a brand being deleted) is deleted again.
 */
export async function addByHand(
  deps: Deps,
  ctx: CommandCtx,
  body: ManualBody,
  idempotencyKey?: string | null,
): Promise<ManualResult> {
  const checked = check(body);
  // Before any image work: an unknown brand is refused at once (checked again in the transaction).
  getBrandRow(deps.db, ctx, body.brand_id);
  const id = newId("submission", ctx.clock.now());
  const photoKey = body.respondent.avatar
    ? await storeTeamPhoto(deps, id, await teamPhotoWebp(deps, body.respondent.avatar, "respondent.avatar"))
    : null;
  try {
    const { value, replayed } = unitOfWork(deps, ctx, (tx) =>
      idempotent(tx.db, ctx, ROUTE, idempotencyKey, body, () =>
        insertManual(tx as Tx & { readonly ctx: CommandCtx }, id, body, checked, photoKey),
      ),
    );
    // The same key and body again: the first answer, and nothing of this request is kept.
    if (replayed && photoKey) await deps.storage.remove("media", photoKey);
    return value;
  } catch (e) {
    if (photoKey) await deps.storage.remove("media", photoKey);
    throw e;
  }
}
