/**
 * Data hooks: `useAsync` for one request, `usePaged` for a list in the page envelope with "Show more".
 * Both ignore answers that arrive after the component went away or after a newer request started.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { Page } from "./api";

/** State of one request. */
export interface AsyncState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  setData: (next: T | ((prev: T | undefined) => T)) => void;
}

/** Runs `load` on mount and whenever `deps` change. */
export function useAsync<T>(load: () => Promise<T>, deps: unknown[]): AsyncState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const run = useRef(0);
  const reload = useCallback(() => {
    const id = ++run.current;
    setLoading(true);
    setError(null);
    load().then(
      (value) => {
        if (id !== run.current) return;
        setData(value);
        setLoading(false);
      },
      (err) => {
        if (id !== run.current) return;
        setError(err);
        setLoading(false);
      },
    );
  }, deps);
  useEffect(() => {
    reload();
    return () => {
      run.current++;
    };
  }, [reload]);
  return { data, error, loading, reload, setData: setData as AsyncState<T>["setData"] };
}

/** State of a paged list. */
export interface PagedState<T> {
  items: T[];
  error: unknown;
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  loadMore: () => void;
  reload: () => void;
  /** Replaces the item with the same id. */
  replace: (item: T) => void;
  /** Adds an item at the top (lists are newest first). */
  prepend: (item: T) => void;
  remove: (id: string) => void;
}

/** Loads the first page of a list on mount (and when `deps` change); `loadMore` follows `next_cursor`. */
export function usePaged<T extends { id: string }>(
  load: (cursor: string | null) => Promise<Page<T>>,
  deps: unknown[],
): PagedState<T> {
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const run = useRef(0);

  const fetchPage = useCallback((from: string | null) => {
    const id = ++run.current;
    setError(null);
    if (from) setLoadingMore(true);
    else setLoading(true);
    load(from).then(
      (page) => {
        if (id !== run.current) return;
        setItems((prev) =>
          from ? [...prev, ...page.data.filter((x) => !prev.some((p) => p.id === x.id))] : page.data,
        );
        setCursor(page.next_cursor);
        setLoading(false);
        setLoadingMore(false);
      },
      (err) => {
        if (id !== run.current) return;
        setError(err);
        setLoading(false);
        setLoadingMore(false);
      },
    );
  }, deps);

  useEffect(() => {
    fetchPage(null);
    return () => {
      run.current++;
    };
  }, [fetchPage]);

  return {
    items,
    error,
    loading,
    loadingMore,
    hasMore: cursor !== null,
    loadMore: () => cursor && fetchPage(cursor),
    reload: () => fetchPage(null),
    replace: (item) => setItems((prev) => prev.map((x) => (x.id === item.id ? item : x))),
    prepend: (item) => setItems((prev) => [item, ...prev.filter((x) => x.id !== item.id)]),
    remove: (id) => setItems((prev) => prev.filter((x) => x.id !== id)),
  };
}
