/**
 * The embed snippet of a saved widget with a copy button, and the warning a change of height needs (a layout
 * change, or the floating badge, which takes no room): the height is part of the snippet, so a page keeps the old
 * box height until the new snippet is pasted.
 */
import { CopyButton } from "../../shared/ui/copy-button";
import { Notice } from "../../shared/ui/notice";
import { LAYOUT_LABELS, widgetHeight, type Draft, type Widget } from "./draft";

/** Props of `SnippetBox`: the saved widget, the draft being edited, and the box height pasted pages have. */
export interface SnippetBoxProps {
  widget: Widget;
  draft: Pick<Draft, "layout" | "look">;
  pastedHeight: number;
}

const describe = (s: Pick<Draft, "layout" | "look">) => {
  const height = widgetHeight(s.layout, s.look);
  return `${LAYOUT_LABELS[s.layout]}${s.look === "standard" ? "" : ` (${s.look})`} ${height ? `is ${height} px high` : "takes no room in the page"}`;
};

/** The snippet and, when the box height changes, what to do about it. */
export function SnippetBox({ widget, draft, pastedHeight }: SnippetBoxProps) {
  const saved = { layout: widget.layout, look: widget.look ?? "standard" };
  const changing = widgetHeight(draft.layout, draft.look) !== widget.height;
  const changed = !changing && widget.height !== pastedHeight;
  return (
    <section class="card widget-snippet" aria-labelledby="widget-snippet-title">
      <h2 id="widget-snippet-title">Embed on your site</h2>
      {changing && (
        <Notice
          tone="warning"
          title={`Changing the ${draft.layout === widget.layout ? "look" : "layout"} changes the snippet`}
        >
          <p>
            {describe(saved)}; {describe(draft)}. After you save, paste the new snippet on every page that shows this
            widget. Until then those pages keep a box of the old height.
          </p>
        </Notice>
      )}
      {changed && (
        <Notice tone="warning" title="Paste the new snippet again">
          <p>The box height changed. Replace the snippet on every page that shows this widget.</p>
        </Notice>
      )}
      <p class="hint">
        Paste this where the widget should appear. Several widgets on one page need the script only once.
        {widget.look === "floating"
          ? " The floating badge shows in the visitor's bottom corner wherever you paste it."
          : ""}
      </p>
      <textarea
        class="mono widget-snippet-code"
        readOnly
        rows={3}
        value={widget.snippet}
        aria-label="Embed snippet"
        onFocus={(e) => e.currentTarget.select()}
      />
      <div class="row">
        <CopyButton text={widget.snippet} label="Copy snippet" variant="primary" />
        <span class="muted small">
          {widget.published_at
            ? "Published; changes reach visitors within about a minute."
            : "Publishing… the document appears in a few seconds."}
        </span>
      </div>
    </section>
  );
}
