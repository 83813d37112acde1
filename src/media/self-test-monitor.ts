/**
 * The last media self-test of this process, kept in memory: `plaudit serve` runs one in the background shortly
 * after it starts, and `GET /v1/system/health` shows it to owners and admins (the dashboard's banner).
 */
import { firstFailure, type SelfTestResult, type SelfTestStep } from "./self-test";

/** Where the self-test stands. */
export type SelfTestState = "not_run" | "running" | "passed" | "failed";

/** The state, when the last run finished (ms since the epoch) and its result. */
export interface SelfTestStatus {
  state: SelfTestState;
  checkedAt: number | null;
  result: SelfTestResult | null;
  /** The failed step to fix first, when the last run failed. */
  problem: SelfTestStep | null;
}

/** Runs the self-test one at a time and remembers the outcome. */
export class SelfTestMonitor {
  private current: SelfTestStatus = { state: "not_run", checkedAt: null, result: null, problem: null };
  private running: Promise<SelfTestResult> | null = null;

  constructor(
    private readonly runTest: () => Promise<SelfTestResult>,
    private readonly now: () => number,
  ) {}

  /** The latest status (a run in progress keeps the previous result). */
  status(): SelfTestStatus {
    return this.current;
  }

  /** Runs the self-test, or joins the run under way; resolves with its result. */
  run(): Promise<SelfTestResult> {
    this.running ??= (async () => {
      this.current = { ...this.current, state: "running" };
      try {
        const result = await this.runTest().catch(
          (e): SelfTestResult => ({
            ok: false,
            ms: 0,
            steps: [
              {
                name: "self-test",
                ok: false,
                ms: 0,
                detail: String(e?.message ?? e),
                fix: "Run `plaudit doctor` on the server for details.",
              },
            ],
          }),
        );
        this.record(result);
        return result;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Stores a result as the latest (tests use it to set one). */
  record(result: SelfTestResult): void {
    this.current = {
      state: result.ok ? "passed" : "failed",
      checkedAt: this.now(),
      result,
      problem: firstFailure(result),
    };
  }
}
