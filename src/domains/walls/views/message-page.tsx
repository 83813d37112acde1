/** A plain page for a missing or mistaken address: the same words whatever is (or is not) behind it. */
import { renderDocument } from "./document";
import { wallCss } from "./styles";

/** The HTML of an error page (never indexed), in `lang`. */
export function renderMessagePage(title: string, message: string, lang = "en"): string {
  return renderDocument({
    lang,
    head: {
      title,
      description: message,
      canonical: null,
      indexable: false,
      siteName: "Plaudit",
      favicon: null,
      image: null,
      jsonLd: null,
    },
    css: wallCss("#4338ca"),
    player: false,
    children: (
      <main class="wrap">
        <div class="single card">
          <h1>{title}</h1>
          <p>{message}</p>
        </div>
      </main>
    ),
  });
}
