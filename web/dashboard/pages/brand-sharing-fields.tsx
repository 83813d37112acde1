/**
 * The brand editor's "Sharing and search engines" section: the letters of the brand's share images, and what its
 * testimonials review for search engines (the schema.org type of the wall's and the widgets' review markup, and
 * the reviewed item's name), with which choices earn review stars in Google and why.
 */
import { Field } from "../../shared/ui/field";
import { REVIEW_TYPES } from "../../../src/domains/brands/review-markup";
import type { Brand } from "../types";
import { t } from "../i18n";

/** The letters a share image can use. */
const fonts = (): { id: Brand["card_font"]; label: string }[] => [
  { id: "sans", label: t("brand-sharing-fields.font_sans") },
  { id: "serif", label: t("brand-sharing-fields.font_serif") },
  { id: "display", label: t("brand-sharing-fields.font_display") },
];

/** Props of `SharingFields`: the three values and their setters. */
export interface SharingFieldsProps {
  brandName: string;
  font: Brand["card_font"];
  setFont: (v: Brand["card_font"]) => void;
  reviewType: string;
  setReviewType: (v: string) => void;
  itemName: string;
  setItemName: (v: string) => void;
}

/** The section's fields. */
export function SharingFields(p: SharingFieldsProps) {
  const chosen = REVIEW_TYPES.find((r) => r.type === p.reviewType);
  return (
    <fieldset>
      <legend>{t("brand-sharing-fields.title")}</legend>
      <Field label={t("brand-sharing-fields.font")} hint={t("brand-sharing-fields.font_hint")}>
        {(f) => (
          <select {...f} value={p.font} onChange={(e) => p.setFont(e.currentTarget.value as Brand["card_font"])}>
            {fonts().map((o) => (
              <option value={o.id} key={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div class="form-grid">
        <Field
          label={t("brand-sharing-fields.review_type")}
          hint={
            chosen
              ? chosen.stars
                ? t("brand-sharing-fields.review_type_stars", { hint: chosen.hint })
                : chosen.hint
              : t("brand-sharing-fields.review_type_hint")
          }
        >
          {(f) => (
            <select {...f} value={p.reviewType} onChange={(e) => p.setReviewType(e.currentTarget.value)}>
              <optgroup label={t("brand-sharing-fields.with_stars")}>
                {REVIEW_TYPES.filter((r) => r.stars).map((r) => (
                  <option value={r.type} key={r.type}>
                    {r.type}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t("brand-sharing-fields.without_stars")}>
                {REVIEW_TYPES.filter((r) => !r.stars).map((r) => (
                  <option value={r.type} key={r.type}>
                    {r.type}
                  </option>
                ))}
              </optgroup>
            </select>
          )}
        </Field>
        <Field
          label={t("brand-sharing-fields.item_name")}
          optional
          hint={t("brand-sharing-fields.item_name_hint", { name: p.brandName })}
        >
          {(f) => (
            <input
              {...f}
              maxLength={120}
              placeholder={p.brandName}
              value={p.itemName}
              onInput={(e) => p.setItemName(e.currentTarget.value)}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
