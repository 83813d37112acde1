/** The brand's logo and name at the top of the page, and the "Test mode" ribbon for sandbox links. */
import type { LinkView } from "./types";
import { t } from "./i18n";

/** Brand header; the logo's alt text is empty because the name is written beside it. */
export function BrandHeader({ brand, mode }: { brand: LinkView["brand"]; mode: LinkView["mode"] }) {
  return (
    <header class="brand">
      {mode === "test" && (
        <p class="ribbon" title={t("header.testModeTitle")}>
          {t("header.testMode")}
        </p>
      )}
      <img class="logo" src={brand.logo_url} alt="" width={40} height={40} />
      <span class="brand-name">{brand.name}</span>
    </header>
  );
}
