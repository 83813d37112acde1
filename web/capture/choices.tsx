/** The question to answer (when a link has several) and the way to answer: video, audio only or written. */
import { seconds } from "./format";
import type { Method, Prompt } from "./types";

const METHODS: { id: Method; title: string; note: string }[] = [
  { id: "video", title: "Video", note: "Camera and microphone" },
  { id: "audio", title: "Audio only", note: "Microphone" },
  { id: "text", title: "Write", note: "Type your answer" },
];

/** The question(s): a single one is shown as is; several are a choice. */
export function Prompts({
  prompts,
  value,
  onChange,
}: {
  prompts: Prompt[];
  value: string;
  onChange(id: string): void;
}) {
  if (prompts.length === 1) {
    const p = prompts[0]!;
    return (
      <section class="card" aria-labelledby="question-heading">
        <h2 id="question-heading">The question</h2>
        <p class="prompt">{p.text}</p>
        <p class="muted small">Recordings can be up to {seconds(p.max_seconds)}.</p>
      </section>
    );
  }
  return (
    <fieldset class="card choice-list">
      <legend>Choose a question to answer</legend>
      {prompts.map((p) => (
        <label key={p.id} class="choice">
          <input type="radio" name="prompt" value={p.id} checked={value === p.id} onChange={() => onChange(p.id)} />
          <span>
            <span class="prompt">{p.text}</span>
            <span class="muted small"> · up to {seconds(p.max_seconds)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The three ways to answer, as radio buttons drawn as cards. */
export function MethodPicker({
  value,
  onChange,
  error,
}: {
  value: Method | null;
  onChange(m: Method): void;
  error?: string | null;
}) {
  return (
    <fieldset class="methods" aria-describedby={error ? "method-error" : undefined}>
      <legend class="label">How would you like to answer?</legend>
      <div class="method-grid">
        {METHODS.map((m) => (
          <label key={m.id} class={`method ${value === m.id ? "method-on" : ""}`}>
            <input type="radio" name="method" value={m.id} checked={value === m.id} onChange={() => onChange(m.id)} />
            <span class="method-title">{m.title}</span>
            <span class="method-note">{m.note}</span>
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
