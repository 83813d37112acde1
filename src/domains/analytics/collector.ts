/**
 * Counts kept in memory for a moment, then written in one transaction: a burst of beacons costs one commit per
 * interval, and the rows it touches are the distinct (day, brand, widget, testimonial, host, kind) keys seen in
 * that interval, not the events. A flush runs `FLUSH_MS` after the first count of an interval, or at once (after
 * the current turn of the event loop) when `FLUSH_ROWS` distinct keys are waiting. Before the database closes
 * (`plaudit serve`'s shutdown) the last counts are written too.
 *
 * What a crash can lose: the counts of at most one interval (a second). These are counts, not testimonials or
 * events anyone acts on, and a second of them is far below their day-to-day noise.
 *
 * Memory is bounded: past `MAX_PENDING` distinct keys waiting (only while the database refuses writes) new keys are
 * dropped and counted in the log, never queued without limit.
 */
import type { AppState, Slot } from "../../platform/app-state";
import type { Deps } from "../../platform/deps";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { writeBatch } from "../../platform/db/batch-write";
import type { Logger } from "../../platform/log";
import type { Mode } from "../../platform/context";
import { beforeClose } from "../../platform/db/before-close";
import { analyticsDaily, type EventKind } from "./tables";

/** Longest a count waits in memory (ms). */
export const FLUSH_MS = 1000;
/** Distinct keys that trigger a flush before the interval ends. */
export const FLUSH_ROWS = 2000;
/** Distinct keys kept at most while writes fail. */
export const MAX_PENDING = 50_000;

/** What one count is of. */
export interface CountKey {
  orgId: string;
  mode: Mode;
  brandId: string;
  day: string;
  widgetId: string;
  submissionId: string;
  host: string;
  kind: EventKind;
}

/** Where counts go: a key without its testimonial and kind (one beacon counts its events at one place). */
export type Place = Omit<CountKey, "submissionId" | "kind">;

/** The part of a count's key that names its place. */
export const placeKey = (p: Place) =>
  `${p.orgId}\u0000${p.mode}\u0000${p.brandId}\u0000${p.day}\u0000${p.widgetId}\u0000${p.host}\u0000`;

/** The upsert of one key's count, prepared once per database. */
function upsert(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .insert(analyticsDaily)
    .values({
      orgId: p("orgId"),
      mode: p("mode"),
      brandId: p("brandId"),
      day: p("day"),
      widgetId: p("widgetId"),
      submissionId: p("submissionId"),
      host: p("host"),
      kind: p("kind"),
      count: p("count"),
    })
    .onConflictDoUpdate({
      target: [
        analyticsDaily.orgId,
        analyticsDaily.mode,
        analyticsDaily.brandId,
        analyticsDaily.day,
        analyticsDaily.widgetId,
        analyticsDaily.submissionId,
        analyticsDaily.host,
        analyticsDaily.kind,
      ],
      set: { count: sql`${analyticsDaily.count} + excluded.count` },
    })
    .prepare();
}

/** One waiting count. */
interface Row {
  key: CountKey;
  count: number;
  /** The last beacon that counted here (`at`'s `mark`), so one beacon counts each key once. */
  mark: number;
}

/** Waiting counts of one place: by testimonial (`''` for none), then by kind. */
type PlaceRows = Map<string, Partial<Record<EventKind, Row>>>;

/** Counts one event of a testimonial (`''` for none) and kind at a place; see `Collector.at`. */
export type CountAt = (submissionId: string, kind: EventKind, mark?: number, n?: number) => boolean;

