/** The job queue: work enqueued in the same transaction as the write that causes it, run by the workers. */
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Mode } from "../context";

/** Lower runs first: a new testimonial is processed before a reel is cut. */
export const PRIORITY = {
  /** Respondent-facing work: processing a new testimonial, removals. */
  submission: 10,
  /** Webhook deliveries and mail: someone is waiting, but nothing is blocked. */
  delivery: 30,
  default: 50,
  /** Long renders yield to everything above. */
  reel: 80,
  /** Clean-ups that may wait. */
  maintenance: 90,
} as const;

/** `queued` waits for `run_at`; `running` is held under a lease; `done` and `dead` are final and stay visible. */
export type JobStatus = "queued" | "running" | "done" | "dead";

/** One unit of background work. */
export const jobs = sqliteTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: text("payload", { mode: "json" }).$type<unknown>().notNull(),
    orgId: text("org_id"),
    mode: text("mode").$type<Mode>(),
    priority: integer("priority").notNull().default(PRIORITY.default),
    status: text("status").$type<JobStatus>().notNull().default("queued"),
    /** Claims so far, including the one running now. */
    attempts: integer("attempts").notNull().default(0),
    /** Null: the kind's retry policy decides. */
    maxAttempts: integer("max_attempts"),
    runAt: integer("run_at").notNull(),
    leaseUntil: integer("lease_until"),
    lockedBy: text("locked_by"),
    /** The latest failure; kept after a later success so the dashboard can show what happened. */
    lastError: text("last_error"),
    dedupeKey: text("dedupe_key"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    finishedAt: integer("finished_at"),
  },
  (t) => [
    // Claiming reads queued rows in priority order, and running rows by lease expiry (crash recovery).
    index("jobs_claim").on(t.status, t.priority, t.runAt),
    index("jobs_lease").on(t.status, t.leaseUntil),
    index("jobs_kind").on(t.kind, t.id),
    // Only a job that has not started yet coalesces: one already running may have read data older than the
    // change that asks for another run, so that change needs a fresh job.
    uniqueIndex("jobs_dedupe_queued").on(t.dedupeKey).where(sql`dedupe_key IS NOT NULL AND status = 'queued'`),
  ],
);

/** A job row as read from the table. */
export type JobRow = typeof jobs.$inferSelect;
