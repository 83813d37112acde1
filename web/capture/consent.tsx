/** The link's consent text, word for word, and the box the respondent must tick. */
import { t } from "./i18n";

/** Consent text and checkbox. */
export function Consent(props: { text: string; checked: boolean; onChange(v: boolean): void; error?: string | null }) {
  return (
    <fieldset class="field consent">
      <legend class="label">{t("consent.legend")}</legend>
      <p id="consent-text" class="consent-text" dir="auto">
        {props.text}
      </p>
      <label class="check">
        <input
          id="consent"
          type="checkbox"
          checked={props.checked}
          onChange={(e) => props.onChange(e.currentTarget.checked)}
          aria-describedby={props.error ? "consent-text consent-error" : "consent-text"}
          aria-invalid={props.error ? true : undefined}
          required
        />
        <span>{t("consent.agree")}</span>
      </label>
      {props.error && (
        <p id="consent-error" class="field-error">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}
