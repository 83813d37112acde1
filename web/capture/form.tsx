/**
 * The capture form: the questions (answered in turn), the answer in one of the ways the link takes (video, audio,
 * written, or a file), who is answering, the rating (where the link asks for one), the link's own questions, the
 * photo (where it asks for one), the consent box and Send. Nothing leaves the browser before Send; problems are shown
 * beside their fields and announced.
 *
 * On a phone the form is a series of steps (steps.ts): choose how, record or write, about you, the link's own
 * questions, permission and Send; one screen each, the progress above, Back and Next below, and Next checks only
 * its own step. Tapping a way to answer goes straight on to recording. Wider screens, and the dashboard's preview
 * (`stepped` false: every setting shows at once), keep one page.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
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
import type { CustomValue, LinkView, MediaAnswer, Method, Respondent, StartBody } from "./types";
import { answerHeading, stepOf, stepsFor, stepTitle, type Step } from "./steps";
import { useNarrow, useSteps } from "./use-steps";
import { StepNav, StepProgress } from "./step-progress";
import { t, words } from "./i18n";
import { problemWords } from "./problem-words";

export type { SentInfo } from "./thanks";

/** Focuses a field by id (or its radio group); else the step's heading, which names where the problem is. */
const focusField = (id: string) => {
  const el =
    document.getElementById(id) ??
    document.querySelector<HTMLElement>(`input[name="${id}"]`) ??
    document.getElementById("step-heading");
  el?.focus();
};

/** How long a chosen way to answer shows as chosen before its step opens (a tap, not the arrow keys). */
const CHOSEN_MS = 250;

