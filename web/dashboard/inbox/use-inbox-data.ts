/**
 * Everything the inbox reads: the filtered list (pages of 25), the open testimonial's detail, the tags, and the
 * polling of anything still uploading or processing. `apply` puts a fresh copy of a testimonial everywhere it is
 * shown, so an action in the detail panel updates its row at once.
 */
import { useMemo } from "preact/hooks";
import type { Page } from "../../shared/api";
import { useAsync, usePaged } from "../../shared/hooks";
import { api } from "../api";
import { filtersKey, listQuery, type InboxFilters } from "./filters";
import { isPending } from "./status";
import type { Submission, SubmissionDetail, Tag } from "./types";
import { usePendingPoll } from "./use-pending-poll";

/** Testimonials per page of the list. */
export const PAGE_SIZE = 25;

/** Reads one testimonial with its words, consent and media. */
export const loadDetail = (id: string) => api.get<SubmissionDetail>(`/v1/submissions/${encodeURIComponent(id)}`);

/** The inbox's data for a brand, filters and the open testimonial. */
export function useInboxData(brandId: string, filters: InboxFilters, openId: string | null) {
  const key = filtersKey(filters);
  const list = usePaged<Submission>(
    (cursor) =>
      api.get<Page<Submission>>("/v1/submissions", {
        query: { ...listQuery(brandId, filters), limit: PAGE_SIZE, cursor },
      }),
    [brandId, key],
  );
  const detail = useAsync<SubmissionDetail | null>(
    () => (openId ? loadDetail(openId) : Promise.resolve(null)),
    [openId],
  );
  // The tags usable here: the brand's own, and (for the agency's people) those shared by every brand.
  const tags = useAsync<Tag[]>(
    () => api.get<Page<Tag>>("/v1/tags", { query: { brand_id: brandId, limit: 100 } }).then((p) => p.data),
    [brandId],
  );

  const { replace, remove } = list;
  const setDetail = detail.setData;
  const apply = (s: Submission | SubmissionDetail) => {
    replace(s);
    setDetail((prev) => (prev && prev.id === s.id ? { ...prev, ...s } : (prev ?? null)));
  };
  const drop = (id: string) => remove(id);

  /** Reads the open testimonial again without showing "Loading" (after a change the server made more of). */
  const refreshDetail = async (id: string) => apply(await loadDetail(id));

  const pending = useMemo(() => {
    const ids = list.items.filter(isPending).map((s) => s.id);
    if (detail.data && isPending(detail.data) && !ids.includes(detail.data.id)) ids.unshift(detail.data.id);
    return ids;
  }, [list.items, detail.data]);
  usePendingPoll(pending, apply, drop);

  return { list, detail, tags, apply, drop, refreshDetail };
}
