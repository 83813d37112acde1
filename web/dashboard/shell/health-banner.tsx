/**
 * The banner owners and admins see across the top when the server's media self-test failed (`GET
 * /v1/system/health`): new recordings cannot be processed, which step failed, and how to fix it. (That transcripts
 * are drafts is said once to owners, dismissable: speech-banner.tsx.) The server's own (operator) organisation also
 * sees when its last scheduled backup failed, or an HTTPS certificate could not be obtained or renewed, and why.
 * Members do not see it (the shell reads the health for owners and admins only: shell/system-health.ts); they
 * cannot fix the server.
 */
import { CodeText } from "../../shared/ui/code-text";
import type { SystemHealth } from "../types";

/** The last scheduled backup failed, or a certificate of the server's own could not be renewed. */
export function OperatorBanners({ health }: { health: SystemHealth | null }) {
  return (
    <>
      <BackupBanner health={health} />
      <CertificateBanner health={health} />
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

/** A certificate the server serves itself could not be obtained or renewed: which, why, and what to check. */
function CertificateBanner({ health }: { health: SystemHealth | null }) {
  const failing = health?.certificates?.items.filter((c) => c.last_error) ?? [];
  if (!failing.length) return null;
  return (
    <div class="health-banner" role="alert" aria-labelledby="certificate-banner-title">
      <p id="certificate-banner-title" class="health-banner-title">
        An HTTPS certificate of this server could not be obtained or renewed.
      </p>
      {failing.map((c) => (
        <p key={c.name}>
          <strong>{c.name}</strong>
          {c.not_after ? ` (the current one is valid until ${new Date(c.not_after).toLocaleDateString()})` : ""}:{" "}
          <CodeText text={c.last_error!} />
        </p>
      ))}
      <p class="small">
        Plaudit tries again on its own. Whoever runs the server can check the DNS record and that port 80 is open, then
        run <code>plaudit tls status</code>.
      </p>
    </div>
  );
}

/** "Recordings cannot be processed" with the failed step and its fix; nothing when all is well. */
export function HealthBanner({ health }: { health: SystemHealth | null }) {
  const pipeline = health?.media_pipeline;
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
