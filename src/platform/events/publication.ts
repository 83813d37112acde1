/**
 * Whatever shows testimonials (widget documents, walls) declares a shown-change handler in its domain module to
 * hear, inside the changing transaction, that what a brand shows may have changed: approval, withdrawal,
 * visibility, edits, deletion, erasure, or new published media. Handlers enqueue their own coalesced rebuilds, so a
 * change and its rebuild land together. The handlers are those of the Deps that own the database handle
 * (`hooksOf(db)`, filled by src/composition.ts).
 */
import type { Db } from "../db/client";
import type { Ctx } from "../context";
import { hooksOf, type ShownChange } from "../hooks";

export type { ShownChange };

/** Tells every shown-change handler of this db's Deps (call inside the transaction that made the change). */
export function shownChanged(db: Db, ctx: Ctx, change: ShownChange) {
  for (const l of hooksOf(db).shown) l(db, ctx, change);
}
