/**
 * The brand editor's "Sharing and search engines" section: the letters of the brand's share images, and what its
 * testimonials review for search engines (the schema.org type of the wall's and the widgets' review markup, and
 * the reviewed item's name), with which choices earn review stars in Google and why.
 */
import { Field } from "../../shared/ui/field";
import { REVIEW_TYPES } from "../../../src/domains/brands/review-markup";
import type { Brand } from "../types";

/** The letters a share image can use. */
const FONTS: { id: Brand["card_font"]; label: string }[] = [
  { id: "sans", label: "Clean (Inter)" },
  { id: "serif", label: "Classic (Lora italic)" },
  { id: "display", label: "Elegant (Playfair Display)" },
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
  const chosen = REVIEW_TYPES.find((t) => t.type === p.reviewType);
  return (
    <fieldset>
      <legend>Sharing and search engines</legend>
      <Field label="Letters of share images" hint="The quote on the images made to post a testimonial.">
        {(f) => (
          <select {...f} value={p.font} onChange={(e) => p.setFont(e.currentTarget.value as Brand["card_font"])}>
            {FONTS.map((o) => (
              <option value={o.id} key={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div class="form-grid">
        <Field
          label="What customers review"
          hint={
            chosen
              ? `${chosen.hint}${chosen.stars ? " Google can show review stars for it." : ""}`
              : "How search engines read the wall and the widgets' HTML."
          }
        >
          {(f) => (
            <select {...f} value={p.reviewType} onChange={(e) => p.setReviewType(e.currentTarget.value)}>
              <optgroup label="Google shows review stars">
                {REVIEW_TYPES.filter((t) => t.stars).map((t) => (
                  <option value={t.type} key={t.type}>
                    {t.type}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Valid, but no stars in Google">
                {REVIEW_TYPES.filter((t) => !t.stars).map((t) => (
                  <option value={t.type} key={t.type}>
                    {t.type}
                  </option>
                ))}
              </optgroup>
            </select>
          )}
        </Field>
        <Field label="Its name" optional hint={`Empty: “${p.brandName}”.`}>
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
