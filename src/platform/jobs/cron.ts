/**
 * Recurring schedules (croner). A schedule only enqueues jobs: the work itself runs in the workers, with their
 * leases, retries and visibility, and a dedupe key keeps two processes or a slow tick from doubling it up.
 */
import { Cron } from "croner";
import type { Deps } from "../deps";
import type { Config } from "../../config";

/** A recurring schedule. */
export interface Schedule {
  /** For logs. */
  name: string;
  /**
   * Cron pattern, 5 or 6 fields (seconds first when 6), read in UTC; or the pattern a setting gives (null: this
   * schedule is off, as the scheduled backup is without PLAUDIT_BACKUP_SCHEDULE).
   */
  pattern: string | ((config: Config) => string | null);
  /** Enqueues the job(s) this tick stands for. */
  run(deps: Deps): void | Promise<void>;
}

/** Running schedules. */
export interface Schedules {
  stop(): void;
}

/** Starts every schedule; an invalid pattern throws here, at start, rather than never firing. */
export function startSchedules(deps: Deps, schedules: Schedule[]): Schedules {
  const crons: Cron[] = [];
  try {
    for (const s of schedules) {
      const pattern = typeof s.pattern === "function" ? s.pattern(deps.config) : s.pattern;
      if (!pattern) continue;
      crons.push(
        new Cron(pattern, { timezone: "UTC", protect: true }, async () => {
          try {
            await s.run(deps);
          } catch (e) {
            deps.log.error("schedule failed", { schedule: s.name, error: e instanceof Error ? e.message : String(e) });
          }
        }),
      );
    }
  } catch (e) {
    for (const c of crons) c.stop();
    throw e;
  }
  return {
    stop() {
      for (const c of crons) c.stop();
    },
  };
}
