/**
 * The capture form: the questions (answered in turn), the answer in one of the ways the link takes (video, audio,
 * written, or a file), who is answering, the rating (where the link asks for one), the link's own questions, the
 * photo (where it asks for one), the consent box and Send. Nothing leaves the browser before Send; problems are shown
 * beside their fields and announced.
 */
import { useEffect, useState } from "preact/hooks";
import { Prompts, MethodPicker } from "./choices";
import { RecorderPanel } from "./recorder";
import { FilePicker } from "./file-picker";
import { WrittenAnswer } from "./written-answer";
import { TextField } from "./text-field";
import { Rating } from "./rating";
import { Consent } from "./consent";
import { Sending } from "./sending";
import { CustomFields } from "./custom-fields";
import { PhotoPicker } from "./photo-picker";
import { useSend, type ThanksContent } from "./use-send";
import { validate, fieldId, serverProblemWords, type Errors } from "./validate";
import { canRecord, insecurePage } from "./media";
import { NoRecordingNotice } from "./no-recording";
import { Problem } from "./api";
import type { SentInfo } from "./thanks";
import type { CustomValue, LinkView, MediaAnswer, Method, Respondent } from "./types";

export type { SentInfo } from "./thanks";

const focusField = (id: string) => {
  const el = document.getElementById(id) ?? document.querySelector<HTMLElement>(`input[name="${id}"]`);
  el?.focus();
};

