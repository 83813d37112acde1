/**
 * Renewing certificates: every day a schedule enqueues `tls.renew`, which renews each ACME certificate that is due
 * (two thirds of its life gone) and, with `force`, every one (`plaudit tls renew --force`). A failure is kept with the
 * name (shown to owners in the dashboard and by `plaudit doctor`) and the job is retried with a growing wait; the old
 * certificate is served until a new one arrives. Custom domains' certificates renew here too (the brands module
 * orders each one first).
 */
import type { Deps } from "../deps";
import { enqueue } from "../jobs/queue";
import { PRIORITY } from "../jobs/tables";
import type { JobRegistry } from "../jobs/worker";

/** Job kind that renews what is due. */
export const TLS_RENEW = "tls.renew";

/** Payload of a tls.renew job. */
export interface RenewPayload {
  /** Renew every ACME certificate now, due or not. */
  force?: boolean;
  /** Only this name. */
  name?: string;
}

/** Waits between attempts after a failure: 10 min, 1 h, 3 h, 6 h, 12 h (the next day's run starts over). */
const BACKOFF_MS = [600_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000];

/** Enqueues a renewal (the daily schedule, the CLI, start-up when the box's certificate is due). */
export function scheduleRenewal(deps: Pick<Deps, "db" | "clock" | "state">, payload: RenewPayload = {}) {
  enqueue(deps, {
    kind: TLS_RENEW,
    payload,
    priority: PRIORITY.delivery,
    dedupeKey: payload.force || payload.name ? null : TLS_RENEW,
  });
}

/** Renews what is due (or everything with `force`); throws after trying all of them when any failed. */
export async function renewDue(deps: Deps, payload: RenewPayload): Promise<{ renewed: string[]; failed: string[] }> {
  const { certificates } = deps;
  const renewed: string[] = [];
  const failed: string[] = [];
  if (!certificates.enabled) return { renewed, failed };
  for (const row of certificates.list()) {
    if (row.source !== "acme" || (payload.name && row.name !== payload.name)) continue;
    if (!payload.force && !certificates.isDue(row.name)) continue;
    try {
      await certificates.ensure(row.name, { force: payload.force });
      renewed.push(row.name);
    } catch {
      failed.push(row.name);
    }
  }
  return { renewed, failed };
}

/** Registers the renewal job kind. */
export function registerTlsJobs(registry: JobRegistry): JobRegistry {
  return registry.register<RenewPayload>(TLS_RENEW, {
    async handle(job, deps) {
      const { failed } = await renewDue(deps, job.payload);
      if (failed.length) throw new Error(`Certificates not renewed yet: ${failed.join(", ")} (see each one's error).`);
    },
    maxAttempts: BACKOFF_MS.length + 1,
    backoffMs: (attempt) => BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length) - 1]!,
    timeoutMs: 10 * 60_000,
  });
}
