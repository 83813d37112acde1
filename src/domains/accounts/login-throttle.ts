/**
 * Slows password guessing, counted in memory per app, three ways: failed sign-ins per email (one account), per
 * client address (one attacker trying many emails) and in total (many addresses). An attempt counts from the
 * moment it starts, so a burst of parallel requests cannot all slip past the limit before the first one fails;
 * a success gives its slot back. Password checks themselves run off the event loop (passwords.ts).
 */
import type { Clock } from "../../platform/clock";
import { AppError } from "../../platform/errors";

/** One limit: at most `max` failures in `windowMs`. */
export interface LoginLimit {
  max: number;
  windowMs: number;
}

/** The limits: per email, per client address, and for the whole server. */
export const LOGIN_LIMITS = {
  email: { max: 10, windowMs: 15 * 60_000 },
  address: { max: 20, windowMs: 15 * 60_000 },
  global: { max: 120, windowMs: 60_000 },
} satisfies Record<string, LoginLimit>;

const MAX_TRACKED = 20_000;

class FailureWindow {
  private readonly failures = new Map<string, number[]>();
  private readonly pending = new Map<string, number>();

  constructor(private readonly limit: LoginLimit) {}

  /** Seconds to wait before `key` may try again; 0 when it may now. */
  wait(key: string, now: number): number {
    const recent = (this.failures.get(key) ?? []).filter((t) => now - t < this.limit.windowMs);
    if (recent.length) this.failures.set(key, recent);
    else this.failures.delete(key);
    const used = recent.length + (this.pending.get(key) ?? 0);
    if (used < this.limit.max) return 0;
    const oldest = recent[Math.max(0, recent.length - this.limit.max)];
    return oldest === undefined ? 1 : Math.max(1, Math.ceil((oldest + this.limit.windowMs - now) / 1000));
  }

  begin(key: string) {
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  end(key: string, failed: boolean, now: number) {
    const left = (this.pending.get(key) ?? 1) - 1;
    if (left > 0) this.pending.set(key, left);
    else this.pending.delete(key);
    if (!failed) return;
    const list = this.failures.get(key) ?? [];
    list.push(now);
    this.failures.delete(key);
    this.failures.set(key, list);
    if (this.failures.size > MAX_TRACKED) this.failures.delete(this.failures.keys().next().value!);
  }

  forget(key: string) {
    this.failures.delete(key);
  }
}

/** An attempt in progress: say how it ended (`abandoned` when the password was never checked). */
export interface LoginAttempt {
  succeeded(): void;
  failed(): void;
  abandoned(): void;
}

/** The sign-in throttle of one app. */
export class LoginThrottle {
  private readonly byEmail: FailureWindow;
  private readonly byAddress: FailureWindow;
  private readonly total: FailureWindow;

  constructor(
    private readonly clock: Clock,
    limits: typeof LOGIN_LIMITS = LOGIN_LIMITS,
  ) {
    this.byEmail = new FailureWindow(limits.email);
    this.byAddress = new FailureWindow(limits.address);
    this.total = new FailureWindow(limits.global);
  }

  /** Starts an attempt, or throws 429 (`details.retry_after_seconds`) when any of the three limits is used up. */
  begin(email: string, address: string): LoginAttempt {
    const now = this.clock.now();
    const checks: [FailureWindow, string, string][] = [
      [this.byEmail, email, "Too many failed sign-ins for this email. Wait 15 minutes and try again."],
      [this.byAddress, address, "Too many failed sign-ins from your connection. Wait 15 minutes and try again."],
      [this.total, "*", "Too many failed sign-ins on this server right now. Wait a minute and try again."],
    ];
    for (const [window, key, message] of checks) {
      const wait = window.wait(key, now);
      if (wait) throw new AppError("too_many_attempts", 429, message, { retry_after_seconds: wait });
    }
    for (const [window, key] of checks) window.begin(key);
    let done = false;
    const end = (failed: boolean) => {
      if (done) return false;
      done = true;
      const at = this.clock.now();
      for (const [window, key] of checks) window.end(key, failed, at);
      return true;
    };
    return {
      succeeded: () => end(false) && this.byEmail.forget(email),
      failed: () => void end(true),
      abandoned: () => void end(false),
    };
  }
}
