/**
 * Ways to put a widget's HTML fragment (`{cdn}/widgets/{id}.html`) into a client's page on the server, so search
 * engines read its words as the page's own: a server-side include (nginx), a WordPress shortcode, and a static
 * site's build step. docs/widgets.md explains them; test/e2e/widgets-html.test.ts runs the nginx one for real.
 */
import { t } from "../i18n";

/** One way, its label and the code to copy. */
export interface HtmlSnippet {
  label: string;
  /** What to do with the code, in a sentence. */
  how: string;
  code: string;
}

/** The ways for one widget. `htmlUrl` is its fragment's address. */
export function htmlSnippets(widgetId: string, htmlUrl: string): Record<"ssi" | "wordpress" | "build", HtmlSnippet> {
  const folder = htmlUrl.slice(0, htmlUrl.lastIndexOf("/") + 1);
  return {
    ssi: {
      label: t("widgets.html-snippets.ssi"),
      how: t("widgets.html-snippets.ssi_how"),
      code: `# In the server block: fetch widgets' HTML from Plaudit and allow includes.
location /plaudit-widgets/ {
    proxy_pass ${folder};
    proxy_ssl_server_name on;
    # Plain text: an include cannot unpack a compressed answer.
    proxy_set_header Accept-Encoding "";
}
ssi on;

<!-- In the page: -->
<!--# include virtual="/plaudit-widgets/${widgetId}.html" -->`,
    },
    wordpress: {
      label: "WordPress",
      how: t("widgets.html-snippets.wordpress_how"),
      code: `add_shortcode('plaudit', function ($atts) {
    $id = preg_replace('/[^A-Za-z0-9_-]/', '', $atts['id'] ?? '');
    $html = get_transient("plaudit_$id");
    if ($html === false) {
        $res = wp_remote_get("${folder}$id.html", ['timeout' => 5]);
        $ok = !is_wp_error($res) && wp_remote_retrieve_response_code($res) === 200;
        $html = $ok ? wp_remote_retrieve_body($res) : '';
        set_transient("plaudit_$id", $html, 60);
    }
    return $html;
});

// In a page or post:
// [plaudit id="${widgetId}"]`,
    },
    build: {
      label: t("widgets.html-snippets.build"),
      how: t("widgets.html-snippets.build_how"),
      code: `curl -fsS "${htmlUrl}" -o _includes/testimonials.html

{% include testimonials.html %}`,
    },
  };
}