/** The counts waiting for one database, and their flushing. */
export class Collector {
  /** Waiting counts by place (`placeKey`). */
  private pending = new Map<string, PlaceRows>();
  /** Distinct keys in `pending`. */
  private size = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private soon = false;
  private dropped = 0;
  private readonly statement: ReturnType<typeof upsert>;
  /** Rows written and flushes done since start (for the benchmark and tests). */
  readonly stats = { flushes: 0, rows: 0 };

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    state: AppState,
  ) {
    this.statement = upsert(db);
    beforeClose({ state }, () => this.flush());
  }

  /** Distinct keys waiting. */
  get waiting(): number {
    return this.size;
  }

  /** Counts `n` of `key`; false when dropped (too many keys waiting). */
  add(key: CountKey, n = 1): boolean {
    return this.at(key)(key.submissionId, key.kind, 0, n);
  }

  /**
   * Counting at one place (a beacon's widget or wall, day and page host): a function counting `n` (1) events of a
   * testimonial (`''` for none) and kind there; false when dropped (too many keys waiting), or when `mark` (a
   * beacon's number, not 0) already counted that key, so one beacon counts each thing once. The place is looked up
   * once, not per event; `where` is its `placeKey` when the caller kept it.
   */
  at(place: Place, where = placeKey(place)): CountAt {
    let pending = this.pending;
    let rows = pending.get(where);
    return (submissionId, kind, mark = 0, n = 1) => {
      if (pending !== this.pending) {
        // Flushed since (not within one beacon, but a caller may keep the function).
        pending = this.pending;
        rows = pending.get(where);
      }
      let kinds = rows?.get(submissionId);
      const row = kinds?.[kind];
      if (row) {
        if (mark !== 0 && row.mark === mark) return false;
        row.count += n;
        row.mark = mark;
      } else {
        if (this.size >= MAX_PENDING) {
          this.dropped++;
          return false;
        }
        if (!rows) pending.set(where, (rows = new Map()));
        if (!kinds) rows.set(submissionId, (kinds = {}));
        kinds[kind] = { key: { ...place, submissionId, kind }, count: n, mark };
        this.size++;
      }
      this.scheduleFlush();
      return true;
    };
  }

  /** Puts a count that could not be written back among the waiting ones (merged with any that arrived since). */
  private putBack(row: Row): void {
    const { submissionId, kind } = row.key;
    const where = placeKey(row.key);
    let rows = this.pending.get(where);
    let kinds = rows?.get(submissionId);
    const now = kinds?.[kind];
    if (now) now.count += row.count;
    else if (this.size < MAX_PENDING) {
      if (!rows) this.pending.set(where, (rows = new Map()));
      if (!kinds) rows.set(submissionId, (kinds = {}));
      kinds[kind] = row;
      this.size++;
    } else this.dropped++;
  }

  private scheduleFlush(): void {
    if (this.size >= FLUSH_ROWS && !this.soon) {
      this.soon = true;
      setImmediate(() => this.flush());
    } else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), FLUSH_MS);
      this.timer.unref?.();
    }
  }

  /**
   * Writes every waiting count in one transaction; returns the rows written. On failure they wait for the next try.
   * The one write of analytics that is not a unit of work: a batch of anonymous counts of many organisations, made by
   * no one, written from a timer (never inside a unit) with its own retry, through the platform's `writeBatch`.
   */
  flush(): number {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.soon = false;
    if (this.size === 0) return 0;
    const batch = this.pending;
    const written = this.size;
    this.pending = new Map();
    this.size = 0;
    const rows: Row[] = [];
    for (const place of batch.values())
      for (const kinds of place.values()) for (const row of Object.values(kinds)) if (row) rows.push(row);
    try {
      writeBatch(
        this.db,
        this.statement,
        rows.map(({ key, count }) => ({ ...key, count })),
      );
    } catch (e) {
      // A closed database (the app stopped) takes nothing more: the counts go with it.
      if (/closed/i.test(String(e))) return 0;
      // Busy past its timeout: put the counts back (merged with any that arrived since) and try later.
      for (const row of rows) this.putBack(row);
      this.log.warn("analytics counts not written yet; retrying", { error: String(e), waiting: this.size });
      if (!this.timer) {
        this.timer = setTimeout(() => this.flush(), FLUSH_MS);
        this.timer.unref?.();
      }
      return 0;
    }
    if (this.dropped) {
      this.log.warn("analytics counts dropped while writes were failing", { dropped: this.dropped });
      this.dropped = 0;
    }
    this.stats.flushes++;
    this.stats.rows += written;
    return written;
  }
}

/** The app's collector, made on first use (in `deps.state`). */
const COLLECTOR: Slot<{ collector: Collector | null }> = {
  name: "analytics.collector",
  make: () => ({ collector: null }),
};

/** The collector of an app (one per Deps, made on first use). */
export function collectorOf(deps: Pick<Deps, "db" | "log" | "state">): Collector {
  const slot = deps.state.of(COLLECTOR);
  slot.collector ??= new Collector(deps.db, deps.log, deps.state);
  return slot.collector;
}

/** Writes the waiting counts now (tests, the monthly report, shutdown); returns the rows written. */
export function flushAnalytics(deps: Pick<Deps, "state">): number {
  return deps.state.peek(COLLECTOR)?.collector?.flush() ?? 0;
}
