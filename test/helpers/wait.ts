/** Waiting in tests for what a running server does in the background (workers, mail, uploads). */

/**
 * Calls `probe` every `everyMs` until it returns something truthy, and returns that; throws after `ms`
 * naming `what` was awaited.
 */
export async function until<T>(
  what: string,
  probe: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  ms = 20_000,
  everyMs = 100,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await Bun.sleep(everyMs);
  }
}
