/**
 * `GET /v1/system/health`: whether this server can process recordings, from the media self-test `plaudit serve`
 * runs shortly after start (src/media/self-test.ts), and whether respondents can record at all at the configured
 * addresses (browsers need HTTPS: platform/secure-address.ts). For owners and admins, signed in (the dashboard shows
 * them a banner for either); API keys are refused, like the other operator views (audit log, outbox).
 */
import { Elysia } from "elysia";
import type { Deps } from "../../platform/deps";
import { iso } from "../../platform/clock";
import type { SelfTestStatus } from "../../media/self-test-monitor";
import { authPlugin } from "./auth";
import { can } from "./guard";
import { healthSchema, type HealthView } from "./model";
import { recordingAddressProblem, type AddressProblem } from "../../platform/secure-address";

const NOT_RUN: SelfTestStatus = { state: "not_run", checkedAt: null, result: null, problem: null };

/** The body of `GET /v1/system/health`: the self-test's status and the address problem (null: none). */
export function presentHealth(status: SelfTestStatus, address: AddressProblem | null): HealthView {
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
  return new Elysia().use(authPlugin(deps)).get(
    "/system/health",
    ({ auth }) => {
      can(auth(), "system:read");
      return presentHealth(deps.selfTest?.status() ?? NOT_RUN, recordingAddressProblem(deps.config));
    },
    {
      response: healthSchema,
      detail: {
        tags: ["System"],
        summary:
          "Whether this server can process recordings (the media self-test run after start) and respondents can record at its addresses (owners and admins)",
      },
    },
  );
}
