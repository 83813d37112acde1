/**
 * One allowance as a bar: "12 of 25 used". Turns amber at 80 % and red when full; unlimited shows no bar.
 */
import { formatNumber } from "../format";

/** Props of `UsageBar`; `limit` null means unlimited. */
export interface UsageBarProps {
  label: string;
  used: number;
  limit: number | null;
  unit?: (n: number) => string;
}

/** A labelled progress bar with the numbers in words beside it. */
export function UsageBar({ label, used, limit, unit = formatNumber }: UsageBarProps) {
  if (limit === null) {
    return (
      <div class="usage">
        <div class="usage-head">
          <span class="usage-label">{label}</span>
          <span class="usage-value">{unit(used)} used · Unlimited</span>
        </div>
      </div>
    );
  }
  const pct = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  const tone = pct >= 100 ? "full" : pct >= 80 ? "high" : "ok";
  return (
    <div class="usage">
      <div class="usage-head">
        <span class="usage-label">{label}</span>
        <span class="usage-value">
          {unit(used)} of {unit(limit)} used
        </span>
      </div>
      <div
        class={`usage-track usage-${tone}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        aria-valuetext={`${unit(used)} of ${unit(limit)} used`}
      >
        <div class="usage-fill" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
