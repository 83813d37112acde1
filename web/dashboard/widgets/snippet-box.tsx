/**
 * The embed snippet of a saved widget with a copy button, and the warning a change of height needs (a layout
 * change, or the floating badge, which takes no room): the height is part of the snippet, so a page keeps the old
 * box height until the new snippet is pasted.
 */
import { CopyButton } from "../../shared/ui/copy-button";
import { Notice } from "../../shared/ui/notice";
import { LAYOUT_LABELS, widgetHeight, type Draft, type Widget } from "./draft";
import { t } from "../i18n";

/** Props of `SnippetBox`: the saved widget, the draft being edited, and the box height pasted pages have. */
export interface SnippetBoxProps {
  widget: Widget;
  draft: Pick<Draft, "layout" | "look">;
  pastedHeight: number;
}

const describe = (s: Pick<Draft, "layout" | "look">) => {
  const height = widgetHeight(s.layout, s.look);
  const layout =
    s.look === "standard"
      ? LAYOUT_LABELS[s.layout]
      : t("widgets.snippet-box.with_look", { layout: LAYOUT_LABELS[s.layout], look: s.look });
  return height ? t("widgets.snippet-box.is_high", { layout, height }) : t("widgets.snippet-box.no_room", { layout });
};

/** The snippet and, when the box height changes, what to do about it. */
export function SnippetBox({ widget, draft, pastedHeight }: SnippetBoxProps) {
  const saved = { layout: widget.layout, look: widget.look ?? "standard" };
  const changing = widgetHeight(draft.layout, draft.look) !== widget.height;
  const changed = !changing && widget.height !== pastedHeight;
  return (
    <section class="card widget-snippet" aria-labelledby="widget-snippet-title">
      <h2 id="widget-snippet-title">{t("widgets.snippet-box.title")}</h2>
      {changing && (
        <Notice
          tone="warning"
          title={
            draft.layout === widget.layout
              ? t("widgets.snippet-box.changing_look")
              : t("widgets.snippet-box.changing_layout")
          }
        >
          <p>{t("widgets.snippet-box.changing_text", { before: describe(saved), after: describe(draft) })}</p>
        </Notice>
      )}
      {changed && (
        <Notice tone="warning" title={t("widgets.snippet-box.changed_title")}>
          <p>{t("widgets.snippet-box.changed_text")}</p>
        </Notice>
      )}
      <p class="hint">
        {t("widgets.snippet-box.paste")}
        {widget.look === "floating" ? t("widgets.snippet-box.floating") : ""}
      </p>
      <textarea
        class="mono widget-snippet-code"
        readOnly
        rows={3}
        value={widget.snippet}
        aria-label={t("widgets.snippet-box.snippet")}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div class="row">
        <CopyButton text={widget.snippet} label={t("widgets.snippet-box.copy")} variant="primary" />
        <span class="muted small">
          {widget.published_at ? t("widgets.snippet-box.published") : t("widgets.snippet-box.publishing")}
        </span>
      </div>
    </section>
  );
}
