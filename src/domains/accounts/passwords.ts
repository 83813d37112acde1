/**
 * Password hashing and checking (argon2id through Bun.password), always off the event loop: `Bun.password.hash`
 * and `verify` run on Bun's worker threads, so a sign-in flood never stalls other requests. At most
 * `PASSWORD_SLOTS` run at once (each takes tens of megabytes and ~150 ms of a core); the rest wait their turn.
 */
import { AppError } from "../../platform/errors";

/** Hashes running at once. */
export const PASSWORD_SLOTS = 4;
/** Callers allowed to wait for a slot; beyond this the server says it is busy rather than queueing without end. */
const MAX_WAITING = 200;

let running = 0;
const waiting: (() => void)[] = [];

async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PASSWORD_SLOTS) {
    if (waiting.length >= MAX_WAITING)
      throw new AppError("too_many_attempts", 429, "The server is busy with sign-ins. Try again in a minute.", {
        retry_after_seconds: 60,
      });
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Hashes a password (argon2id), off the event loop. */
export const hashPassword = (password: string): Promise<string> => inSlot(() => Bun.password.hash(password));

/** True when `password` matches `hash`, checked off the event loop. */
export const verifyPassword = (password: string, hash: string): Promise<boolean> =>
  inSlot(() => Bun.password.verify(password, hash));

let dummy: Promise<string> | undefined;

/** Spends the same work as a real check, for unknown accounts, so timing does not tell whether one exists. */
export async function verifyNothing(password: string): Promise<false> {
  await verifyPassword(password, await (dummy ??= hashPassword("plaudit-timing-equaliser")));
  return false;
}

/** Checks a new password: 8 to 200 characters. */
export function checkPassword(password: string, field = "password"): void {
  if (password.length < 8 || password.length > 200)
    throw new AppError("validation_failed", 400, "Passwords need 8 to 200 characters.", { field });
}
