/**
 * Resumable uploads for recordings, speaking the tus 1.0 core protocol (so `tus-js-client` resumes a dropped
 * upload from where it stopped). The upload URL is signed and expires; the first bytes are sniffed with
 * `file-type` and anything that is not an audio or video container is refused and deleted at once, with its
 * testimonial row (nothing of it ever arrived). When the last
 * byte arrives the file is moved into place and the testimonial is marked received (event + processing job).
 */
import { and, eq } from "drizzle-orm";
import type { Deps } from "../../platform/deps";
import type { Ctx, Mode } from "../../platform/context";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import { newId } from "../../platform/ids";
import { iso } from "../../platform/clock";
import { AppError, notFound } from "../../platform/errors";
import { safeEqual } from "../../platform/crypto";
import { markReceived, submissions, uploads } from "../submissions";
import { CAPTURE_LIMITS } from "./model";
import { discardUnfinished } from "./expiry";

/** Containers accepted for recordings, by sniffed MIME type → file extension. */
export const ACCEPTED_TYPES: Record<string, string> = {
  "video/webm": "webm",
  "audio/webm": "webm",
  "video/x-matroska": "mkv",
  "video/mp4": "mp4",
  "audio/mp4": "m4a",
  "audio/x-m4a": "m4a",
  "video/quicktime": "mov",
  "video/3gpp": "3gp",
  "video/3gpp2": "3g2",
  "audio/ogg": "ogg",
  "video/ogg": "ogv",
  "audio/opus": "opus",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/mpeg": "mp3",
  "audio/aac": "aac",
  "audio/x-flac": "flac",
  "audio/flac": "flac",
};

/** Bytes needed before the type can be sniffed. */
const SNIFF_BYTES = 4100;

type UploadRow = typeof uploads.$inferSelect;

const partKey = (id: string) => `uploads/${id}.part`;

/** Signature of an upload URL. */
function signature(deps: Deps, id: string, exp: number) {
  return deps.signer.mac("upload", `${id}.${exp}`).slice(0, 32);
}

/** Creates the upload for a submission in the caller's unit of work; returns what the capture page needs. */
export function createUpload(tx: Tx, submissionId: string, length: number, declaredType: string) {
  const deps = tx.deps;
  const now = deps.clock.now();
  const id = newId("upload", now);
  const expiresAt = now + CAPTURE_LIMITS.uploadTtlMs;
  tx.db
    .insert(uploads)
    .values({
      id,
      submissionId,
      length,
      declaredType,
      sniffedType: null,
      status: "open",
      expiresAt,
      createdAt: now,
      completedAt: null,
    })
    .run();
  const exp = Math.floor(expiresAt / 1000);
  return {
    protocol: "tus" as const,
    url: `${deps.config.baseUrl}/public/uploads/${id}?exp=${exp}&sig=${signature(deps, id, exp)}`,
    expires_at: iso(expiresAt),
    length,
    chunk_bytes: CAPTURE_LIMITS.chunkBytes,
  };
}

/** The upload for a signed URL; 404 for a bad signature or an unknown (or removed) id, 410 when expired. */
export function resolveUpload(deps: Deps, id: string, exp: string | undefined, sig: string | undefined): UploadRow {
  const expNum = Number(exp);
  if (!sig || !Number.isInteger(expNum) || !safeEqual(sig, signature(deps, id, expNum))) throw notFound("upload");
  const row = deps.db.select().from(uploads).where(eq(uploads.id, id)).get();
  if (!row) throw notFound("upload");
  if (expNum * 1000 < deps.clock.now() && row.status === "open")
    throw new AppError("upload_expired", 410, "This upload link expired. Please record and send again.");
  if (row.status === "refused")
    throw new AppError("unsupported_media_type", 415, "This file was refused: it is not an audio or video recording.");
  return row;
}

/** Bytes received so far (the part file's size, or all of it once complete). */
export async function uploadOffset(deps: Deps, row: UploadRow): Promise<number> {
  if (row.status === "complete") return row.length;
  const partSize = deps.storage.partSize(partKey(row.id));
  if (partSize !== null) return partSize;
  // A crash between moving the finished file into place and recording it: finish now.
  if (row.sniffedType && (await deps.storage.has("media", finalKey(row)))) {
    await complete(deps, row);
    return row.length;
  }
  return 0;
}

