/**
 * Which testimonials a widget shows: automatically (newest approvals first, narrowed by tags and a minimum
 * rating) or exactly the ones picked, in the picked order. Only approved, public testimonials are offered.
 */
import type { Page } from "../../shared/api";
import { useAsync } from "../../shared/hooks";
import { Button } from "../../shared/ui/button";
import { Field } from "../../shared/ui/field";
import { ErrorNotice } from "../../shared/ui/notice";
import { api } from "../api";
import type { Tag } from "../types";
import { tagLabel } from "../tag-label";
import type { DraftProps } from "./settings-form";
import { t } from "../i18n";

interface Testimonial {
  id: string;
  kind: string;
  respondent_name: string;
  text_input: string | null;
}

const label = (s: Testimonial) =>
  t("widgets.selection-form.item", {
    name: s.respondent_name || t("widgets.selection-form.anonymous"),
    kind: s.kind,
    text: (s.text_input ?? "").slice(0, 80),
  });

function Automatic({ draft, change, brandId }: DraftProps & { brandId: string }) {
  // A widget selects by its brand's own tags and the shared ones.
  const tags = useAsync(() => api.get<Page<Tag>>("/v1/tags", { query: { brand_id: brandId, limit: 100 } }), [brandId]);
  const toggle = (id: string, on: boolean) =>
    change({ tag_ids: on ? [...draft.tag_ids, id] : draft.tag_ids.filter((t) => t !== id) });
  return (
    <>
      <ErrorNotice error={tags.error} onRetry={tags.reload} />
      {tags.data && tags.data.data.length > 0 && (
        <fieldset>
          <legend>{t("widgets.selection-form.tags")}</legend>
          {tags.data.data.map((tag) => (
            <label class="check" key={tag.id}>
              <input
                type="checkbox"
                checked={draft.tag_ids.includes(tag.id)}
                onChange={(e) => toggle(tag.id, e.currentTarget.checked)}
              />
              <span>{tagLabel(tag, [], brandId)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <Field label={t("widgets.selection-form.lowest_rating")}>
        {(p) => (
          <select
            {...p}
            value={draft.min_rating ?? ""}
            onChange={(e) => change({ min_rating: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
          >
            <option value="">{t("widgets.selection-form.any_rating")}</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {t("widgets.selection-form.stars_or_more", { n })}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}

function Manual({ draft, change, brandId }: DraftProps & { brandId: string }) {
  const list = useAsync(
    () =>
      api.get<Page<Testimonial>>("/v1/submissions", {
        query: { brand_id: brandId, is_approved: true, is_public: true, status: "ready", limit: 100 },
      }),
    [brandId],
  );
  const byId = new Map((list.data?.data ?? []).map((s) => [s.id, s]));
  const picks = draft.submission_ids;
  const move = (i: number) =>
    change({ submission_ids: picks.map((id, j) => (j === i - 1 ? picks[i]! : j === i ? picks[i - 1]! : id)) });
  return (
    <>
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {picks.length > 0 && (
        <ol class="widget-picks" aria-label={t("widgets.selection-form.picked")}>
          {picks.map((id, i) => (
            <li key={id}>
              <span>{byId.has(id) ? label(byId.get(id)!) : t("widgets.selection-form.gone", { id })}</span>
              {i > 0 && (
                <Button
                  small
                  variant="ghost"
                  onClick={() => move(i)}
                  aria-label={t("widgets.selection-form.move_up", { name: byId.get(id)?.respondent_name ?? id })}
                >
                  {t("widgets.selection-form.up")}
                </Button>
              )}
              <Button small variant="ghost" onClick={() => change({ submission_ids: picks.filter((p) => p !== id) })}>
                {t("widgets.selection-form.remove")}
              </Button>
            </li>
          ))}
        </ol>
      )}
      <fieldset>
        <legend>{t("widgets.selection-form.approved_public")}</legend>
        {list.data?.data.length === 0 && <p class="hint">{t("widgets.selection-form.none")}</p>}
        {list.data?.data.map((s) => (
          <label class="check" key={s.id}>
            <input
              type="checkbox"
              checked={picks.includes(s.id)}
              disabled={!picks.includes(s.id) && picks.length >= 50}
              onChange={(e) =>
                change({ submission_ids: e.currentTarget.checked ? [...picks, s.id] : picks.filter((p) => p !== s.id) })
              }
            />
            <span>{label(s)}</span>
          </label>
        ))}
      </fieldset>
    </>
  );
}

/** Automatic or manual selection, and how many at most. */
export function SelectionForm({ draft, change, brandId }: DraftProps & { brandId: string }) {
  return (
    <fieldset>
      <legend>{t("widgets.selection-form.testimonials")}</legend>
      <label class="check">
        <input
          type="radio"
          name="selection"
          checked={draft.selection === "automatic"}
          onChange={() => change({ selection: "automatic" })}
        />
        <span>{t("widgets.selection-form.automatic")}</span>
      </label>
      <label class="check">
        <input
          type="radio"
          name="selection"
          checked={draft.selection === "manual"}
          onChange={() => change({ selection: "manual" })}
        />
        <span>{t("widgets.selection-form.manual")}</span>
      </label>
      {draft.selection === "automatic" ? (
        <Automatic draft={draft} change={change} brandId={brandId} />
      ) : (
        <Manual draft={draft} change={change} brandId={brandId} />
      )}
      <Field label={t("widgets.selection-form.at_most")} hint={t("widgets.selection-form.at_most_hint")}>
        {(p) => (
          <input
            {...p}
            type="number"
            min={1}
            max={50}
            step={1}
            value={draft.max_items}
            onInput={(e) =>
              change({ max_items: Math.min(50, Math.max(1, Math.round(Number(e.currentTarget.value)) || 1)) })
            }
          />
        )}
      </Field>
    </fieldset>
  );
}
