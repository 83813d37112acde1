/**
 * The banner owners and admins see across the top when the server's media self-test failed (`GET
 * /v1/system/health`): new recordings cannot be processed, which step failed, and how to fix it. When it passed
 * but speech is recognised by the offline fallback (pocketsphinx), a quieter banner says so: transcripts are
 * drafts, and how to install the Whisper model. The server's own (operator) organisation also sees when its last
 * scheduled backup failed, and why. Members do not see it; they cannot fix the server. While the test has not
 * finished yet, the banner asks again now and then.
 */
import { useEffect, useState } from "preact/hooks";
import { CodeText } from "../../shared/ui/code-text";
import { api } from "../api";
import { useSession } from "../session";
import type { SystemHealth } from "../types";

const RECHECK_MS = 5000;
/** About a minute of asking while the test is still to come (it may be turned off with PLAUDIT_SELF_TEST=0). */
const MAX_RECHECKS = 12;

/** The self-test's outcome for the signed-in owner or admin; null until known (and for members). */
function useSystemHealth(enabled: boolean): SystemHealth | null {
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
        // The banner is advice; a failed request shows nothing rather than an error of its own.
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

/** "Recordings cannot be processed" or "the last backup failed"; nothing when all is well. */
export function HealthBanner() {
  const { canManage } = useSession();
  const health = useSystemHealth(canManage);
  return (
    <>
      <MediaBanner health={health} />
      <BackupBanner health={health} />
    </>
  );
}

/** The last scheduled backup failed: when, why, and where the last good one is. */
function BackupBanner({ health }: { health: SystemHealth | null }) {
  const b = health?.backups;
  if (!b?.failing) return null;
  return (
    <div class="health-banner" role="alert" aria-labelledby="backup-banner-title">
      <p id="backup-banner-title" class="health-banner-title">
        The last scheduled backup of this server failed
        {b.last_failure_at ? ` (${new Date(b.last_failure_at).toLocaleString()})` : ""}.
      </p>
      <p>
        <CodeText text={b.last_error ?? "No reason was recorded."} />
      </p>
      <p class="small">
        {b.last_success_at
          ? `The last good backup is ${b.last_archive} (${new Date(b.last_success_at).toLocaleString()}).`
          : "No scheduled backup has been written yet."}{" "}
        Whoever runs the server can check <code>PLAUDIT_BACKUP_TO</code> ({b.destination}) and run{" "}
        <code>plaudit doctor</code> there.
        {b.next_run_at ? ` The schedule tries again at ${new Date(b.next_run_at).toLocaleString()}.` : ""}
      </p>
    </div>
  );
}

/** "Recordings cannot be processed" with the failed step and its fix; nothing when all is well. */
function MediaBanner({ health }: { health: SystemHealth | null }) {
  const pipeline = health?.media_pipeline;
  const speech = health?.speech_engine;
  if (pipeline?.status === "passed" && speech?.drafts)
    return (
      <div class="health-banner health-banner-info" role="status" aria-labelledby="health-banner-title">
        <p id="health-banner-title" class="health-banner-title">
          Transcripts on this server are rough drafts: speech is recognised by {speech.summary.split(":")[0]}.
        </p>
        <p>
          Each one is marked “draft: check before publishing” in the inbox.
          {speech.fix && (
            <>
              {" "}
              <strong>For accurate transcripts:</strong> <CodeText text={speech.fix} />
            </>
          )}
        </p>
      </div>
    );
  if (!pipeline || pipeline.status !== "failed" || !pipeline.problem) return null;
  const { step, detail, fix } = pipeline.problem;
  return (
    <div class="health-banner" role="alert" aria-labelledby="health-banner-title">
      <p id="health-banner-title" class="health-banner-title">
        New video and audio testimonials cannot be processed on this server right now.
      </p>
      <p>
        The server checked itself when it started, and the step “{step}” failed: <CodeText text={detail} />
      </p>
      {fix && (
        <p>
          <strong>How to fix it:</strong> <CodeText text={fix} />
        </p>
      )}
      <p class="small">
        Written testimonials still work. Recordings sent meanwhile are kept: once this is fixed and Plaudit restarted,
        open any that failed and choose “Process again”. Whoever runs the server can run <code>plaudit doctor</code>{" "}
        there to see every step.
      </p>
    </div>
  );
}
