/**
 * Mail that takes turns. Bulk and stranger-triggered mail (campaign requests and reminders, thank-you emails) leaves
 * at most `PLAUDIT_MAIL_BULK_PER_MINUTE` messages a minute for the whole server, and organisations take turns
 * under that pace: each release goes to the organisation whose last message left longest ago, so one tenant's
 * 1,000-person list never holds another tenant's one email back by more than a turn or two.
 *
 * A message waits in `mail_turns` with the job that sends it; the `mail.dispatch` job releases messages as the pace
 * allows (a token bucket holding one second's worth), enqueueing each one's job in the same transaction that takes
 * it out of the line, then reschedules itself while anyone waits. Test-mode mail (never delivered) and a server
 * without a pace skip the line. Everything is in SQLite: a crash loses no place in the line.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Mode } from "../context";
import { tx, type Db } from "../db/client";
import type { Deps } from "../deps";
import { enqueue, type JobQueue } from "../jobs/queue";
import { PRIORITY } from "../jobs/tables";
import type { JobRegistry } from "../jobs/worker";
import { mailPace, mailTurns } from "./tables";

/** The job kind that releases waiting mail at the pace. */
export const MAIL_DISPATCH = "mail.dispatch";

/** The `mail_pace` row of the server's own pace. */
const SERVER = "*";

/** The job that sends one message, as it will be enqueued when its turn comes. */
export interface TurnJob {
  mailId: string;
  orgId: string;
  mode: Mode;
  kind: string;
  payload: unknown;
  priority: number;
  dedupeKey?: string | null;
}

/** Milliseconds between two messages at `perMinute`. */
const gapOf = (perMinute: number) => 60_000 / perMinute;

/** Messages the pace may release at once after a quiet spell: one second's worth, at least one. */
const burstOf = (perMinute: number) => Math.max(1, Math.ceil(perMinute / 60));

const lastAt = (db: Db, orgId: string) =>
  db.select({ at: mailPace.lastAt }).from(mailPace).where(eq(mailPace.orgId, orgId)).get()?.at ?? null;

/** When the pace next allows a message. */
function nextSlot(db: Db, now: number, perMinute: number): number {
  const last = lastAt(db, SERVER);
  return last === null ? now : Math.max(now, Math.ceil(last + gapOf(perMinute)));
}

/**
 * Queues the job that sends a message, in the caller's transaction: at once for test mode or when the server sets
 * no pace, else in line for its organisation's turn.
 */
export function queueInTurn(queue: JobQueue, perMinute: number, job: TurnJob): void {
  const { db, clock } = queue;
  const now = clock.now();
  if (job.mode !== "live" || perMinute <= 0) {
    enqueue(queue, {
      kind: job.kind,
      payload: job.payload,
      orgId: job.orgId,
      mode: job.mode,
      priority: job.priority,
      dedupeKey: job.dedupeKey ?? null,
    });
    return;
  }
  db.insert(mailTurns)
    .values({
      mailId: job.mailId,
      orgId: job.orgId,
      kind: job.kind,
      payload: job.payload,
      priority: job.priority,
      dedupeKey: job.dedupeKey ?? null,
      createdAt: now,
    })
    .run();
  enqueue(queue, {
    kind: MAIL_DISPATCH,
    payload: {},
    priority: PRIORITY.delivery,
    runAt: nextSlot(db, now, perMinute),
    dedupeKey: MAIL_DISPATCH,
  });
}

/** The organisation whose turn it is (its last message left longest ago; never-served first), or null. */
function nextOrg(db: Db): string | null {
  const row = db
    .select({ orgId: mailTurns.orgId })
    .from(mailTurns)
    .leftJoin(mailPace, eq(mailPace.orgId, mailTurns.orgId))
    .groupBy(mailTurns.orgId)
    .orderBy(sql`coalesce(${mailPace.lastAt}, 0)`, sql`min(${mailTurns.mailId})`)
    .limit(1)
    .get();
  return row?.orgId ?? null;
}

function setLast(db: Db, orgId: string, at: number) {
  db.insert(mailPace)
    .values({ orgId, lastAt: at })
    .onConflictDoUpdate({ target: mailPace.orgId, set: { lastAt: at } })
    .run();
}

/**
 * Releases the messages the pace allows now, taking turns between organisations (most urgent first within one);
 * returns how many. Schedules the next release while mail waits.
 */
export function releaseTurns(deps: Pick<Deps, "db" | "clock" | "config" | "state">): number {
  const perMinute = deps.config.mailBulkPerMinute;
  return tx(deps.db, (db) => {
    const queue: JobQueue = { db, clock: deps.clock, state: deps.state };
    const now = deps.clock.now();
    const gap = gapOf(perMinute > 0 ? perMinute : 60_000);
    const burst = perMinute > 0 ? burstOf(perMinute) : Number.MAX_SAFE_INTEGER;
    let last = Math.max(lastAt(db, SERVER) ?? now - burst * gap, now - burst * gap);
    let released = 0;
    while (now - last >= gap || perMinute <= 0) {
      const orgId = nextOrg(db);
      if (!orgId) break;
      const turn = db
        .select()
        .from(mailTurns)
        .where(eq(mailTurns.orgId, orgId))
        .orderBy(asc(mailTurns.priority), asc(mailTurns.mailId))
        .limit(1)
        .get()!;
      db.delete(mailTurns).where(eq(mailTurns.mailId, turn.mailId)).run();
      enqueue(queue, {
        kind: turn.kind,
        payload: turn.payload,
        orgId: turn.orgId,
        mode: "live",
        priority: turn.priority,
        dedupeKey: turn.dedupeKey,
      });
      // Ordered within one release too, so the next turn goes to another organisation.
      setLast(db, orgId, now + released);
      last += gap;
      released++;
    }
    if (released > 0) setLast(db, SERVER, last);
    if (db.select({ id: mailTurns.mailId }).from(mailTurns).limit(1).get())
      enqueue(queue, {
        kind: MAIL_DISPATCH,
        payload: {},
        priority: PRIORITY.delivery,
        runAt: Math.max(now, Math.ceil(last + gap)),
        dedupeKey: MAIL_DISPATCH,
      });
    return released;
  });
}

/**
 * When an organisation's waiting message `lastMailId` (and those before it) is expected to have left, taking turns
 * with everyone else in line: if it is the organisation's n-th in line, each organisation with `k` waiting goes
 * `min(k, n)` times before it. Null when it does not wait.
 */
export function turnsDoneAt(db: Db, orgId: string, lastMailId: string, now: number, perMinute: number): number | null {
  if (perMinute <= 0) return null;
  const mine =
    db
      .select({ n: sql<number>`count(*)` })
      .from(mailTurns)
      .where(and(eq(mailTurns.orgId, orgId), lte(mailTurns.mailId, lastMailId)))
      .get()?.n ?? 0;
  if (mine === 0) return null;
  const counts = db.select({ n: sql<number>`count(*)` }).from(mailTurns).groupBy(mailTurns.orgId).all();
  const ahead = counts.reduce((sum, c) => sum + Math.min(c.n, mine), 0);
  return nextSlot(db, now, perMinute) + Math.ceil((ahead - 1) * gapOf(perMinute));
}

/** Registers the mail.dispatch job kind. */
export function registerMailDispatch(registry: JobRegistry): JobRegistry {
  return registry.register(MAIL_DISPATCH, {
    handle: async (_job, deps) => void releaseTurns(deps),
    maxAttempts: 20,
    backoffMs: () => 1000,
    timeoutMs: 30_000,
  });
}
