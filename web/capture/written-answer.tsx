/** A written answer with a live character counter (the server trims spaces, so the counter does too). */
import type { LinkView } from "./types";
import { t } from "./i18n";

/** Characters that count towards the minimum. */
/** Characters as the server counts them: code points, so an emoji is one. */
export const countChars = (text: string) => [...text.trim()].length;

/** The text box with its counter; `error` is shown under it and announced. */
export function WrittenAnswer(props: {
  value: string;
  onInput(v: string): void;
  limits: LinkView["limits"];
  error?: string | null;
}) {
  const { min_text_chars: min, max_text_chars: max } = props.limits;
  const n = countChars(props.value);
  const short = Math.max(0, min - n);
  return (
    <div class="field">
      <label for="answer-text" class="label">
        {t("written.label")}
      </label>
      <textarea
        id="answer-text"
        rows={6}
        maxLength={max}
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
        aria-describedby="answer-count answer-text-error"
        aria-invalid={props.error ? true : undefined}
      />
      <p id="answer-count" class={`small ${short ? "muted" : "ok"}`}>
        {t("written.count", { n })}
        {" · "}
        {short ? t("written.more", { short, min }) : t("written.enough", { max })}
      </p>
      <p class="sr-only" aria-live="polite">
        {short ? "" : t("written.longEnough")}
      </p>
      {props.error && (
        <p id="answer-text-error" class="field-error">
          {props.error}
        </p>
      )}
    </div>
  );
}
