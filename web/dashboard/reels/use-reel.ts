/**
 * One reel in the editor: loaded, kept fresh while it renders (polled every 1.5 s), and changed through the API;
 * every change answers with the whole reel, which replaces the one shown.
 */
import { useCallback, useEffect, useState } from "preact/hooks";
import { api } from "../api";
import type { Clip, Reel, ReelConfig } from "./types";

/** The reel, its loading state and the actions on it. */
export interface ReelState {
  reel: Reel | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** Runs a change; its answer becomes the reel shown. Errors are thrown to the caller. */
  patch: (body: { title?: string } & Partial<ReelConfig>) => Promise<void>;
  saveClips: (clips: Pick<Clip, "submission_id" | "start_ms" | "end_ms">[]) => Promise<void>;
  addClip: (submissionId: string) => Promise<void>;
  render: () => Promise<void>;
  setShared: (on: boolean) => Promise<void>;
}

const path = (id: string) => `/v1/reels/${encodeURIComponent(id)}`;

/** Loads and polls a reel. */
export function useReel(id: string): ReelState {
  const [reel, setReel] = useState<Reel | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(() => {
    setLoading(true);
    api
      .get<Reel>(path(id))
      .then((r) => (setReel(r), setError(null)), setError)
      .finally(() => setLoading(false));
  }, [id]);
  useEffect(reload, [reload]);

  const busy =
    reel?.render.status === "queued" ||
    reel?.render.status === "running" ||
    (reel?.share.enabled && reel.share.status === "publishing");
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => api.get<Reel>(path(id)).then(setReel, () => undefined), 1500);
    return () => clearInterval(timer);
  }, [busy, id]);

  const apply = async (p: Promise<Reel>) => setReel(await p);
  return {
    reel,
    error,
    loading,
    reload,
    patch: (body) => apply(api.patch<Reel>(path(id), body)),
    saveClips: (clips) =>
      apply(
        api.put<Reel>(`${path(id)}/clips`, {
          clips: clips.map(({ submission_id, start_ms, end_ms }) => ({ submission_id, start_ms, end_ms })),
        }),
      ),
    addClip: (submissionId) =>
      apply(api.post<Reel>(`${path(id)}/clips`, { submission_id: submissionId }, { timeoutMs: 60_000 })),
    render: async () => {
      await api.post(`${path(id)}/render`);
      setReel(await api.get<Reel>(path(id)));
    },
    setShared: (on) => apply(on ? api.post<Reel>(`${path(id)}/share`) : api.del<Reel>(`${path(id)}/share`)),
  };
}
