/** Progress while a testimonial is sent: a progress bar, and what happens when the connection drops. */

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
          <p>
            The connection dropped. Your recording is safe on this device; sending will carry on from where it stopped
            as soon as you are back online.
          </p>
          <button type="button" class="btn" onClick={onResume}>
            Try again now
          </button>
        </div>
      )}
    </div>
  );
}
