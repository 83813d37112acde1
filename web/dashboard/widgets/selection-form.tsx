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

interface Testimonial {
  id: string;
  kind: string;
  respondent_name: string;
  text_input: string | null;
}

const label = (s: Testimonial) =>
  `${s.respondent_name || "Anonymous"} (${s.kind}): ${(s.text_input ?? "").slice(0, 80)}`;

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
          <legend>Only with any of these tags</legend>
          {tags.data.data.map((t) => (
            <label class="check" key={t.id}>
              <input
                type="checkbox"
                checked={draft.tag_ids.includes(t.id)}
                onChange={(e) => toggle(t.id, e.currentTarget.checked)}
              />
              <span>{tagLabel(t, [], brandId)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <Field label="Lowest rating">
        {(p) => (
          <select
            {...p}
            value={draft.min_rating ?? ""}
            onChange={(e) => change({ min_rating: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
          >
            <option value="">Any, or no rating</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {n} star{n === 1 ? "" : "s"} or more
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
        <ol class="widget-picks" aria-label="Picked testimonials, in display order">
          {picks.map((id, i) => (
            <li key={id}>
              <span>{byId.has(id) ? label(byId.get(id)!) : `${id} (no longer shown)`}</span>
              {i > 0 && (
                <Button
                  small
                  variant="ghost"
                  onClick={() => move(i)}
                  aria-label={`Move up: ${byId.get(id)?.respondent_name ?? id}`}
                >
                  Up
                </Button>
              )}
              <Button small variant="ghost" onClick={() => change({ submission_ids: picks.filter((p) => p !== id) })}>
                Remove
              </Button>
            </li>
          ))}
        </ol>
      )}
      <fieldset>
        <legend>Approved, public testimonials</legend>
        {list.data?.data.length === 0 && <p class="hint">None yet: approve testimonials and make them public first.</p>}
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
      <legend>Testimonials</legend>
      <label class="check">
        <input
          type="radio"
          name="selection"
          checked={draft.selection === "automatic"}
          onChange={() => change({ selection: "automatic" })}
        />
        <span>Automatic: the newest approved testimonials</span>
      </label>
      <label class="check">
        <input
          type="radio"
          name="selection"
          checked={draft.selection === "manual"}
          onChange={() => change({ selection: "manual" })}
        />
        <span>Pick them myself, in my order</span>
      </label>
      {draft.selection === "automatic" ? (
        <Automatic draft={draft} change={change} brandId={brandId} />
      ) : (
        <Manual draft={draft} change={change} brandId={brandId} />
      )}
      <Field label="At most" hint="1 to 50 testimonials.">
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
