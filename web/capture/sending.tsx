/** Progress while a testimonial is sent: a progress bar, and what happens when the connection drops. */
import { t } from "./i18n";

/** Where sending is. */
export interface SendingState {
  label: string;
  sent: number;
  total: number;
  offline: boolean;
}

/** The progress panel; `onResume` tries again at once while waiting for the connection. */
export function Sending({ state, onResume }: { state: SendingState; onResume(): void }) {
  const pct = state.total ? Math.floor((state.sent / state.total) * 100) : 0;
  return (
    <div class="card sending">
      <p id="sending-label" class="label">
        {state.label}
      </p>
      <progress max={100} value={pct} aria-labelledby="sending-label" aria-valuetext={`${pct}%`} />
      <p class="small" aria-hidden="true">
        {pct}%
      </p>
      {state.offline && (
        <div class="notice">
          <p>{t("sending.dropped")}</p>
          <button type="button" class="btn" onClick={onResume}>
            {t("sending.tryNow")}
          </button>
        </div>
      )}
    </div>
  );
}
