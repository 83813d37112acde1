/**
 * New testimonials arriving while the inbox is open: every 15 seconds the first page of the same filters is read
 * again and the testimonials newer than the newest on screen are counted. The list is not changed under the
 * person's hands; the inbox offers to show them. Ids sort by creation, so "newer" is a string comparison. A
 * search is ordered by relevance, not time: no count then.
 */
import { useEffect, useState } from "preact/hooks";
import type { Page } from "../../shared/api";
import { api } from "../api";
import { filtersKey, listQuery, type InboxFilters } from "./filters";
import type { Submission } from "./types";
import { PAGE_SIZE } from "./use-inbox-data";

/** How often the inbox looks for new testimonials. */
export const ARRIVALS_MS = 15_000;

/** How many testimonials newer than `newestId` match the filters (up to one page). */
export function useArrivals(brandId: string, filters: InboxFilters, newestId: string | null, enabled: boolean): number {
  const [count, setCount] = useState(0);
  const key = filtersKey(filters);
  useEffect(() => {
    setCount(0);
    if (!enabled || filters.q) return;
    let stopped = false;
    const timer = setInterval(async () => {
      if (document.hidden) return;
      try {
        const page = await api.get<Page<Submission>>("/v1/submissions", {
          query: { ...listQuery(brandId, filters), limit: PAGE_SIZE },
        });
        if (!stopped) setCount(page.data.filter((s) => !newestId || s.id > newestId).length);
      } catch {
        // A missed look is retried on the next turn; the list itself shows real errors.
      }
    }, ARRIVALS_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [brandId, key, newestId, enabled]);
  return count;
}
