/**
 * The look of a widget beyond its layout: the layout's looks (standard, or its own: masonry, marquee, floating
 * badge), the background, card border, shadow and corner radius, the font, and the stars' colour.
 */
import { Field } from "../../shared/ui/field";
import {
  BACKGROUND_LABELS,
  BORDER_LABELS,
  FONT_LABELS,
  LOOK_LABELS,
  LOOK_LAYOUT,
  MAX_CARD_RADIUS,
  SHADOW_LABELS,
  type Look,
} from "./draft";
import { Choice } from "./choice";
import type { DraftProps } from "./settings-form";
import { t } from "../i18n";

/** The theme's star colour, offered when someone first picks their own. */
const THEME_STARS = "#b45309";

/** The looks of the draft's layout (none shown for a layout with only the standard one). */
export function LookChoice({ draft, change }: DraftProps) {
  const looks = Object.fromEntries(
    (Object.keys(LOOK_LABELS) as Look[])
      .filter((l) => l === "standard" || LOOK_LAYOUT[l] === draft.layout)
      .map((l) => [l, LOOK_LABELS[l]]),
  ) as Record<Look, string>;
  if (Object.keys(looks).length < 2) return null;
  return (
    <Choice
      legend={t("widgets.style-form.look")}
      name="look"
      value={draft.look}
      options={looks}
      onPick={(look) => change({ look })}
    />
  );
}

/** Background, cards, font and stars. */
export function StyleForm({ draft, change }: DraftProps) {
  return (
    <>
      <Choice
        legend={t("widgets.style-form.background")}
        name="background"
        value={draft.background}
        options={BACKGROUND_LABELS}
        onPick={(background) => change({ background })}
      />
      <fieldset>
        <legend>{t("widgets.style-form.cards")}</legend>
        <div class="form-grid">
          <Field label={t("widgets.style-form.border")}>
            {(p) => (
              <select
                {...p}
                value={draft.card_border}
                onChange={(e) => change({ card_border: e.currentTarget.value as typeof draft.card_border })}
              >
                {Object.entries(BORDER_LABELS).map(([k, v]) => (
                  <option value={k}>{v}</option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t("widgets.style-form.shadow")}>
            {(p) => (
              <select
                {...p}
                value={draft.card_shadow}
                onChange={(e) => change({ card_shadow: e.currentTarget.value as typeof draft.card_shadow })}
              >
                {Object.entries(SHADOW_LABELS).map(([k, v]) => (
                  <option value={k}>{v}</option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field label={t("widgets.style-form.radius", { radius: draft.card_radius })}>
          {(p) => (
            <input
              {...p}
              type="range"
              min={0}
              max={MAX_CARD_RADIUS}
              step={1}
              value={draft.card_radius}
              onInput={(e) => change({ card_radius: Number(e.currentTarget.value) })}
            />
          )}
        </Field>
      </fieldset>
      <Choice
        legend={t("widgets.style-form.font")}
        name="font"
        value={draft.font}
        options={FONT_LABELS}
        onPick={(font) => change({ font })}
      />
      <fieldset>
        <legend>{t("widgets.style-form.star_colour")}</legend>
        <label class="check">
          <input
            type="checkbox"
            checked={draft.star_color === null}
            onChange={(e) => change({ star_color: e.currentTarget.checked ? null : THEME_STARS })}
          />
          <span>{t("widgets.style-form.theme_stars")}</span>
        </label>
        {draft.star_color !== null && (
          <Field label={t("widgets.style-form.star_colour")}>
            {(p) => (
              <input
                {...p}
                class="color-input"
                type="color"
                value={draft.star_color!}
                onInput={(e) => change({ star_color: e.currentTarget.value })}
              />
            )}
          </Field>
        )}
      </fieldset>
    </>
  );
}
