/**
 * How a widget looks: name, layout and look, theme, accent colour, card style, font and stars (style-form.tsx),
 * which details show, and the attribution (its hint reads the organisation's actual plan). Each change updates the draft at once (the preview follows).
 */
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
    (Object.keys(LAYOUT_LABELS) as Layout[]).map((l) => [l, `${LAYOUT_LABELS[l]} (${LAYOUT_HEIGHTS[l]} px high)`]),
  ) as Record<Layout, string>;
  return (
    <>
      <Field label="Name" optional hint="For your team; visitors never see it.">
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
        legend="Layout"
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
        legend="Theme"
        name="theme"
        value={draft.theme}
        options={THEME_LABELS}
        onPick={(theme) => change({ theme })}
      />
      <fieldset>
        <legend>Accent colour</legend>
        <label class="check">
          <input
            type="checkbox"
            checked={draft.accent_color === null}
            onChange={(e) => change({ accent_color: e.currentTarget.checked ? null : (brandColor ?? "#4f46e5") })}
          />
          <span>Use the brand's colour</span>
        </label>
        {draft.accent_color !== null && (
          <Field label="Colour">
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
        <legend>Details shown</legend>
        <p class="hint">A detail switched off is left out of the published widget entirely.</p>
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
      <Field
        label="Widget language"
        hint="The widget's own words (Read more, play) and dates. Your page's language: the language your page declares (<html lang>), else the visitor's."
      >
        {(f) => (
          <select
            {...f}
            name="language"
            value={draft.language ?? ""}
            onChange={(e) => change({ language: (e.currentTarget.value || null) as Draft["language"] })}
          >
            <option value="">Your page's language</option>
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
        <span>Show “Powered by Plaudit”</span>
      </label>
      <p class="hint" id="attribution-hint" data-plan-hint>
        {plan === null ? (
          "Hiding it depends on your organisation’s plan."
        ) : plan.mayHide ? (
          `Your ${plan.planName} plan lets you hide it; new widgets start without it.`
        ) : (
          <>
            Your {plan.planName} plan always shows it.{" "}
            {plan.upgrade ? (
              <>
                Hiding it needs the {plan.upgrade.name} plan or above:{" "}
                <Link to={`billing?upgrade=${encodeURIComponent(plan.upgrade.id)}`}>see plans</Link>.
              </>
            ) : null}
          </>
        )}
      </p>
    </div>
  );
}
