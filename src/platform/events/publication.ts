/**
 * Whatever shows testimonials (widget documents, walls) registers here to hear, inside the changing transaction,
 * that what a brand shows may have changed: approval, withdrawal, visibility, edits, deletion, erasure, or new
 * published media. Listeners enqueue their own coalesced rebuilds, so a change and its rebuild land together.
 */
import type { Db } from "../db/client";
import type { Ctx } from "../context";

/** What changed. */
export interface ShownChange {
  brandId: string;
  submissionId: string | null;
  reason: string;
}

type Listener = (db: Db, ctx: Ctx, change: ShownChange) => void;
const listeners: Listener[] = [];

/** Registers a listener; returns a function removing it. */
export function onShownChange(listener: Listener): () => void {
  listeners.push(listener);
  return () => {
    const i = listeners.indexOf(listener);
    if (i >= 0) listeners.splice(i, 1);
  };
}

/** Tells every listener (call inside the transaction that made the change). */
export function shownChanged(db: Db, ctx: Ctx, change: ShownChange) {
  for (const l of listeners) l(db, ctx, change);
}
