/**
 * How a widget looks: name, layout and look, theme, accent colour, card style, font and stars (style-form.tsx),
 * which details show, and the attribution (its hint reads the organisation's actual plan). Each change updates the draft at once (the preview follows).
 */
import type { ComponentChildren } from "preact";
import { LANGUAGES } from "../../../src/platform/i18n/languages";
import { LANGUAGE_NAMES } from "../pages/brand-languages";
import { Field } from "../../shared/ui/field";
import { Link } from "../router";
import { useSession } from "../session";
import { Choice } from "./choice";
import { LookChoice, StyleForm } from "./style-form";
import {
  FIELD_KEYS,
  FIELD_LABELS,
  LAYOUT_HEIGHTS,
  LAYOUT_LABELS,
  LOOK_LAYOUT,
  THEME_LABELS,
  type AttributionPlan,
  type Draft,
  type Layout,
  type Theme,
} from "./draft";
import { t, rich } from "../i18n";

/** Props of the settings pieces: the draft and a way to change part of it. */
export interface DraftProps {
  draft: Draft;
  change: (patch: Partial<Draft>) => void;
}

/** Name, layout, theme, colour, fields, attribution. */
export function SettingsForm({
  draft,
  change,
  brandColor,
  plan,
}: DraftProps & { brandColor: string | null; plan: AttributionPlan | null }) {
  const { isClient } = useSession();
  const layouts = Object.fromEntries(
    (Object.keys(LAYOUT_LABELS) as Layout[]).map((l) => [
      l,
      t("widgets.settings-form.layout_height", { layout: LAYOUT_LABELS[l], height: LAYOUT_HEIGHTS[l] }),
    ]),
  ) as Record<Layout, string>;
  return (
    <>
      <Field label={t("widgets.settings-form.name")} optional hint={t("widgets.settings-form.name_hint")}>
        {(p) => (
          <input
            {...p}
            name="name"
            maxLength={80}
            value={draft.name}
            onInput={(e) => change({ name: e.currentTarget.value })}
          />
        )}
      </Field>
      <Choice
        legend={t("widgets.settings-form.layout")}
        name="layout"
        value={draft.layout}
        options={layouts}
        onPick={(layout) =>
          // A look belongs to one layout: another layout starts from its standard look.
          change({
            layout,
            look: draft.look !== "standard" && LOOK_LAYOUT[draft.look] !== layout ? "standard" : draft.look,
          })
        }
      />
      <LookChoice draft={draft} change={change} />
      <Choice<Theme>
        legend={t("widgets.settings-form.theme")}
        name="theme"
        value={draft.theme}
        options={THEME_LABELS}
        onPick={(theme) => change({ theme })}
      />
      <fieldset>
        <legend>{t("widgets.settings-form.accent")}</legend>
        <label class="check">
          <input
            type="checkbox"
            checked={draft.accent_color === null}
            onChange={(e) => change({ accent_color: e.currentTarget.checked ? null : (brandColor ?? "#4f46e5") })}
          />
          <span>{t("widgets.settings-form.brand_colour")}</span>
        </label>
        {draft.accent_color !== null && (
          <Field label={t("widgets.settings-form.colour")}>
            {(p) => (
              <input
                {...p}
                class="color-input"
                type="color"
                value={draft.accent_color!}
                onInput={(e) => change({ accent_color: e.currentTarget.value })}
              />
            )}
          </Field>
        )}
      </fieldset>
      <StyleForm draft={draft} change={change} />
      <fieldset>
        <legend>{t("widgets.settings-form.details")}</legend>
        <p class="hint">{t("widgets.settings-form.details_hint")}</p>
        {FIELD_KEYS.map((k) => (
          <label class="check" key={k}>
            <input
              type="checkbox"
              name={`field-${k}`}
              checked={draft.fields[k]}
              onChange={(e) => change({ fields: { ...draft.fields, [k]: e.currentTarget.checked } })}
            />
            <span>{FIELD_LABELS[k]}</span>
          </label>
        ))}
      </fieldset>
      <Field label={t("widgets.settings-form.language")} hint={t("widgets.settings-form.language_hint")}>
        {(f) => (
          <select
            {...f}
            name="language"
            value={draft.language ?? ""}
            onChange={(e) => change({ language: (e.currentTarget.value || null) as Draft["language"] })}
          >
            <option value="">{t("widgets.settings-form.page_language")}</option>
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang} lang={lang}>
                {LANGUAGE_NAMES[lang]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {/* A client login is the agency's customer: the product's attribution is the agency's business (white label). */}
      {!isClient && <Attribution draft={draft} change={change} plan={plan} />}
    </>
  );
}

/** The "Powered by Plaudit" switch with what the organisation's plan allows. */
function Attribution({ draft, change, plan }: DraftProps & { plan: AttributionPlan | null }) {
  // On a plan that may not hide it, the box stays ticked (unticking would be refused) unless it was already off
  // (a widget from a plan since changed), so it can be put back.
  const locked = plan !== null && !plan.mayHide && draft.show_attribution;
  return (
    <div class="widget-attribution">
      <label class="check">
        <input
          type="checkbox"
          name="show_attribution"
          checked={draft.show_attribution}
          disabled={locked}
          aria-describedby="attribution-hint"
          onChange={(e) => change({ show_attribution: e.currentTarget.checked })}
        />
        <span>{t("widgets.settings-form.attribution")}</span>
      </label>
      <p class="hint" id="attribution-hint" data-plan-hint>
        {plan === null ? (
          t("widgets.settings-form.plan_unknown")
        ) : plan.mayHide ? (
          t("widgets.settings-form.plan_may_hide", { plan: plan.planName })
        ) : (
          <>
            {t("widgets.settings-form.plan_shows", { plan: plan.planName })}{" "}
            {plan.upgrade
              ? rich("widgets.settings-form.upgrade", {
                  plan: plan.upgrade.name,
                  link: (parts) => (
                    <Link to={`billing?upgrade=${encodeURIComponent(plan.upgrade!.id)}`}>
                      {parts as ComponentChildren}
                    </Link>
                  ),
                })
              : null}
          </>
        )}
      </p>
    </div>
  );
}
