/**
 * Rendering: what a render costs against the month's render seconds, the Render button (with the reason when it
 * cannot start), and while it runs a live progress bar with the stage in words ("Cutting clip 3 of 8"), or that
 * it is paused while a new testimonial is processed first.
 */
import { formatMinutes } from "../../shared/format";
import { Button } from "../../shared/ui/button";
import { ErrorNotice, Notice } from "../../shared/ui/notice";
import { useSession } from "../session";
import { useAction } from "../use-action";
import { seconds, type Reel } from "./types";

const BLOCKED: Record<string, string> = {
  no_clips: "Add a clip first.",
  rendering: "A render is under way.",
  plan_limit: "This render needs more render time than your plan has left this month.",
};
/** A client login does not see the plan's figures (the API leaves them out) and cannot change the plan. */
const CLIENT_PLAN_LIMIT =
  "This render needs more render time than is left this month. Ask the agency that manages this account.";

/** Props of `RenderPanel`. */
export interface RenderPanelProps {
  reel: Reel;
  onRender: () => Promise<void>;
}

/** The render card. */
export function RenderPanel({ reel, onRender }: RenderPanelProps) {
  const { busy, error, run } = useAction(onRender);
  const { isClient } = useSession();
  const { estimate: e, render: r } = reel;
  const active = r.status === "queued" || r.status === "running";
  return (
    <section class="card render-panel" aria-labelledby="render-title">
      <h2 id="render-title">Render</h2>
      <p class="small">
        About {seconds(e.duration_ms)} long, in {reel.config.aspect_ratios.join(", ")}: costs{" "}
        {formatMinutes(e.render_seconds)} of render time
        {e.allowance_seconds !== null && (
          <>
            {" "}
            ({formatMinutes(e.remaining_seconds ?? 0)} left of {formatMinutes(e.allowance_seconds)} this month)
          </>
        )}
        .
      </p>
      {active && (
        <div class="render-progress">
          <div
            class="progress"
            role="progressbar"
            aria-label="Render progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(r.progress * 100)}
            aria-valuetext={r.label}
          >
            <div class="progress-fill" style={{ width: `${Math.round(r.progress * 100)}%` }} />
          </div>
          <p class="small" role="status" aria-live="polite">
            {r.label} · {Math.round(r.progress * 100)}%
          </p>
          {r.paused && (
            <Notice tone="info" title="Paused">
              New testimonials are processed before reels; the render carries on right after.
            </Notice>
          )}
        </div>
      )}
      {r.status === "failed" && (
        <Notice tone="error" title="The last render failed">
          {r.error_message}
        </Notice>
      )}
      {reel.changed_since_render && !active && (
        <Notice tone="warning" title="Changed since the last render">
          Render again to see the changes in the video.
        </Notice>
      )}
      <ErrorNotice error={error} />
      <div class="row">
        <Button variant="primary" disabled={!e.can_start} busy={busy} busyLabel="Starting…" onClick={() => void run()}>
          {reel.output ? "Render again" : "Render"}
        </Button>
        {!e.can_start && e.blocked_reason && (
          <span class="small muted">
            {isClient && e.blocked_reason === "plan_limit" ? CLIENT_PLAN_LIMIT : BLOCKED[e.blocked_reason]}
          </span>
        )}
      </div>
    </section>
  );
}
