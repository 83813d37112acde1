/**
 * The questions and the way to answer. Every question is answered, in turn: a recording is guided through them one
 * at a time (the recorder shows each and a "Next question" button), a written answer covers them in one text. The
 * ways to answer are those the link takes (video, audio only, written); a single one needs no choosing.
 */
import { seconds } from "./format";
import type { Method, Prompt } from "./types";
import { t } from "./i18n";

const METHODS: { id: Method; title(): string; note(): string; upload(): string }[] = [
  {
    id: "video",
    title: () => t("method.video"),
    note: () => t("method.videoNote"),
    upload: () => t("method.videoUpload"),
  },
  {
    id: "audio",
    title: () => t("method.audio"),
    note: () => t("method.audioNote"),
    upload: () => t("method.audioUpload"),
  },
  { id: "text", title: () => t("method.text"), note: () => t("method.textNote"), upload: () => t("method.textNote") },
];

/** What a single way to answer is called when there is no choice (`upload`: when this page cannot record). */
const ONLY: Record<Method, { note(): string; upload(): string }> = {
  video: { note: () => t("method.onlyVideo"), upload: () => t("method.onlyVideoUpload") },
  audio: { note: () => t("method.onlyAudio"), upload: () => t("method.onlyAudioUpload") },
  text: { note: () => t("method.onlyText"), upload: () => t("method.onlyText") },
};

/** The question, or the questions in the order they are asked. */
export function Prompts({ prompts }: { prompts: Prompt[] }) {
  if (prompts.length === 1) {
    const p = prompts[0]!;
    return (
      <section class="card" aria-labelledby="question-heading">
        <h2 id="question-heading">{t("prompts.one")}</h2>
        <p class="prompt" dir="auto">
          {p.text}
        </p>
        <p class="muted small">{t("prompts.oneLimit", { duration: seconds(p.max_seconds) })}</p>
      </section>
    );
  }
  return (
    <section class="card stack-sm" aria-labelledby="question-heading">
      <h2 id="question-heading">{t("prompts.many", { count: prompts.length })}</h2>
      <p class="muted small">{t("prompts.manyHelp")}</p>
      <ol class="prompt-list">
        {prompts.map((p) => (
          <li key={p.id}>
            <span class="prompt" dir="auto">
              {p.text}
            </span>
            <span class="muted small"> · {t("prompts.upTo", { duration: seconds(p.max_seconds) })}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The ways to answer the link takes, as radio buttons drawn as cards; a single way is stated, not offered. When the
 * page cannot record (`recordable` false: not a secure page), video and audio are offered as uploads.
 */
export function MethodPicker({
  accepts,
  value,
  onChange,
  error,
  recordable,
  quiet = false,
}: {
  accepts: Method[];
  value: Method | null;
  onChange(m: Method): void;
  error?: string | null;
  recordable: boolean;
  /** The question is the step's heading already: the group keeps it as its name, unseen. */
  quiet?: boolean;
}) {
  if (accepts.length === 1)
    return (
      <div class="stack-sm">
        <p class="muted" id="method" tabIndex={-1}>
          {ONLY[accepts[0]!][recordable ? "note" : "upload"]()}
        </p>
        {error && (
          <p id="method-error" class="field-error">
            {error}
          </p>
        )}
      </div>
    );
  const offered = METHODS.filter((m) => accepts.includes(m.id));
  return (
    <fieldset class={quiet ? "methods methods-big" : "methods"} aria-describedby={error ? "method-error" : undefined}>
      <legend class={quiet ? "sr-only" : "label"}>{t("method.question")}</legend>
      <div class={`method-grid method-grid-${offered.length}`}>
        {offered.map((m) => (
          <label key={m.id} class={`method ${value === m.id ? "method-on" : ""}`}>
            <input type="radio" name="method" value={m.id} checked={value === m.id} onChange={() => onChange(m.id)} />
            <span class="method-title">{m.title()}</span>
            <span class="method-note">{recordable ? m.note() : m.upload()}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id="method-error" class="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