const finalKey = (row: UploadRow) => `submissions/${row.submissionId}/original.${ACCEPTED_TYPES[row.sniffedType!]}`;

function ctxFor(deps: Deps, submissionId: string): Ctx {
  const s = deps.db
    .select({ orgId: submissions.orgId, mode: submissions.mode })
    .from(submissions)
    .where(eq(submissions.id, submissionId))
    .get();
  if (!s) throw notFound("upload");
  return { orgId: s.orgId, mode: s.mode as Mode, actor: { type: "respondent" }, clock: deps.clock };
}

async function sniff(deps: Deps, key: string): Promise<string | null> {
  // Loaded with the first upload to look at, not at start-up.
  const { fileTypeFromBuffer } = await import("file-type");
  const ft = await fileTypeFromBuffer(deps.storage.readPartHead(key, SNIFF_BYTES));
  return ft && ACCEPTED_TYPES[ft.mime] ? ft.mime : null;
}

/**
 * Refuses an upload whose first bytes are not a recording. Nothing usable ever arrived and no event was sent for it,
 * so its testimonial row goes with its bytes, as an abandoned upload's does (`removeUnfinished`): the respondent's
 * screen says why, and the inbox keeps no "Failed" row of a file that never was a testimonial. Its address answers
 * 404 from then on (the upload row goes with the testimonial).
 */
function refuse(deps: Deps, row: UploadRow, reason: string): never {
  discardUnfinished(deps, row);
  throw new AppError("unsupported_media_type", 415, reason);
}

/** Appends a chunk at `offset`; sniffs the type once enough bytes are in; completes the upload at the end. */
export async function appendChunk(deps: Deps, row: UploadRow, offset: number, chunk: Uint8Array): Promise<number> {
  if (row.status === "complete") {
    if (offset === row.length && chunk.length === 0) return row.length;
    throw new AppError("upload_complete", 409, "This upload is already complete.");
  }
  const current = await uploadOffset(deps, row);
  if (offset !== current)
    throw new AppError("offset_mismatch", 409, `The upload is at byte ${current}; resume from there.`, {
      offset: current,
    });
  if (current + chunk.length > row.length)
    throw new AppError("file_too_large", 413, "More bytes were sent than the upload declared.", { length: row.length });
  const part = partKey(row.id);
  if (chunk.length) deps.storage.appendPart(part, chunk);
  const now = current + chunk.length;
  if (!row.sniffedType && (now >= SNIFF_BYTES || now === row.length) && now > 0) {
    const type = await sniff(deps, part);
    if (!type)
      refuse(
        deps,
        row,
        "This file is not an audio or video recording we can use. Please record again or choose a video or audio file.",
      );
    deps.db.update(uploads).set({ sniffedType: type }).where(eq(uploads.id, row.id)).run();
    row = { ...row, sniffedType: type };
  }
  if (now === row.length) await complete(deps, row);
  return now;
}

/** Moves the finished file into place and marks the testimonial received; safe to repeat. */
export async function complete(deps: Deps, row: UploadRow) {
  const type = row.sniffedType!;
  const key = finalKey(row);
  await deps.storage.adoptPart(partKey(row.id), "media", key);
  unitOfWork(deps, ctxFor(deps, row.submissionId), (tx) => {
    tx.db
      .update(uploads)
      .set({ status: "complete", completedAt: deps.clock.now() })
      .where(and(eq(uploads.id, row.id), eq(uploads.status, "open")))
      .run();
    markReceived(tx, row.submissionId, key, type);
  });
}

/**
 * tus termination: the respondent discarded a recording that did not finish sending, so its partial file and its
 * `uploading` testimonial go at once instead of waiting for the expiry job. A finished upload is a testimonial
 * received (events sent) and is not undone here: 409 (the thank-you email's removal link is the way to withdraw it).
 */
export function discardUpload(deps: Deps, row: UploadRow) {
  if (row.status === "complete")
    throw new AppError(
      "upload_complete",
      409,
      "This recording has already arrived. Use the removal link in your email to withdraw it.",
    );
  discardUnfinished(deps, row);
}
