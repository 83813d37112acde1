/**
 * Whatever shows testimonials (widget documents, walls) declares a shown-change handler in its domain module to
 * hear, inside the changing unit of work, that what a brand shows may have changed: approval, withdrawal,
 * visibility, edits, deletion, erasure, or new published media. A write says so with `tx.shown(change)`
 * (src/platform/db/unit-of-work.ts), which runs the handlers of its Deps' hooks; handlers enqueue their own coalesced
 * rebuilds, so a change and its rebuild land together.
 */
import type { ShownChange } from "../hooks";

export type { ShownChange };
