/**
 * `GET /v1/system/health` for the signed-in owner or admin, read once by the shell for its banners (the media
 * self-test's outcome, and whether respondents can record at the server's addresses). While the self-test has not
 * finished yet, it asks again now and then.
 */
import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import type { SystemHealth } from "../types";

const RECHECK_MS = 5000;
/** About a minute of asking while the test is still to come (it may be turned off with PLAUDIT_SELF_TEST=0). */
const MAX_RECHECKS = 12;

/** The server's health for an owner or admin (`enabled`); null until known, and for members. */
export function useSystemHealth(enabled: boolean): SystemHealth | null {
  const [health, setHealth] = useState<SystemHealth | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    const load = async () => {
      try {
        const h = await api.get<SystemHealth>("/v1/system/health");
        if (stopped) return;
        setHealth(h);
        const pending = h.media_pipeline.status === "running" || h.media_pipeline.status === "not_run";
        if (pending && ++tries <= MAX_RECHECKS) timer = setTimeout(() => void load(), RECHECK_MS);
      } catch {
        // The banners are advice; a failed request shows nothing rather than an error of its own.
      }
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [enabled]);
  return enabled ? health : null;
}
