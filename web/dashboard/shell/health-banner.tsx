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
import { t, rich, tag } from "../i18n";

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
        {b.last_failure_at
          ? t("shell.health-banner.backup_failed_at", { when: new Date(b.last_failure_at).toLocaleString() })
          : t("shell.health-banner.backup_failed")}
      </p>
      <p>
        <CodeText text={b.last_error ?? t("shell.health-banner.no_reason")} />
      </p>
      <p class="small">
        {b.last_success_at
          ? t("shell.health-banner.last_good", {
              archive: b.last_archive ?? "",
              when: new Date(b.last_success_at).toLocaleString(),
            })
          : t("shell.health-banner.no_backup_yet")}{" "}
        {rich("shell.health-banner.backup_check", { destination: b.destination ?? "", code: tag("code") })}
        {b.next_run_at ? t("shell.health-banner.tries_again", { when: new Date(b.next_run_at).toLocaleString() }) : ""}
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
        {t("shell.health-banner.certificate_failed")}
      </p>
      {failing.map((c) => (
        <p key={c.name}>
          <strong>{c.name}</strong>
          {c.not_after
            ? t("shell.health-banner.valid_until", { date: new Date(c.not_after).toLocaleDateString() })
            : ""}
          : <CodeText text={c.last_error!} />
        </p>
      ))}
      <p class="small">{rich("shell.health-banner.certificate_check", { code: tag("code") })}</p>
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
        {t("shell.health-banner.pipeline_failed")}
      </p>
      <p>
        {t("shell.health-banner.step_failed", { step })} <CodeText text={detail} />
      </p>
      {fix && (
        <p>
          <strong>{t("shell.health-banner.how_to_fix")}</strong> <CodeText text={fix} />
        </p>
      )}
      <p class="small">{rich("shell.health-banner.pipeline_meanwhile", { code: tag("code") })}</p>
    </div>
  );
}
