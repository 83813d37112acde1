/**
 * A widget's settings from input: defaults or current values merged with what was sent (within `fields`, only
 * the given keys change), references checked (tags of this organisation and mode, testimonials of this brand),
 * and the plan's say on removing the attribution.
 */
import { and, eq, inArray } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import type { Db } from "../../platform/db/client";
import type { Ctx } from "../../platform/context";
import { invalid } from "../../platform/errors";
import { inBrandScope } from "../../platform/db/brand-scope";
import { requireFeature, type PlanId } from "../../platform/access";
import { submissions, tags } from "../submissions";
import { DEFAULT_STYLE, LOOK_LAYOUT } from "./format";
import type { WidgetSettings } from "./tables";
import type { SettingsInput } from "./model";

/** Stored settings with every style setting a row stored before them lacks, at its default. */
export const withStyle = (s: WidgetSettings): WidgetSettings => ({ ...DEFAULT_STYLE, ...s });

/**
 * `base` with the sent settings applied. A look belongs to one layout: a request naming both that do not go
 * together is a 400; a layout change that names no look drops a look of the old layout back to `standard`.
 */
export function mergeSettings(base: WidgetSettings, input: SettingsInput): WidgetSettings {
  const { fields, name: _name, ...rest } = input;
  const next: WidgetSettings = { ...withStyle(base), fields: { ...base.fields, ...fields } };
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) (next as unknown as Record<string, unknown>)[k] = v;
  if (next.look !== "standard" && LOOK_LAYOUT[next.look] !== next.layout) {
    if (input.look !== undefined)
      throw invalid(
        `The ${next.look} look goes with the ${LOOK_LAYOUT[next.look]} layout, not ${next.layout}; use standard or change the layout.`,
        "look",
      );
    next.look = "standard";
  }
  return next;
}

/** The first id of `ids` not among `found`, with its position, for a 400 naming the field. */
function firstMissing(ids: string[], found: Set<string>): number {
  return ids.findIndex((x) => !found.has(x));
}

/**
 * Refuses references that are not the caller's: tags of another organisation or mode, or of another brand than the
 * widget's (a widget selects by its brand's tags and the shared ones), testimonials of another brand. A client may
 * not add a shared tag (it cannot see them), but one already on the widget (`keptTagIds`, chosen by the agency)
 * stays when the client saves other settings. A testimonial deleted since it was picked still counts as a pick (the
 * document skips it), so a builder that re-sends its list is not refused for it.
 */
export function checkReferences(
  db: Db,
  ctx: Ctx,
  brandId: string,
  s: Pick<WidgetSettings, "tag_ids" | "submission_ids">,
  keptTagIds: readonly string[] = [],
) {
  if (s.tag_ids.length) {
    const found = new Map(
      db
        .select({ id: tags.id, brandId: tags.brandId })
        .from(tags)
        .where(and(scoped(tags, ctx, { allBrands: true }), inArray(tags.id, s.tag_ids)))
        .all()
        .map((r) => [r.id, r.brandId]),
    );
    const usable = (id: string) => {
      const owner = found.get(id);
      if (owner === undefined) return false;
      if (owner === null) return ctx.brandIds == null || keptTagIds.includes(id);
      return inBrandScope(ctx, owner);
    };
    const i = s.tag_ids.findIndex((id) => !usable(id));
    if (i >= 0) throw invalid(`No tag ${s.tag_ids[i]} in this organisation and mode.`, `tag_ids[${i}]`);
    const j = s.tag_ids.findIndex((id) => found.get(id) != null && found.get(id) !== brandId);
    if (j >= 0)
      throw invalid(
        `Tag ${s.tag_ids[j]} belongs to another brand; a widget selects by its own brand's tags or shared ones.`,
        `tag_ids[${j}]`,
      );
  }
  if (s.submission_ids.length) {
    const found = new Set(
      db
        .select({ id: submissions.id })
        .from(submissions)
        .where(
          and(
            scoped(submissions, ctx, { allBrands: true }),
            eq(submissions.brandId, brandId),
            inArray(submissions.id, s.submission_ids),
          ),
        )
        .all()
        .map((r) => r.id),
    );
    const i = firstMissing(s.submission_ids, found);
    if (i >= 0) throw invalid(`Testimonial ${s.submission_ids[i]} is not one of this brand's.`, `submission_ids[${i}]`);
  }
}

/** 402 when the request switches the attribution off on a plan without `remove_attribution`. */
export function checkAttribution(plan: PlanId, appUrl: string, input: SettingsInput) {
  if (input.show_attribution === false) {
    requireFeature(plan, appUrl, "remove_attribution", 'Removing the "Powered by Plaudit" link needs a paid plan.');
  }
}
