/**
 * Keeps testimonials that are still uploading or processing up to date: while any is on screen, asks for each
 * one again every few seconds (at most 25 at a time) and hands back the fresh copy, until none is pending. A
 * hidden tab skips its turns; a testimonial that answers 404 was deleted meanwhile.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError } from "../../shared/api";
import { api } from "../api";
import type { SubmissionDetail } from "./types";

/** How often pending testimonials are asked for again. */
export const POLL_MS = 2500;
const MAX_PER_TURN = 25;

/** Polls `ids` while there are any; `onFresh` gets each answer, `onGone` each id that no longer exists. */
export function usePendingPoll(ids: string[], onFresh: (s: SubmissionDetail) => void, onGone: (id: string) => void) {
  const [turn, setTurn] = useState(0);
  const handlers = useRef({ onFresh, onGone });
  handlers.current = { onFresh, onGone };
  const key = ids.slice(0, MAX_PER_TURN).join(",");

  useEffect(() => {
    if (!key) return;
    let stopped = false;
    const timer = setTimeout(async () => {
      if (!document.hidden) {
        const asked = key.split(",");
        const answers = await Promise.allSettled(
          asked.map((id) => api.get<SubmissionDetail>(`/v1/submissions/${encodeURIComponent(id)}`)),
        );
        if (stopped) return;
        answers.forEach((a, i) => {
          if (a.status === "fulfilled") handlers.current.onFresh(a.value);
          else if (a.reason instanceof ApiError && a.reason.status === 404) handlers.current.onGone(asked[i]!);
        });
      }
      // A new turn even when nothing changed, so polling goes on while the same ids stay pending.
      if (!stopped) setTurn((t) => t + 1);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key, turn]);
}
