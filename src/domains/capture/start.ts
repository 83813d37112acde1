/**
 * A respondent sends a testimonial. A written one is stored and ready at once (`submission.created` then
 * `submission.ready`); a recording gets a submission in `uploading` and a signed, expiring resumable upload URL.
 * A closed link (paused, closed, expired or full) takes nothing; the kind must be one the link accepts, a rating only
 * where it asks for one, answers to its own questions as it asks them; the consent must be the link's current
 * wording, word for word. A link that asks for a photo answers with the address to send it to.
 */
import type { Static } from "elysia";
import { charCount, normaliseLineBreaks } from "../../platform/text";
import type { Deps } from "../../platform/deps";
import type { Ctx, Mode } from "../../platform/context";
import { idempotent } from "../../platform/http/idempotency";
import { unitOfWork, reader } from "../../platform/db/unit-of-work";
import { AppError, invalid } from "../../platform/errors";
import { iso } from "../../platform/clock";
import { requireAllowance, type PlanId, planOf } from "../../platform/access";
import { normaliseEmail } from "../accounts";
import { createCollected, finishWritten } from "../submissions";
import { consentIn, linkState } from "../brands";
import { CLOSED_MESSAGES, findLink } from "./link-view";
import { CAPTURE_LIMITS, type startBody } from "./model";
import { createUpload } from "./uploads";
import { checkCustomAnswers } from "./answers";
import { photoUpload } from "./photo";
import { sentLanguage } from "./page-language";

/** What the capture page sends: the POST /public/links/{id}/submissions body. */
export type StartInput = Static<typeof startBody>;

const KIND_WORDS = { video: "a video", audio: "an audio recording", text: "a written answer" } as const;

const clean = (s: string | undefined) => {
  const v = s?.trim();
  return v ? v : null;
};

/** Checks the input against the link and creates the testimonial (and its upload for recordings). */
export function startSubmission(
  deps: Deps,
  linkId: string,
  input: StartInput,
  idempotencyKey?: string | null,
  acceptLanguage?: string | null,
) {
  const found = findLink(deps, linkId);
  const { link, brand } = found;
  const language = sentLanguage(found, input.language, acceptLanguage);
  const state = linkState(deps.db, link, deps.clock.now());
  if (!state.open) {
    const reason = state.reason ?? "paused";
    throw new AppError("link_closed", 409, CLOSED_MESSAGES[reason], { reason });
  }
  if (!link.accepts.includes(input.kind)) {
    const offered = link.accepts.map((k) => KIND_WORDS[k]).join(" or ");
    throw invalid(`This page takes ${offered}.`, "kind", { accepts: link.accepts });
  }
  if (input.rating !== undefined && !link.askRating) throw invalid("This page does not ask for a rating.", "rating");
  const customAnswers = checkCustomAnswers(link.customFields, input.custom_fields);
  if (input.consent.agreed !== true) throw invalid("Please tick the box to agree before sending.", "consent.agreed");
  // Line breaks arrive as \n (the body parser reads \r\n so); wording stored before that may still hold \r\n.
  // The wording shown: the translation of the page's language when the link has one, else the link's own.
  const shown = consentIn(link, language);
  const agreedTo = normaliseLineBreaks(input.consent.text);
  const sameWords = agreedTo === normaliseLineBreaks(shown) || agreedTo === normaliseLineBreaks(link.consentText);
  const consentText = agreedTo === normaliseLineBreaks(shown) ? shown : link.consentText;
  if (!sameWords || input.consent.version !== link.consentVersion) {
    throw new AppError(
      "consent_changed",
      409,
      "The wording you agreed to has changed since this page opened. Please reload the page, read it again and agree.",
      { field: "consent.text" },
    );
  }
  const name = input.respondent.name.trim();
  if (!name) throw invalid("Please enter your name.", "respondent.name");
  const email = input.respondent.email?.trim() ? normaliseEmail(input.respondent.email, "respondent.email") : null;
  if (input.prompt_id && !link.prompts.some((p) => p.id === input.prompt_id))
    throw invalid("Unknown prompt.", "prompt_id");
  const ctx: Ctx = { orgId: link.orgId, mode: link.mode as Mode, actor: { type: "respondent" }, clock: deps.clock };
  const plan = planOf(deps.db, link.orgId);
  try {
    requireAllowance(reader(deps, ctx), plan, "submissions_per_month");
  } catch (e) {
    if (e instanceof AppError && e.status === 402) {
      throw new AppError(
        "not_accepting",
        429,
        `${brand.name} is not taking new testimonials this month. Thank you for wanting to share; please try again next month.`,
        { reason: "monthly_allowance" },
      );
    }
    throw e;
  }
  const route = `POST /public/links/${link.id}/submissions`;
  const base = {
    brandId: brand.id,
    linkId: link.id,
    promptId: input.prompt_id ?? null,
    respondentName: name,
    respondentEmail: email,
    respondentTitle: clean(input.respondent.title),
    respondentCompany: clean(input.respondent.company),
    rating: input.rating ?? null,
    consent: { text: consentText, version: link.consentVersion, agreed_at: iso(deps.clock.now())!, language },
    pageLanguage: language,
    customAnswers,
  };
  const photo = (id: string) => (link.collectPhoto ? photoUpload(deps, id) : null);
  if (input.kind === "text") {
    const text = (input.text ?? "").trim();
    const chars = charCount(text);
    if (chars < CAPTURE_LIMITS.minTextChars)
      throw invalid(`Please write at least ${CAPTURE_LIMITS.minTextChars} characters.`, "text");
    if (chars > CAPTURE_LIMITS.maxTextChars)
      throw invalid(`Please keep it under ${CAPTURE_LIMITS.maxTextChars} characters.`, "text");
    return unitOfWork(deps, ctx, (tx) =>
      idempotent(tx.db, ctx, route, idempotencyKey, input, () => {
        const row = finishWritten(tx, { ...base, text });
        return { submission_id: row.id, status: row.status, kind: row.kind, upload: null, photo_upload: photo(row.id) };
      }),
    ).value;
  }
  const kind = input.kind;
  if (!input.upload)
    throw invalid("Say how large the recording is (upload.size) and its type (upload.type).", "upload");
  const max = input.kind === "video" ? CAPTURE_LIMITS.maxVideoBytes : CAPTURE_LIMITS.maxAudioBytes;
  if (input.upload.size > max)
    throw new AppError("file_too_large", 413, `Recordings can be up to ${Math.round(max / 1024 / 1024)} MB.`, {
      field: "upload.size",
      max_bytes: max,
    });
  const type = input.upload.type.toLowerCase();
  if (!/^(video|audio)\//.test(type))
    throw new AppError("unsupported_media_type", 415, "Please send a video or audio recording.", {
      field: "upload.type",
    });
  return unitOfWork(deps, ctx, (tx) =>
    idempotent(tx.db, ctx, route, idempotencyKey, input, () => {
      const row = createCollected(tx, { ...base, kind });
      const upload = createUpload(tx, row.id, input.upload!.size, type);
      return { submission_id: row.id, status: row.status, kind: row.kind, upload, photo_upload: photo(row.id) };
    }),
  ).value;
}
