/**
 * A savepoint inside a unit of work: alerts are extras of the change that causes them (a testimonial made ready),
 * so a failure to queue one rolls back to its savepoint, is logged, and never costs that change.
 */
import type { Tx } from "../../platform/db/unit-of-work";

/**
 * Runs `work` in a savepoint of the unit's transaction (SQLite `SAVEPOINT`, as a nested bun:sqlite transaction is):
 * when it throws, its writes are undone and the error is passed to `failed`; the unit goes on either way.
 */
export function inSavepoint(tx: Tx, work: () => void, failed: (error: unknown) => void): void {
  try {
    tx.savepoint(work);
  } catch (e) {
    failed(e);
  }
}
