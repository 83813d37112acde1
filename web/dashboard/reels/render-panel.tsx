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
import { t } from "../i18n";

const BLOCKED: Record<string, string> = {
  no_clips: t("reels.render-panel.no_clips"),
  rendering: t("reels.render-panel.rendering"),
  plan_limit: t("reels.render-panel.plan_limit"),
};
/** A client login does not see the plan's figures (the API leaves them out) and cannot change the plan. */
const CLIENT_PLAN_LIMIT = t("reels.render-panel.client_plan_limit");

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
      <h2 id="render-title">{t("reels.render-panel.title")}</h2>
      <p class="small">
        {e.allowance_seconds !== null
          ? t("reels.render-panel.estimate_allowance", {
              length: seconds(e.duration_ms),
              sizes: reel.config.aspect_ratios.join(", "),
              cost: formatMinutes(e.render_seconds),
              left: formatMinutes(e.remaining_seconds ?? 0),
              allowance: formatMinutes(e.allowance_seconds),
            })
          : t("reels.render-panel.estimate", {
              length: seconds(e.duration_ms),
              sizes: reel.config.aspect_ratios.join(", "),
              cost: formatMinutes(e.render_seconds),
            })}
      </p>
      {active && (
        <div class="render-progress">
          <div
            class="progress"
            role="progressbar"
            aria-label={t("reels.render-panel.progress")}
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
            <Notice tone="info" title={t("reels.render-panel.paused")}>
              {t("reels.render-panel.paused_text")}
            </Notice>
          )}
        </div>
      )}
      {r.status === "failed" && (
        <Notice tone="error" title={t("reels.render-panel.failed")}>
          {r.error_message}
        </Notice>
      )}
      {reel.changed_since_render && !active && (
        <Notice tone="warning" title={t("reels.render-panel.changed")}>
          {t("reels.render-panel.changed_text")}
        </Notice>
      )}
      <ErrorNotice error={error} />
      <div class="row">
        <Button
          variant="primary"
          disabled={!e.can_start}
          busy={busy}
          busyLabel={t("reels.render-panel.starting")}
          onClick={() => void run()}
        >
          {reel.output ? t("reels.render-panel.render_again") : t("reels.render-panel.render")}
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
