/**
 * Draws a widget document into a shadow root: the embed script calls it for each widget on a page, and the
 * dashboard's builder calls it for the live preview, so both show exactly the same thing.
 */
import type { WidgetDocument } from "../../src/domains/widgets/format";
import { h, inkOn, safeUrl } from "./dom";
import { LAYOUT_DRAW } from "./layouts";
import { adoptStyles } from "./styles";

const THEME_CLASS = { light: "", dark: " dk", auto: " au" } as const;

/** Replaces whatever the shadow root shows with the document's widget. */
export function renderWidget(root: ShadowRoot, doc: WidgetDocument) {
  adoptStyles(root);
  const accent = /^#[0-9a-f]{6}$/i.test(doc.accent_color) ? doc.accent_color : "#4f46e5";
  const box = h("div", { class: `w${THEME_CLASS[doc.theme] ?? ""}` });
  box.style.setProperty("--a", accent);
  box.style.setProperty("--ai", inkOn(accent));
  const draw = LAYOUT_DRAW[doc.layout] ?? LAYOUT_DRAW.wall;
  box.append(draw(box, doc));
  const link = safeUrl(doc.attribution_url);
  if (doc.attribution) {
    box.append(
      h(
        "p",
        { class: "at" },
        link ? h("a", { href: link, target: "_blank", rel: "noopener" }, "Powered by Plaudit") : "Powered by Plaudit",
      ),
    );
  }
  root.replaceChildren(...[...root.children].filter((c) => c.tagName === "STYLE"), box);
}
