/**
 * Draws a widget document into a shadow root: the embed script calls it for each widget on a page, and the
 * dashboard's builder calls it for the live preview, so both show exactly the same thing. The style settings
 * become classes and colour variables on the box; a ResizeObserver lays the widget out again (pages, whole
 * lines of text) whenever the box changes size.
 */
import { DEFAULT_STYLE, type WidgetDocument } from "../../src/domains/widgets/format";
import { h, inkOn, safeUrl } from "./dom";
import { fit } from "./fit";
import { drawOf } from "./layouts";
import { adoptStyles } from "./styles";
import type { View } from "./view";
import { speak, t, widgetLanguage } from "./words";

const THEME_CLASS = { light: "", dark: " dk", auto: " au" } as const;
const HEX = /^#[0-9a-f]{6}$/i;
const observers = new WeakMap<ShadowRoot, ResizeObserver>();

/**
 * Replaces whatever the shadow root shows with the document's widget, in `lang` (the box's `data-svc-lang`) or the
 * document's `language`, else the page's or browser's language (words.ts).
 */
export function renderWidget(root: ShadowRoot, doc: WidgetDocument, lang?: string | null) {
  adoptStyles(root);
  const s = { ...DEFAULT_STYLE, ...doc.style };
  const accent = HEX.test(doc.accent_color) ? doc.accent_color : "#4f46e5";
  const cls = [
    "w",
    `b-${s.card_border}`,
    `s-${s.card_shadow}`,
    `l-${doc.layout}`,
    s.background === "transparent" && "tp",
    s.font === "inherit" && "fi",
    s.look === "floating" && doc.layout === "avatars" && "fl",
  ];
  const box = h("div", { class: cls.filter(Boolean).join(" ") + (THEME_CLASS[doc.theme] ?? "") });
  // The document may name its language (an optional field, not sent by every server).
  speak(widgetLanguage(lang, (doc as { language?: string }).language), box);
  box.style.setProperty("--a", accent);
  box.style.setProperty("--ai", inkOn(accent));
  box.style.setProperty("--r", `${Math.min(24, Math.max(0, Number(s.card_radius) || 0))}px`);
  if (s.star_color && HEX.test(s.star_color)) box.style.setProperty("--sc", s.star_color);
  const link = safeUrl(doc.attribution_url);
  const at = doc.attribution
    ? h(
        "p",
        { class: "at" },
        link ? h("a", { href: link, target: "_blank", rel: "noopener" }, t("powered")) : t("powered"),
      )
    : null;
  const view: View = { host: box, doc, at, resize: [] };
  box.append(drawOf(doc.layout, s.look)(view));
  if (at && !at.parentNode) box.append(at);
  root.replaceChildren(...[...root.children].filter((c) => c.tagName === "STYLE"), box);
  observers.get(root)?.disconnect();
  const layout = () => {
    for (const f of view.resize) f();
    fit(box);
  };
  const ro = new ResizeObserver(layout);
  ro.observe(box);
  observers.set(root, ro);
  // A web font of the host page changes line heights without changing the box.
  document.fonts?.ready.then(layout);
}
