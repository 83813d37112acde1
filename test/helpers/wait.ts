/** Waiting in tests for what a running server does in the background (workers, mail, uploads). */

/** Connection errors a probe of a server that is busy (or restarting) may meet; they mean "not yet", not "wrong". */
const CONNECTION = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ConnectionClosed", "ConnectionRefused"]);

/**
 * Calls `probe` every `everyMs` until it returns something truthy, and returns that; throws after `ms`
 * naming `what` was awaited. A probe that meets a connection error (a reset by a busy test server) is tried again;
 * any other error ends the wait at once.
 */
export async function until<T>(
  what: string,
  probe: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  ms = 20_000,
  everyMs = 100,
): Promise<T> {
  const end = Date.now() + ms;
  let met: unknown = null;
  for (;;) {
    let value: T | null | undefined | false = null;
    try {
      value = await probe();
      met = null;
    } catch (e) {
      if (!CONNECTION.has((e as { code?: string }).code ?? "")) throw e;
      met = e;
    }
    if (value) return value;
    if (Date.now() > end)
      throw new Error(`timed out after ${ms} ms waiting for ${what}${met ? ` (last: ${String(met)})` : ""}`);
    await Bun.sleep(everyMs);
  }
}
