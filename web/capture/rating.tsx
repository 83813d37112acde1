/** An optional 1–5 star rating: native radio buttons (arrow keys work), drawn as stars. */
import { t } from "./i18n";

/** The star rating; `value` null means no rating. */
export function Rating({ value, onChange }: { value: number | null; onChange(v: number | null): void }) {
  return (
    <fieldset class="field rating">
      <legend class="label">
        {t("rating.legend")} <span class="opt">{t("common.optional")}</span>
      </legend>
      <div class="stars">
        <span class="star-row">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} class={`star ${value !== null && n <= value ? "star-on" : ""}`}>
              <input
                type="radio"
                name="rating"
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                class="star-input"
              />
              <span aria-hidden="true">★</span>
              <span class="sr-only">{t("rating.stars", { n })}</span>
            </label>
          ))}
        </span>
        {value !== null && (
          <button type="button" class="btn-link small" onClick={() => onChange(null)}>
            {t("rating.clear")}
          </button>
        )}
      </div>
    </fieldset>
  );
}
