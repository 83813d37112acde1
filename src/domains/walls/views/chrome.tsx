/**
 * The parts every wall page shares: the brand's header (logo, the page's title and rating summary, the intro
 * text set on the brand, a link to the brand's own site and the "Share your experience" button to the collect
 * link the owner picked), tinted with the brand's colour, and the footer (the product's attribution, which a brand
 * may drop where its organisation is allowed to).
 */
import type { ComponentChildren } from "preact";
import type { Words } from "../../../platform/i18n/server-words";
import type { WallHeader } from "../wall-data";

/** The website's host name, for the link's words (`example.com`). */
const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
};

/** The brand's band at the top of a page; `children` are its title and rating. */
export function BrandHeader({
  logoUrl,
  name,
  header,
  w,
  children,
}: {
  logoUrl: string;
  name: string;
  header: WallHeader;
  w: Words;
  children: ComponentChildren;
}) {
  const { intro, website, shareUrl } = header;
  return (
    <header class="top">
      <div class="wrap brand">
        <img src={logoUrl} alt={w.t("wall.logo_alt", { brand: name })} width={72} height={72} />
        <div class="brand-text">
          {children}
          {intro ? <p class="intro">{intro}</p> : null}
          {shareUrl || website ? (
            <p class="actions">
              {shareUrl ? (
                <a class="share" href={shareUrl} data-cta="">
                  {w.t("chrome.share")}
                </a>
              ) : null}
              {website ? (
                <a class="site" href={website} rel="noopener" data-cta="">
                  {w.t("chrome.visit", { host: hostOf(website) })}
                  <span class="vh">{w.t("chrome.visit_hint", { brand: name })}</span>
                </a>
              ) : null}
            </p>
          ) : null}
        </div>
      </div>
    </header>
  );
}

/** The footer line, or nothing where the brand dropped the attribution and may (brands' `wallShowsAttribution`). */
export function Footer({ attribution, w }: { attribution: boolean; w: Words }) {
  if (!attribution) return null;
  return (
    <footer class="wrap">
      <p>{w.t("chrome.footer")}</p>
    </footer>
  );
}
