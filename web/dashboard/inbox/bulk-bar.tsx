/**
 * Actions on the selected testimonials, shown while anything is selected: approve & publish (the main one),
 * approve only (kept private), publish, make private, withdraw the approval (asks first), reject (asks for a
 * reason), delete (asks first). The outcome is summarised above the list by the page.
 */
import { Button } from "../../shared/ui/button";
import { BULK_LABELS } from "./bulk-summary";
import type { BulkAction } from "./types";
import { t } from "../i18n";

/** Props of `BulkBar`. */
export interface BulkBarProps {
  count: number;
  /** The action under way, as `bulk:<action>`. */
  busy: string | null;
  onAction: (action: BulkAction) => void;
  onClear: () => void;
}

const ORDER: BulkAction[] = [
  "approve_and_publish",
  "approve",
  "make_public",
  "make_private",
  "unapprove",
  "reject",
  "delete",
];

/** The bar of bulk actions. */
export function BulkBar({ count, busy, onAction, onClear }: BulkBarProps) {
  return (
    <div class="bulk-bar" role="region" aria-label={t("inbox.bulk-bar.label")}>
      <strong class="bulk-count">{t("inbox.bulk-bar.selected", { count })}</strong>
      <div class="row">
        {ORDER.map((a) => (
          <Button
            key={a}
            small
            variant={a === "approve_and_publish" ? "primary" : "secondary"}
            busy={busy === `bulk:${a}`}
            busyLabel={t("inbox.bulk-bar.working")}
            disabled={busy !== null}
            onClick={() => onAction(a)}
          >
            {BULK_LABELS[a]}
          </Button>
        ))}
        <Button small variant="ghost" onClick={onClear} disabled={busy !== null}>
          {t("inbox.bulk-bar.clear")}
        </Button>
      </div>
    </div>
  );
}
