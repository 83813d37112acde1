/** Slows password guessing: at most 10 failed sign-ins per email per 15 minutes, counted in memory. */
import type { Clock } from "../../platform/clock";
import { AppError } from "../../platform/errors";

const WINDOW_MS = 15 * 60_000;
const MAX_FAILURES = 10;
const failures = new Map<string, number[]>();

/** Throws 429 when this email has failed too often recently. */
export function checkThrottle(clock: Clock, email: string) {
  const now = clock.now();
  const recent = (failures.get(email) ?? []).filter((t) => now - t < WINDOW_MS);
  failures.set(email, recent);
  if (recent.length >= MAX_FAILURES) throw new AppError("too_many_attempts", 429, "Too many failed sign-ins for this email. Wait 15 minutes and try again.");
}

/** Records a failed sign-in. */
export function recordFailure(clock: Clock, email: string) {
  const list = failures.get(email) ?? [];
  list.push(clock.now());
  failures.set(email, list);
  if (failures.size > 10_000) failures.delete(failures.keys().next().value!);
}

/** Forgets failures after a successful sign-in. */
export function clearFailures(email: string) {
  failures.delete(email);
}
