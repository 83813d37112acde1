/**
 * `GET /v1/system/health`: whether this server can process recordings, from the media self-test `plaudit serve`
 * runs shortly after start (src/media/self-test.ts), whether respondents can record at all at the configured
 * addresses (browsers need HTTPS: platform/secure-address.ts), and, for the server's own (operator) organisation,
 * how its scheduled backups (src/platform/backup/status.ts) and its own HTTPS certificates stand: organisations the
 * server hosts have no business with those. For owners and admins, signed in (the dashboard shows them a banner
 * when something is wrong); API keys are refused, like the other operator views (audit log, outbox).
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { iso } from "../../platform/clock";
import type { SelfTestStatus } from "../../media/self-test-monitor";
import { backupStatus, type BackupStatus } from "../../platform/backup/status";
import { getOrg } from "./orgs";
import { accessPlugin } from "../../platform/access";
import { healthSchema, type HealthView } from "./model";
import { recordingAddressProblem, type AddressProblem } from "../../platform/secure-address";

/** The `certificates` part of the health answer (the operator's view). */
function certificateHealth(deps: Deps): HealthView["certificates"] {
  const c = deps.certificates;
  const items = c.list().map((r) => ({
    name: r.name,
    source: r.source,
    not_after: iso(r.notAfter),
    last_error: r.lastError,
  }));
  return { enabled: c.enabled, domain: c.domain, failing: items.some((i) => !!i.last_error), items };
}

const NOT_RUN: SelfTestStatus = { state: "not_run", checkedAt: null, result: null, problem: null };

/** The `backups` part of the health answer. */
function presentBackups(b: BackupStatus): NonNullable<HealthView["backups"]> {
  return {
    schedule: b.schedule,
    destination: b.to,
    keep: b.keep,
    last_success_at: iso(b.lastSuccess?.at ?? null),
    last_archive: b.lastSuccess?.archive ?? null,
    last_archive_bytes: b.lastSuccess?.bytes ?? null,
    last_failure_at: iso(b.lastFailure?.at ?? null),
    last_error: b.lastFailure?.error ?? null,
    failing: b.failing,
    next_run_at: iso(b.nextRunAt),
  };
}

/**
 * The body of `GET /v1/system/health`: the self-test's status, the address problem (null: none), and for the
 * operator organisation its backups and certificates (null for the others).
 */
export function presentHealth(
  status: SelfTestStatus,
  address: AddressProblem | null,
  operator: { backups: BackupStatus; certificates: HealthView["certificates"] } | null = null,
): HealthView {
  const steps = status.result?.steps ?? [];
  return {
    media_pipeline: {
      status: status.state,
      checked_at: iso(status.checkedAt),
      duration_ms: status.result?.ms ?? null,
      problem: status.problem
        ? { step: status.problem.name, detail: status.problem.detail, fix: status.problem.fix ?? null }
        : null,
      steps: steps.map((s) => ({
        name: s.name,
        ok: s.ok,
        skipped: !!s.skipped,
        ms: s.ms,
        detail: s.detail,
        fix: s.fix ?? null,
      })),
    },
    speech_engine: status.result?.speech ?? null,
    backups: operator ? presentBackups(operator.backups) : null,
    certificates: operator?.certificates ?? null,
    https: {
      site_secure: !address,
      // A sentence of its own for the dashboard (the doctor prints it after "warn public address: ").
      problem: address ? `${address.detail[0]!.toUpperCase()}${address.detail.slice(1)}.` : null,
      fix: address?.fix ?? null,
    },
  };
}

/** The system health route. */
export function systemRoutes(deps: Deps) {
  return new Elysia().use(accessPlugin(deps)).get(
    "/system/health",
    ({ ctx }) => {
      const who = ctx;
      const operator = getOrg(deps.db, who.orgId).operator;
      return presentHealth(
        deps.selfTest?.status() ?? NOT_RUN,
        recordingAddressProblem(deps.config),
        operator
          ? { backups: backupStatus(deps.config, deps.clock.now()), certificates: certificateHealth(deps) }
          : null,
      );
    },
    {
      access: "system:read",
      response: healthSchema,
      detail: {
        tags: ["System"],
        summary:
          "Whether this server can process recordings (the media self-test run after start), respondents can record at its addresses, and how its backups and certificates stand (owners and admins)",
      },
    },
  );
}
