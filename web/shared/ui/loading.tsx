/**
 * Progress shown while something loads: a spinner and, for screen readers, a polite live message.
 */

/** A small spinning circle; decorative (the text beside it says what is happening). */
export function Spinner() {
  return <span class="spinner" aria-hidden="true" />;
}

/** A loading line such as "Loading links…" announced to screen readers. */
export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <p class="loading" role="status" aria-live="polite">
      <Spinner />
      {label}
    </p>
  );
}
