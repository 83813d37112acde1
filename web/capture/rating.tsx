/** An optional 1–5 star rating: native radio buttons (arrow keys work), drawn as stars. */

/** The star rating; `value` null means no rating. */
export function Rating({ value, onChange }: { value: number | null; onChange(v: number | null): void }) {
  return (
    <fieldset class="field rating">
      <legend class="label">
        Your rating <span class="opt">(optional)</span>
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
              <span class="sr-only">{n === 1 ? "1 star" : `${n} stars`}</span>
            </label>
          ))}
        </span>
        {value !== null && (
          <button type="button" class="btn-link small" onClick={() => onChange(null)}>
            Clear rating
          </button>
        )}
      </div>
    </fieldset>
  );
}
