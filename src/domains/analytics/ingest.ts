/**
 * Taking a beacon in: read within its cap (8 KB, by the root's body limits), checked against the strict shape, then counted or quietly left out. A
 * beacon that is well formed always gets the same `204`, counted or not (a do-not-track visitor, a bot, a flood,
 * an unknown widget, a testimonial the widget does not show), so the answer tells nobody what exists. Malformed
 * bodies are `400 invalid_body` / `validation_failed`, oversize ones `413 body_too_large`, in the one error shape.
 *
 * Within one beacon each (kind, testimonial) counts once, and each visitor (client address, kept in memory only for
 * the rate window, never stored) sends at most `BEACONS_PER_MINUTE` counted beacons a minute: a script looping on
 * one page cannot inflate the counts by more than that.
 */
import type { Deps } from "../../platform/deps";
import { invalid } from "../../platform/errors";
import { collectorOf, placeKey, type Place } from "./collector";
import type { FloodLimit } from "./flood-limit";
import { beaconCheck, type Beacon, type BeaconEvent } from "./model";
import type { EventKind } from "./tables";
import { wallTarget, widgetTarget, type Target } from "./targets";
import { pageHost, skipReason, type Skip } from "./who-counts";

export { BEACONS_PER_MINUTE } from "./flood-limit";

/** What became of a beacon (tests read it; the route answers 204 either way). */
export type Outcome = { counted: number } | { skipped: Skip | "rate" | "unknown" };

const DAY_MS = 86_400_000;
/** The last day computed (a beacon's day is nearly always the previous beacon's). */
let lastDay = { from: 0, to: 0, day: "" };

/** The UTC day of a time, `YYYY-MM-DD`. */
export function dayOf(ms: number): string {
  if (ms >= lastDay.from && ms < lastDay.to) return lastDay.day;
  const from = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
  lastDay = { from, to: from + DAY_MS, day: new Date(ms).toISOString().slice(0, 10) };
  return lastDay.day;
}

/**
 * Checks a beacon body, already read within its cap and parsed as JSON by the root's body limits (text/plain too,
 * for this route: src/platform/http/body-limits.ts): the beacon, or a 400.
 */
export function checkBeacon(body: unknown): Beacon {
  if (body === undefined) throw invalid("The beacon is empty: send a JSON object with `events`.", "body");
  if (!beaconCheck.Check(body)) {
    const first = beaconCheck.Errors(body).First();
    const field = first?.path
      ? first.path
          .replace(/^\//, "")
          .replace(/\/(\d+)/g, "[$1]")
          .replace(/\//g, ".")
      : "body";
    throw invalid(`Invalid beacon: ${first?.message ?? "not the expected shape"}.`, field || "body");
  }
  if ((body.widget_id === undefined) === (body.brand_id === undefined))
    throw invalid("A beacon names either `widget_id` (a widget) or `brand_id` (a wall), not both.", "widget_id");
  return body;
}

/** The kind an event is counted as, or null when it is incomplete (a play with no testimonial…). */
function kindOf(e: BeaconEvent, target: Target): EventKind | null {
  const sub = e.submission_id;
  switch (e.type) {
    case "view":
      return "view";
    case "play":
      return sub ? "play" : null;
    case "progress":
      return sub && e.percent ? (`play_${e.percent}` as EventKind) : null;
    case "click":
      if (e.target === "read_more") return sub ? "read_more" : null;
      // A call to action: the wall's own buttons (no testimonial); widgets have none.
      return e.target === "cta" && !target.widgetId ? "cta" : null;
  }
}

/** Numbers of beacons counted in this process (never 0), to count each thing once per beacon. */
let beacons = 0;
const nextBeacon = () => (beacons = beacons >= Number.MAX_SAFE_INTEGER ? 1 : beacons + 1);

/** Where a target last counted: its place and the place's key (a page's beacons share them). */
interface Spot {
  place: Place;
  where: string;
}

/** The last spot of each kept target (dropped with the target). */
const spots = new WeakMap<Target, Spot>();

function spotOf(target: Target, day: string, host: string): Spot {
  const last = spots.get(target);
  if (last && last.place.day === day && last.place.host === host) return last;
  const place: Place = {
    orgId: target.orgId,
    mode: target.mode,
    brandId: target.brandId,
    day,
    widgetId: target.widgetId,
    host,
  };
  const spot = { place, where: placeKey(place) };
  spots.set(target, spot);
  return spot;
}

/**
 * Counts a checked beacon from `request` (its headers say who sent it and from which page); `visitor` is the
 * client address, used only as the rate limiter's key.
 */
export function countBeacon(
  deps: Deps,
  limiter: FloodLimit,
  request: Request,
  visitor: string,
  beacon: Beacon,
): Outcome {
  const skip = skipReason(request, deps.config);
  if (skip) return { skipped: skip };
  if (!limiter.take(visitor)) return { skipped: "rate" };
  const target = beacon.widget_id ? widgetTarget(deps, beacon.widget_id) : wallTarget(deps, beacon.brand_id!);
  if (!target) return { skipped: "unknown" };
  const { place, where } = spotOf(target, dayOf(deps.clock.now()), pageHost(request));
  const count = collectorOf(deps).at(place, where);
  // Within this beacon each (kind, testimonial) counts once: the collector skips a key this number already counted.
  const mark = nextBeacon();
  let counted = 0;
  for (const e of beacon.events) {
    const kind = kindOf(e, target);
    if (!kind) continue;
    const submissionId = e.submission_id ?? "";
    if (submissionId && !target.shown.has(submissionId)) continue;
    if (count(submissionId, kind, mark)) counted++;
  }
  return { counted };
}
