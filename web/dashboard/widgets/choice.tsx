/** A set of radio buttons for one of a few named values. */

/** A group of radio buttons, one per option. */
export function Choice<T extends string>({
  legend,
  name,
  value,
  options,
  onPick,
}: {
  legend: string;
  name: string;
  value: T;
  options: Record<T, string>;
  onPick: (v: T) => void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {(Object.keys(options) as T[]).map((k) => (
        <label class="check" key={k}>
          <input type="radio" name={name} value={k} checked={value === k} onChange={() => onPick(k)} />
          <span>{options[k]}</span>
        </label>
      ))}
    </fieldset>
  );
}
