/**
 * The embed snippet of a saved widget with a copy button, and the warning a layout change needs: the height
 * is part of the snippet, so a page keeps the old box height until the new snippet is pasted.
 */
import { CopyButton } from "../../shared/ui/copy-button";
import { Notice } from "../../shared/ui/notice";
import { LAYOUT_HEIGHTS, LAYOUT_LABELS, type Layout, type Widget } from "./draft";

/** Props of `SnippetBox`: the saved widget, the layout being edited, and the layout pasted pages have. */
export interface SnippetBoxProps {
  widget: Widget;
  draftLayout: Layout;
  pastedLayout: Layout;
}

/** The snippet and, when the layout changes, what to do about it. */
export function SnippetBox({ widget, draftLayout, pastedLayout }: SnippetBoxProps) {
  const changing = draftLayout !== widget.layout;
  const changed = !changing && widget.layout !== pastedLayout;
  return (
    <section class="card widget-snippet" aria-labelledby="widget-snippet-title">
      <h2 id="widget-snippet-title">Embed on your site</h2>
      {changing && (
        <Notice tone="warning" title="Changing the layout changes the snippet">
          <p>
            {LAYOUT_LABELS[widget.layout]} is {LAYOUT_HEIGHTS[widget.layout]} px high; {LAYOUT_LABELS[draftLayout]} is{" "}
            {LAYOUT_HEIGHTS[draftLayout]} px. After you save, paste the new snippet on every page that shows this
            widget. Until then those pages keep a box of the old height.
          </p>
        </Notice>
      )}
      {changed && (
        <Notice tone="warning" title="Paste the new snippet again">
          <p>
            The layout changed, so the box height changed. Replace the snippet on every page that shows this widget.
          </p>
        </Notice>
      )}
      <p class="hint">
        Paste this where the widget should appear. Several widgets on one page need the script only once.
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
