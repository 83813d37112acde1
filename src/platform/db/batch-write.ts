/**
 * A batch of rows written with one prepared statement in one transaction: what write-behind buffers use (analytics'
 * counts), which are nobody's write and run from a timer, never inside a unit of work. The transaction is opened here,
 * in the platform, so no domain service opens one of its own (issue 27).
 */
import { tx, type Db } from "./client";

/** A prepared statement that takes one row's values. */
export interface RowStatement<R> {
  run(values: R): unknown;
}

/** Runs `statement` for each row of `rows` in one transaction (all land, or none and the error is thrown). */
export function writeBatch<R>(db: Db, statement: RowStatement<R>, rows: Iterable<R>): void {
  tx(db, () => {
    for (const row of rows) statement.run(row);
  });
}
