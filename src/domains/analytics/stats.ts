/**
 * Stats of a widget or a brand over a range of days, read from the daily counts. Views of the widget (or wall) as a
 * whole make the totals, days and hosts; a testimonial's views are its card's. Plays and clicks always belong to a
 * testimonial (a wall's call-to-action clicks to the wall). A brand's figures add up its widgets and its wall.
 * Every read is limited to the context's organisation, mode and brands (a client's), through the widget or brand
 * lookup, which answers 404 otherwise.
 */
import type { Reader } from "../../platform/db/unit-of-work";
import { and, eq, gte, inArray, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import type { Deps } from "../../platform/deps";
import { getBrandRow } from "../brands";
import { presentShown, shownCondition, submissions } from "../submissions";
import { getWidgetRow } from "../widgets";
import { flushAnalytics } from "./collector";
import { dayRange, daysOf, type DayRange } from "./range";
import { analyticsDaily, type EventKind } from "./tables";

/** How many testimonials and hosts an answer lists at most. */
const TOP_TESTIMONIALS = 100;
const TOP_HOSTS = 50;
/** Characters of a testimonial's words shown beside its figures. */
const QUOTE_CHARS = 160;

type Progress = { p25: number; p50: number; p75: number; p100: number };
type Figures = { views: number; plays: number; clicks: number };

const zero = (): Figures => ({ views: 0, plays: 0, clicks: 0 });
const noProgress = (): Progress => ({ p25: 0, p50: 0, p75: 0, p100: 0 });

/** Adds `n` events of `kind` to a row of figures (views only where `views` says they count). */
function add(f: Figures & { play_progress?: Progress }, kind: EventKind, n: number) {
  if (kind === "view") f.views += n;
  else if (kind === "play") f.plays += n;
  else if (kind === "read_more" || kind === "cta") f.clicks += n;
  else if (f.play_progress) f.play_progress[`p${kind.slice(5)}` as keyof Progress] += n;
}

/** The counts of one scope over a range: totals, days, testimonials and hosts. */
function figuresOf(deps: Deps, scope: SQL, range: DayRange) {
  const { db } = deps;
  // Counts kept in memory are written first, so an answer includes the last second's beacons.
  flushAnalytics(deps);
  const t = analyticsDaily;
  const where = and(scope, gte(t.day, range.from), lte(t.day, range.to));
  // A view counts for the whole only without a testimonial; a card's views are the testimonial's.
  const whole = and(where, or(ne(t.kind, "view"), eq(t.submissionId, "")));
  const n = sql<number>`sum(${t.count})`;
  const totals = { ...zero(), play_progress: noProgress() };
  const byDay = new Map(daysOf(range).map((d) => [d, zero()]));
  for (const r of db.select({ day: t.day, kind: t.kind, n }).from(t).where(whole).groupBy(t.day, t.kind).all()) {
    add(totals, r.kind, r.n);
    const day = byDay.get(r.day);
    if (day) add(day, r.kind, r.n);
  }
  const subs = new Map<string, Figures & { play_progress: Progress }>();
  const perSub = db
    .select({ id: t.submissionId, kind: t.kind, n })
    .from(t)
    .where(and(where, ne(t.submissionId, "")))
    .groupBy(t.submissionId, t.kind)
    .all();
  for (const r of perSub) {
    let f = subs.get(r.id);
    if (!f) subs.set(r.id, (f = { ...zero(), play_progress: noProgress() }));
    add(f, r.kind, r.n);
  }
  const hosts = new Map<string, Figures>();
  for (const r of db.select({ host: t.host, kind: t.kind, n }).from(t).where(whole).groupBy(t.host, t.kind).all()) {
    let f = hosts.get(r.host);
    if (!f) hosts.set(r.host, (f = zero()));
    add(f, r.kind, r.n);
  }
  const top = [...subs.entries()]
    .sort(([, a], [, b]) => b.views - a.views || b.plays - a.plays || b.clicks - a.clicks)
    .slice(0, TOP_TESTIMONIALS);
  return {
    from: range.from,
    to: range.to,
    totals,
    days: [...byDay.entries()].map(([date, f]) => ({ date, ...f })),
    testimonials: withWords(deps, top),
    hosts: [...hosts.entries()]
      .sort(([, a], [, b]) => b.views - a.views || b.plays - a.plays)
      .slice(0, TOP_HOSTS)
      .map(([host, f]) => ({ host, ...f })),
  };
}

/** Names and the start of the words of the testimonials still shown publicly (with their words); null otherwise. */
function withWords(deps: Deps, top: [string, Figures & { play_progress: Progress }][]) {
  const ids = top.map(([id]) => id);
  const rows = ids.length
    ? deps.db
        .select()
        .from(submissions)
        .where(and(inArray(submissions.id, ids), shownCondition()))
        .all()
    : [];
  const shown = new Map(presentShown(deps.db, deps.config.cdnUrl, rows).map((s) => [s.id, s]));
  return top.map(([id, f]) => {
    const s = shown.get(id);
    const text = s?.text?.trim() || null;
    return {
      submission_id: id,
      ...f,
      name: s ? s.name || null : null,
      quote: text && text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS - 1).trimEnd()}…` : text,
    };
  });
}

/** A widget's stats (404 for a widget the context cannot see). */
export function widgetStats({ deps, ctx }: Reader, widgetId: string, q: { from?: string; to?: string }) {
  const range = dayRange(ctx.clock, q);
  const w = getWidgetRow(deps.db, ctx, widgetId);
  const t = analyticsDaily;
  const scope = and(scoped(t, ctx, { allBrands: true }), eq(t.widgetId, w.id))!;
  return { widget_id: w.id, ...figuresOf(deps, scope, range) };
}

/** A brand's stats: its widgets and its wall together (404 for a brand the context cannot see). */
export function brandStats({ deps, ctx }: Reader, brandId: string, q: { from?: string; to?: string }) {
  const range = dayRange(ctx.clock, q);
  const b = getBrandRow(deps.db, ctx, brandId);
  const t = analyticsDaily;
  const scope = and(scoped(t, ctx, { allBrands: true }), eq(t.brandId, b.id))!;
  return { brand_id: b.id, ...figuresOf(deps, scope, range) };
}
