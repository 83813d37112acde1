/**
 * The testimonials chosen for a bulk action. The selection starts empty again when `scope` changes (another
 * brand or other filters), so an action never reaches testimonials that are no longer on screen.
 */
import { useEffect, useState } from "preact/hooks";

/** A set of ids with the changes the inbox makes to it. */
export function useSelection(scope: string) {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setIds(new Set()), [scope]);
  const change = (fn: (next: Set<string>) => void) =>
    setIds((prev) => {
      const next = new Set(prev);
      fn(next);
      return next;
    });
  return {
    ids,
    toggle: (id: string) => change((s) => (s.has(id) ? s.delete(id) : s.add(id))),
    add: (list: string[]) => change((s) => list.forEach((id) => s.add(id))),
    remove: (list: string[]) => change((s) => list.forEach((id) => s.delete(id))),
    clear: () => setIds(new Set()),
  };
}
