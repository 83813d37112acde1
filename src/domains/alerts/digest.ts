/**
 * The hourly alerts job (schedule `5 * * * *`, job `alerts.digest`):
 * - the daily digest of each member who chose `daily`, once their chosen hour has come in their time zone: one email
 *   listing the testimonials that arrived since the choice and were not in an earlier digest, with the same buttons
 *   per testimonial; nothing on a day with none. A server that was down at that hour sends it at the next run.
 * - the roll-up of single alerts held back by the hourly cap (arrivals.ts), one email per member;
 * - forgetting arrivals, notices and buttons older than 30 days (they hold ids only).
 * Each member's email is queued in its own short unit of work (of the member's organisation and mode), with the notices that stop a testimonial from being
 * listed twice. What a member may see is asked again: a testimonial deleted meanwhile, or of a brand the member no
 * longer covers, is left out.
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte } from "drizzle-orm";
import { scoped } from "../../platform/db/tenancy";
import { systemCtx, type Mode } from "../../platform/context";
import type { Db } from "../../platform/db/client";
import { unitOfWork, type Tx } from "../../platform/db/unit-of-work";
import type { Deps } from "../../platform/deps";
import { PRIORITY } from "../../platform/jobs/tables";
import type { JobRegistry } from "../../platform/jobs/worker";
import { submissions } from "../submissions";
import { DIGEST_MAX } from "./mail-words";
import { queueAlertMail, type QueuedItem } from "./queue";
import { alertMember, maySee, wantsBrand, type AlertMember } from "./recipients";
import { alertArrivals, alertButtons, alertNotices, alertSettings, type AlertSettingsRow } from "./tables";
import { lastSlot } from "./zone";

/** The job kind that sends due digests and roll-ups. */
export const DIGEST_JOB = "alerts.digest";

/** Every hour, at minute 5. */
export const DIGEST_PATTERN = "5 * * * *";

/** A digest looks back at most this far before the previous one (arrivals it could not list then, e.g. a brand added). */
const LOOK_BACK_MS = 7 * 24 * 3600_000;

/** The context of the schedule's tick and the prune, which cross organisations: it names none, and the system acts. */
const everyOrg = (deps: Deps) => systemCtx("", "live", deps.clock);

/** Enqueues the job (what the schedule does each hour), of no organisation: it serves every one. */
export function scheduleDigests(deps: Deps) {
  unitOfWork(deps, everyOrg(deps), (tx) =>
    tx.enqueue({
      kind: DIGEST_JOB,
      payload: {},
      orgId: null,
      mode: null,
      priority: PRIORITY.default,
      dedupeKey: DIGEST_JOB,
    }),
  );
}

/** Testimonials a member may be told of now, from arrivals, in arrival order. */
function visibleItems(db: Db, member: AlertMember, mode: Mode, ids: string[]): QueuedItem[] {
  if (ids.length === 0) return [];
  const rows = db
    .select({ row: submissions, outcome: alertArrivals.outcome, at: alertArrivals.arrivedAt })
    .from(alertArrivals)
    .innerJoin(submissions, eq(submissions.id, alertArrivals.submissionId))
    .where(and(inArray(alertArrivals.submissionId, ids), isNull(submissions.deletedAt)))
    .orderBy(asc(alertArrivals.arrivedAt))
    .all();
  return rows
    .filter((r) => wantsBrand(member.settings, r.row.brandId) && maySee(member, r.row.brandId, mode))
    .map((r) => ({ row: r.row, outcome: r.outcome }));
}

/** Queues one member's digest when it is due; true when one was queued. */
function digestOf(deps: Deps, s: AlertSettingsRow): boolean {
  const now = deps.clock.now();
  let slot: number;
  try {
    slot = lastSlot(now, s.timeZone, s.digestHour);
  } catch {
    slot = lastSlot(now, "UTC", s.digestHour);
  }
  if (slot < s.digestFrom || (s.lastDigestAt !== null && s.lastDigestAt >= slot)) return false;
  return unitOfWork(deps, systemCtx(s.orgId, s.mode, deps.clock), (tx) => digestIn(tx, s, now));
}