/** The form for an open link; calls `onSent` once the testimonial is fully received. */
export function CaptureForm({
  link,
  apiUrl,
  announce,
  onSent,
  intro,
  stepped = true,
}: {
  link: LinkView;
  apiUrl: string;
  announce(m: string): void;
  onSent(i: SentInfo): void;
  /** The link's welcome words: before the form, on the first step only when stepped. */
  intro?: ComponentChildren;
  /** Steps on phones; false keeps one page whatever the width. */
  stepped?: boolean;
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
  const steps = useMemo(() => stepsFor(link), [link.accepts.join(), link.custom_fields.length]);
  const narrow = useNarrow(stepped);
  const flow = useSteps(steps, narrow);
  const shows = (s: Step) => !narrow || flow.step === s;
  // The field to focus once its step is on screen (a problem found on Send may be on an earlier step).
  const focusNext = useRef<string | null>(null);
  const drawnStep = useRef(flow.step);
  const tapped = useRef(0);
  useEffect(() => {
    if (drawnStep.current === flow.step) return;
    drawnStep.current = flow.step;
    // A new step: the problem's field, else its heading, takes the focus (read out), from the top of the page.
    window.scrollTo(0, 0);
    const field = focusNext.current;
    focusNext.current = null;
    if (field) focusField(field);
    else document.getElementById("step-heading")?.focus();
  }, [flow.step]);

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

  const problems = () => validate({ method, answer, text, respondent: who, agreed, custom, photo }, link);

  /** Shows problems by their fields, says them, and focuses the first (on its own step, going back to it). */
  function report(found: Errors) {
    setErrors(found);
    const first = Object.keys(found)[0]!;
    const n = Object.keys(found).length;
    announce(n === 1 ? found[first]! : t("form.fixThings", { count: n, first: found[first]! }));
    const at = stepOf(first, method, steps);
    if (narrow && at !== flow.step) {
      focusNext.current = first;
      flow.backTo(at);
    } else focusField(first);
  }

  /** Next: this step's problems, or on to the next step. */
  function nextStep() {
    const found = Object.fromEntries(
      Object.entries(problems()).filter(([id]) => stepOf(id, method, steps) === flow.step),
    );
    setErrors(found);
    if (Object.keys(found).length) return report(found);
    flow.next();
  }

  /** A way to answer chosen: on a phone, a tap on it opens its step (the arrow keys only choose; Next goes on). */
  function choose(m: Method) {
    setMethod(m);
    setErrors({});
    if (narrow && flow.step === "how" && Date.now() - tapped.current < 1500) setTimeout(flow.next, CHOSEN_MS);
  }

  async function submit(e: Event) {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    const found = problems();
    setErrors(found);
    if (Object.keys(found).length) return report(found);
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
    const body: StartBody = {
      kind,
      respondent,
      // One answer covers every question in turn; a single question is named.
      ...(link.prompts.length === 1 ? { prompt_id: link.prompts[0]!.id } : {}),
      consent: { agreed: true, text: link.consent_text, version: link.consent_version },
      // The page's language: the server records it and writes the respondent's emails in it.
      language: words.language(),
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
      const p = err instanceof Problem ? err : new Problem(0, "error", t("api.refused"));
      const field = fieldId(p.field);
      const said = problemWords(p);
      const words = field ? serverProblemWords(field, said, p.details) : said;
      if (field && p.code !== "consent_changed") {
        setErrors({ [field]: words });
        // On a phone, the field is on its own step: go back to it (the message stays on Send's step too).
        const at = stepOf(field, method, steps);
        if (narrow && at !== flow.step) {
          focusNext.current = field;
          flow.backTo(at);
        }
      }
      setFailure(words);
    }
  }

  const last = flow.index === flow.count - 1;
  const stepHeading = (s: Step, words: string, id: string) => (
    <h2 id={narrow && flow.step === s ? "step-heading" : id} tabIndex={-1}>
      {words}
    </h2>
  );
  const recordable = method === "video" || method === "audio";
  const answerPart = (
    <>
      {recordable && (
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
              {t("form.cannotRecord")}{" "}
              {link.accepts.includes("text") ? t("form.uploadOrWrite") : t("form.uploadInstead")}
            </p>
          )}
          {!answers[method] && (
            <FilePicker
              limits={link.limits}
              onAnswer={(a) => setAnswer(method, a)}
              label={insecure ? (method === "video" ? t("form.uploadVideo") : t("form.uploadAudio")) : undefined}
            />
          )}
        </div>
      )}
      {method === "text" && (
        <WrittenAnswer value={text} onInput={setText} limits={link.limits} error={errors["answer-text"]} />
      )}
    </>
  );
  const picker = (
    <MethodPicker
      accepts={link.accepts}
      recordable={!insecure}
      value={method}
      onChange={choose}
      error={narrow && flow.step === "answer" && link.accepts.length > 1 ? null : errors.method}
      quiet={narrow}
    />
  );
  const stepError = narrow && flow.step === "answer" && errors.method && (
    <p id="method-error" class="field-error" role="alert">
      {errors.method}
    </p>
  );

  return (
    <form onSubmit={submit} noValidate class="stack">
      {narrow && <StepProgress steps={steps} current={flow.index} />}
      {(!narrow || flow.index === 0) && intro}
      <fieldset disabled={busy} class="plain stack">
        {(shows("how") || (narrow && flow.step === "answer" && (method === "text" || link.accepts.length === 1))) && (
          <Prompts prompts={link.prompts} />
        )}
        {!narrow ? (
          <section class="card stack" aria-labelledby="answer-heading">
            <h2 id="answer-heading">{t("form.answerHeading")}</h2>
            {insecure && <NoRecordingNotice accepts={link.accepts} />}
            {picker}
            {answerPart}
          </section>
        ) : flow.step === "how" ? (
          <section
            class="card stack"
            aria-labelledby="step-heading"
            onPointerDown={() => (tapped.current = Date.now())}
          >
            {stepHeading("how", t("method.question"), "how-heading")}
            {insecure && <NoRecordingNotice accepts={link.accepts} />}
            {picker}
          </section>
        ) : flow.step === "answer" ? (
          <section class="card stack" aria-labelledby="step-heading">
            {stepHeading("answer", answerHeading(method, !insecure), "answer-heading")}
            {link.accepts.length === 1 && (
              <>
                {insecure && <NoRecordingNotice accepts={link.accepts} />}
                {picker}
              </>
            )}
            {link.accepts.length > 1 && stepError}
            {answerPart}
            {link.accepts.length > 1 && (
              <button type="button" class="btn-link step-change" onClick={flow.back}>
                {t("form.answerAnotherWay")}
              </button>
            )}
          </section>
        ) : null}
        {shows("about") && (
          <section class="card stack" aria-labelledby={narrow ? "step-heading" : "about-heading"}>
            {stepHeading("about", stepTitle("about"), "about-heading")}
            <TextField
              id="name"
              label={t("form.name")}
              value={who.name}
              onInput={person("name")}
              required
              autoComplete="name"
              error={errors.name}
            />
            <TextField
              id="email"
              type="email"
              label={t("form.email")}
              value={who.email}
              onInput={person("email")}
              autoComplete="email"
              maxLength={254}
              hint={t("form.emailHint", { brand: link.brand.name })}
              error={errors.email}
            />
            <div class="field-pair">
              <TextField
                id="title"
                label={t("form.jobTitle")}
                value={who.title}
                onInput={person("title")}
                autoComplete="organization-title"
                error={errors.title}
              />
              <TextField
                id="company"
                label={t("form.company")}
                value={who.company}
                onInput={person("company")}
                autoComplete="organization"
                error={errors.company}
              />
            </div>
            {link.collect_photo && (
              <PhotoPicker
                file={photo}
                onChange={setPhoto}
                maxBytes={link.limits.max_photo_bytes}
                error={errors.photo}
              />
            )}
            {link.ask_rating && !narrow && <Rating value={rating} onChange={setRating} />}
          </section>
        )}
        {link.custom_fields.length > 0 && shows("more") && (
          <section class="card stack" aria-labelledby={narrow ? "step-heading" : "more-heading"}>
            {stepHeading("more", stepTitle("more"), "more-heading")}
            <CustomFields
              fields={link.custom_fields}
              values={custom}
              onChange={(id, v) => {
                setCustom((c) => ({ ...c, [id]: v }));
                // A choice made clears its problem at once (text fields are checked again on Next or Send).
                const field = link.custom_fields.find((f) => f.id === id);
                if (field && field.type !== "short_text") setErrors(({ [`cf-${id}`]: _, ...rest }) => rest);
              }}
              errors={errors}
              maxChars={link.limits.max_short_text_chars}
            />
          </section>
        )}
        {shows("send") && (
          <section class="card stack" aria-labelledby={narrow ? "step-heading" : undefined}>
            {narrow && stepHeading("send", t("form.ready"), "send-heading")}
            {/* On a phone the stars come with the last step, so "About you" fits one screen. */}
            {link.ask_rating && narrow && <Rating value={rating} onChange={setRating} />}
            <Consent text={link.consent_text} checked={agreed} onChange={setAgreed} error={errors.consent} />
          </section>
        )}
      </fieldset>
      {sender.sending && <Sending state={sender.sending} onResume={sender.resume} />}
      {failure && !busy && (
        <p class="notice notice-error" role="alert">
          {failure}
        </p>
      )}
      {narrow && !busy && <StepNav first={flow.index === 0} last={last} onBack={flow.back} onNext={nextStep} />}
      {(!narrow || last) && (
        <button type="submit" class="btn btn-primary btn-send" disabled={busy}>
          {busy ? t("form.sending") : t("form.send")}
        </button>
      )}
    </form>
  );
}
