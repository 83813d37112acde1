/** The waits of a worker loop: a sleep that `wake()` cuts short, and a stop's grace period. */

/** A worker loop's wait: `sleep(ms)` resolves after `ms`, or at once when `wake()` is called meanwhile. */
export interface Sleeper {
  sleep(ms: number): Promise<void>;
  wake(): void;
}

/** A new sleeper; every `sleep` waiting when `wake()` is called resolves. */
export function sleeper(): Sleeper {
  let sleepers: (() => void)[] = [];
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(t);
          sleepers = sleepers.filter((s) => s !== done);
          resolve();
        };
        const t = setTimeout(done, ms);
        sleepers.push(done);
      }),
    wake: () => [...sleepers].forEach((s) => s()),
  };
}

/** Resolves once `work` has settled or `ms` have passed, whichever comes first (a stop's grace period). */
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const over = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([
    work.then(
      () => {},
      () => {},
    ),
    over,
  ]);
  clearTimeout(timer);
}