/** Queues the due digest of `s`'s member, in a unit of work of its organisation and mode; true when one was queued. */
function digestIn(tx: Tx, s: AlertSettingsRow, now: number): boolean {
  const { db } = tx;
  const member = alertMember(db, s.orgId, s.memberId, s.mode);
  const key = and(eq(alertSettings.memberId, s.memberId), eq(alertSettings.mode, s.mode));
  db.update(alertSettings).set({ lastDigestAt: now }).where(key).run();
  if (!member || member.settings.frequency !== "daily") return false;
  const from = Math.max(s.digestFrom, (s.lastDigestAt ?? s.digestFrom) - LOOK_BACK_MS);
  const told = db
    .select({ id: alertNotices.submissionId })
    .from(alertNotices)
    .where(and(eq(alertNotices.memberId, s.memberId), gte(alertNotices.createdAt, from - LOOK_BACK_MS)))
    .all()
    .map((n) => n.id);
  const toldSet = new Set(told);
  const ids = db
    .select({ id: alertArrivals.submissionId })
    .from(alertArrivals)
    .where(
      and(
        // Not `s` itself: its `brandIds` (the member's choice) are checked by `visibleItems`, not as a brand scope.
        scoped(alertArrivals, { orgId: s.orgId, mode: s.mode }),
        gte(alertArrivals.arrivedAt, from),
        lte(alertArrivals.arrivedAt, now),
      ),
    )
    .all()
    .map((a) => a.id)
    .filter((id) => !toldSet.has(id));
  const items = visibleItems(db, member, s.mode, ids);
  if (items.length === 0) return false;
  queueAlertMail(tx, {
    orgId: s.orgId,
    mode: s.mode,
    member,
    kind: "digest",
    items: items.slice(0, DIGEST_MAX),
    more: Math.max(0, items.length - DIGEST_MAX),
    alsoTold: items.slice(DIGEST_MAX).map((i) => i.row.id),
  });
  return true;
}

/** Queues one member's roll-up of held single alerts, in the caller's unit of work; true when one was queued. */
function catchUpOf(tx: Tx, memberId: string, orgId: string, mode: Mode): boolean {
  const { db } = tx;
  const held = and(eq(alertNotices.memberId, memberId), eq(alertNotices.mode, mode), isNull(alertNotices.mailId));
  const ids = db
    .select({ id: alertNotices.submissionId })
    .from(alertNotices)
    .where(held)
    .all()
    .map((n) => n.id);
  const member = alertMember(db, orgId, memberId, mode);
  const items = member && member.settings.frequency !== "off" ? visibleItems(db, member, mode, ids) : [];
  // What can no longer be told (deleted, out of reach, alerts turned off) stops waiting.
  const kept = new Set(items.map((i) => i.row.id));
  const dropped = ids.filter((id) => !kept.has(id));
  if (dropped.length)
    db.delete(alertNotices)
      .where(and(held, inArray(alertNotices.submissionId, dropped)))
      .run();
  if (!member || items.length === 0) return false;
  queueAlertMail(tx, {
    orgId,
    mode,
    member,
    kind: "catch_up",
    items: items.slice(0, DIGEST_MAX),
    more: Math.max(0, items.length - DIGEST_MAX),
    alsoTold: items.slice(DIGEST_MAX).map((i) => i.row.id),
  });
  return true;
}

/** How long arrivals, notices and used or expired buttons are kept (a button's page then says the link does not work). */
export const KEEP_MS = 30 * 24 * 3600_000;

/** Forgets what no digest or button needs any more. */
function prune(tx: Tx) {
  const { db } = tx;
  const before = tx.ctx.clock.now() - KEEP_MS;
  db.delete(alertButtons).where(lt(alertButtons.expiresAt, before)).run();
  db.delete(alertNotices)
    .where(and(lt(alertNotices.createdAt, before), isNotNull(alertNotices.mailId)))
    .run();
  db.delete(alertArrivals).where(lt(alertArrivals.arrivedAt, before)).run();
}

/** Sends every due digest and roll-up, then prunes; returns how many emails were queued. */
export function runDigests(deps: Deps): number {
  unitOfWork(deps, everyOrg(deps), prune);
  let queued = 0;
  const daily = deps.db.select().from(alertSettings).where(eq(alertSettings.newTestimonials, "daily")).all();
  for (const s of daily) if (digestOf(deps, s)) queued++;
  const waiting = deps.db
    .selectDistinct({ memberId: alertNotices.memberId, orgId: alertNotices.orgId, mode: alertNotices.mode })
    .from(alertNotices)
    .where(isNull(alertNotices.mailId))
    .all();
  for (const w of waiting)
    if (unitOfWork(deps, systemCtx(w.orgId, w.mode, deps.clock), (tx) => catchUpOf(tx, w.memberId, w.orgId, w.mode)))
      queued++;
  return queued;
}

/** Registers the alerts.digest job kind. */
export function registerDigestJob(registry: JobRegistry): JobRegistry {
  return registry.register(DIGEST_JOB, {
    handle: async (_job, deps) => void runDigests(deps),
    maxAttempts: 3,
    backoffMs: () => 60_000,
    timeoutMs: 10 * 60_000,
  });
}