/** The form for an open link; calls `onSent` once the testimonial is fully received. */
export function CaptureForm({
  link,
  apiUrl,
  announce,
  onSent,
}: {
  link: LinkView;
  apiUrl: string;
  announce(m: string): void;
  onSent(i: SentInfo): void;
}) {
  const [method, setMethod] = useState<Method | null>(link.accepts.length === 1 ? link.accepts[0]! : null);
  const [answers, setAnswers] = useState<Record<"video" | "audio", MediaAnswer | null>>({ video: null, audio: null });
  const [text, setText] = useState("");
  const [who, setWho] = useState<Respondent>({ name: "", email: "", title: "", company: "" });
  const [rating, setRating] = useState<number | null>(null);
  const [custom, setCustom] = useState<Record<string, CustomValue>>({});
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const sender = useSend(apiUrl, announce);
  const answer = method === "video" || method === "audio" ? answers[method] : null;
  const busy = sender.sending !== null;
  // Checked once: a page is a secure context or not for as long as it is open.
  const [insecure] = useState(insecurePage);

  useEffect(() => () => Object.values(answers).forEach((a) => a && URL.revokeObjectURL(a.url)), []);
  // A recording lives only in this tab until it is sent: ask before the tab closes or navigates away.
  const unsent = busy || !!answers.video || !!answers.audio;
  useEffect(() => {
    if (!unsent) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsent]);
  const setAnswer = (kind: "video" | "audio", a: MediaAnswer | null) =>
    setAnswers((prev) => {
      const old = prev[kind];
      if (old && old !== a) URL.revokeObjectURL(old.url);
      return { ...prev, [kind]: a };
    });
  const person = (k: keyof Respondent) => (v: string) => setWho((w) => ({ ...w, [k]: v }));
  const offered = (m: Method) => (link.accepts.includes(m) ? setMethod(m) : undefined);

  async function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    const found = validate({ method, answer, text, respondent: who, agreed, custom, photo }, link);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      const n = Object.keys(found).length;
      announce(
        n === 1 ? Object.values(found)[0]! : `Please fix ${n} things before sending. ${Object.values(found)[0]}`,
      );
      focusField(first);
      return;
    }
    const respondent = Object.fromEntries(
      Object.entries(who)
        .map(([k, v]) => [k, v.trim()])
        .filter(([, v]) => v),
    );
    const given = link.custom_fields
      .map((f) => ({ field: f, value: custom[f.id] }))
      .filter((a): a is { field: (typeof link.custom_fields)[number]; value: CustomValue } =>
        typeof a.value === "string" ? a.value.trim() !== "" : a.value !== undefined,
      )
      .map((a) => ({ field: a.field, value: typeof a.value === "string" ? a.value.trim() : a.value }));
    const kind = method === "text" ? "text" : answer!.kind;
    const body = {
      kind,
      respondent,
      // One answer covers every question in turn; a single question is named.
      ...(link.prompts.length === 1 ? { prompt_id: link.prompts[0]!.id } : {}),
      consent: { agreed: true, text: link.consent_text, version: link.consent_version },
      ...(rating && link.ask_rating ? { rating } : {}),
      ...(kind === "text" ? { text: text.trim() } : {}),
      ...(given.length ? { custom_fields: given.map((a) => ({ id: a.field.id, value: a.value })) } : {}),
    };
    try {
      const media = kind === "text" ? null : answer;
      const thanks: ThanksContent = {
        name: who.name.trim(),
        kind,
        media: media?.blob ?? null,
        text: kind === "text" ? text.trim() : null,
        rating: link.ask_rating ? rating : null,
        answers: given.map((a) => ({ label: a.field.label, value: a.value })),
        photo: link.collect_photo ? photo : null,
        email: who.email.trim() || null,
      };
      const sent = await sender.send(link.id, body, media, thanks.photo, thanks);
      onSent({ ...thanks, ...sent });
    } catch (err) {
      const p = err instanceof Problem ? err : new Problem(0, "error", "Something went wrong. Please try again.");
      const field = fieldId(p.field);
      const words = field ? serverProblemWords(field, p.message, p.details) : p.message;
      if (field && p.code !== "consent_changed") setErrors({ [field]: words });
      setFailure(words);
    }
  }

  return (
    <form onSubmit={submit} noValidate class="stack">
      <fieldset disabled={busy} class="plain stack">
        <Prompts prompts={link.prompts} />
        <section class="card stack" aria-labelledby="answer-heading">
          <h2 id="answer-heading">Your answer</h2>
          {insecure && <NoRecordingNotice accepts={link.accepts} />}
          <MethodPicker
            accepts={link.accepts}
            recordable={!insecure}
            value={method}
            onChange={(m) => {
              setMethod(m);
              setErrors({});
            }}
            error={errors.method}
          />
          {(method === "video" || method === "audio") && (
            <div class="stack">
              {/* On a page that cannot record, the notice above has said so: only the file input follows. */}
              {answers[method] || (!insecure && canRecord()) ? (
                <RecorderPanel
                  key={method}
                  kind={method}
                  prompts={link.prompts}
                  accepts={link.accepts}
                  answer={answers[method]}
                  onAnswer={(a) => setAnswer(method, a)}
                  onMethod={offered}
                  announce={announce}
                />
              ) : insecure ? null : (
                <p class="notice">
                  This browser cannot record on this page.{" "}
                  {link.accepts.includes("text")
                    ? "You can upload a file from your device, or write your answer instead."
                    : "You can upload a file from your device instead."}
                </p>
              )}
              {!answers[method] && (
                <FilePicker
                  limits={link.limits}
                  onAnswer={(a) => setAnswer(method, a)}
                  label={
                    insecure
                      ? `Upload ${method === "video" ? "a video" : "an audio recording"} from your device`
                      : undefined
                  }
                />
              )}
            </div>
          )}
          {method === "text" && (
            <WrittenAnswer value={text} onInput={setText} limits={link.limits} error={errors["answer-text"]} />
          )}
        </section>
        <section class="card stack" aria-labelledby="about-heading">
          <h2 id="about-heading">About you</h2>
          <TextField
            id="name"
            label="Your name"
            value={who.name}
            onInput={person("name")}
            required
            autoComplete="name"
            error={errors.name}
          />
          <TextField
            id="email"
            type="email"
            label="Email"
            value={who.email}
            onInput={person("email")}
            autoComplete="email"
            maxLength={254}
            hint={`We will email you a thank-you with a copy of what you sent. ${link.brand.name} may contact you about it; your email is never shown publicly.`}
            error={errors.email}
          />
          <TextField
            id="title"
            label="Job title"
            value={who.title}
            onInput={person("title")}
            autoComplete="organization-title"
            error={errors.title}
          />
          <TextField
            id="company"
            label="Company"
            value={who.company}
            onInput={person("company")}
            autoComplete="organization"
            error={errors.company}
          />
          {link.collect_photo && (
            <PhotoPicker file={photo} onChange={setPhoto} maxBytes={link.limits.max_photo_bytes} error={errors.photo} />
          )}
          {link.ask_rating && <Rating value={rating} onChange={setRating} />}
        </section>
        {link.custom_fields.length > 0 && (
          <section class="card stack" aria-labelledby="more-heading">
            <h2 id="more-heading">A few more questions</h2>
            <CustomFields
              fields={link.custom_fields}
              values={custom}
              onChange={(id, v) => {
                setCustom((c) => ({ ...c, [id]: v }));
                // A choice made clears its problem at once (text fields are checked again on Send).
                if (typeof v !== "string") setErrors(({ [`cf-${id}`]: _, ...rest }) => rest);
              }}
              errors={errors}
              maxChars={link.limits.max_short_text_chars}
            />
          </section>
        )}
        <section class="card">
          <Consent text={link.consent_text} checked={agreed} onChange={setAgreed} error={errors.consent} />
        </section>
      </fieldset>
      {sender.sending && <Sending state={sender.sending} onResume={sender.resume} />}
      {failure && !busy && (
        <p class="notice notice-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" class="btn btn-primary btn-send" disabled={busy}>
        {busy ? "Sending…" : "Send my testimonial"}
      </button>
    </form>
  );
}
