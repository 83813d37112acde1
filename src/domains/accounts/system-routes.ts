/**
 * `GET /v1/system/health`: whether this server can process recordings, from the media self-test `plaudit serve`
 * runs shortly after start (src/media/self-test.ts). For owners and admins, signed in (the dashboard shows them a
 * banner when it failed); API keys are refused, like the other operator views (audit log, outbox).
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { iso } from "../../platform/clock";
import type { SelfTestStatus } from "../../media/self-test-monitor";
import { authPlugin } from "./auth";
import { can } from "./guard";
import { healthSchema, type HealthView } from "./model";

const NOT_RUN: SelfTestStatus = { state: "not_run", checkedAt: null, result: null, problem: null };

/** The body of `GET /v1/system/health`. */
export function presentHealth(status: SelfTestStatus): HealthView {
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
  };
}

/** The system health route. */
export function systemRoutes(deps: Deps) {
  return new Elysia().use(authPlugin(deps)).get(
    "/system/health",
    ({ auth }) => {
      can(auth(), "system:read");
      return presentHealth(deps.selfTest?.status() ?? NOT_RUN);
    },
    {
      response: healthSchema,
      detail: {
        tags: ["System"],
        summary: "Whether this server can process recordings (the media self-test run after start; owners and admins)",
      },
    },
  );
}
