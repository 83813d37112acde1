/**
 * The banner owners and admins see across the top when the server's media self-test failed (`GET
 * /v1/system/health`): new recordings cannot be processed, which step failed, and how to fix it. When it passed
 * but speech is recognised by the offline fallback (pocketsphinx), a quieter banner says so: transcripts are
 * drafts, and how to install the Whisper model. Members do not see it (the shell reads the health for owners and
 * admins only: shell/system-health.ts); they cannot fix the server.
 */
import { CodeText } from "../../shared/ui/code-text";
import type { SystemHealth } from "../types";

/** "Recordings cannot be processed" with the failed step and its fix; nothing when all is well. */
export function HealthBanner({ health }: { health: SystemHealth | null }) {
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
