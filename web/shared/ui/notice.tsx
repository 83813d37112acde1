/**
 * Messages in the page: `Notice` for information, success and warnings, `ErrorNotice` for a failed request
 * (with a retry button and, for plan limits, a link to the plans).
 */
import { createContext, type ComponentChildren } from "preact";
import { useContext } from "preact/hooks";
import { ApiError, errorMessage } from "../api";
import { Button } from "./button";

/** Tone of a notice. */
export type NoticeTone = "info" | "success" | "warning" | "error";

/** A boxed message; errors and warnings are announced at once, others politely. */
export function Notice({
  tone = "info",
  title,
  children,
}: {
  tone?: NoticeTone;
  title?: string;
  children?: ComponentChildren;
}) {
  const urgent = tone === "error" || tone === "warning";
  return (
    <div class={`notice notice-${tone}`} role={urgent ? "alert" : "status"}>
      {title && <p class="notice-title">{title}</p>}
      {children && <div class="notice-body">{children}</div>}
    </div>
  );
}

/** Whether a plan-limit error links to the plans (false for a person who cannot change the plan). */
export const PlansLink = createContext(true);

/** Shows what went wrong in words for a person; nothing when `error` is empty. */
export function ErrorNotice({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const plansLink = useContext(PlansLink);
  if (!error) return null;
  const limit = plansLink && error instanceof ApiError ? error.limit : undefined;
  const requestId = error instanceof ApiError ? error.requestId : undefined;
  return (
    <Notice tone="error" title={title ?? errorMessage(error)}>
      {title && <p>{errorMessage(error)}</p>}
      {limit && (
        <p>
          <a href={limit.upgrade_url}>
            See plans{limit.upgrade_plan ? ` (${limit.upgrade_plan} raises this limit)` : ""}
          </a>
        </p>
      )}
      {(onRetry || requestId) && (
        <p class="notice-actions">
          {onRetry && (
            <Button small onClick={onRetry}>
              Try again
            </Button>
          )}
          {requestId && <span class="muted small">Reference: {requestId}</span>}
        </p>
      )}
    </Notice>
  );
}
