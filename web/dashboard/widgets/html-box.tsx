/**
 * "For search engines": a saved widget's HTML fragment, for agencies whose clients want the testimonials' words in
 * their page's own HTML. The fragment's address, and how to include it (a server-side include, a WordPress
 * shortcode, a static site's build step), each copyable. Folded away: the snippet above is what most sites need.
 */
import { useState } from "preact/hooks";
import { CopyButton } from "../../shared/ui/copy-button";
import type { Widget } from "./draft";
import { htmlSnippets } from "./html-snippets";
import { t } from "../i18n";

/** The fragment's address and the ways to include it. */
export function HtmlBox({ widget }: { widget: Widget }) {
  const ways = htmlSnippets(widget.id, widget.html_url);
  const keys = Object.keys(ways) as (keyof typeof ways)[];
  const [way, setWay] = useState<keyof typeof ways>("ssi");
  return (
    <details class="card widget-html">
      <summary>
        <strong>{t("widgets.html-box.title")}</strong>
      </summary>
      <p class="hint">{t("widgets.html-box.intro")}</p>
      <div class="row">
        <code class="code-wrap">{widget.html_url}</code>
        <CopyButton text={widget.html_url} label={t("widgets.html-box.copy_address")} />
      </div>
      <div class="row" role="tablist" aria-label={t("widgets.html-box.ways")}>
        {keys.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === way}
            class={`btn btn-small ${k === way ? "btn-primary" : "btn-ghost"}`}
            onClick={() => setWay(k)}
          >
            {ways[k].label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={ways[way].label}>
        <p class="hint">{ways[way].how}</p>
        <pre class="mail-text mono small">{ways[way].code}</pre>
        <CopyButton
          text={ways[way].code}
          label={t("widgets.html-box.copy_code", { way: ways[way].label.toLowerCase() })}
        />
      </div>
    </details>
  );
}
