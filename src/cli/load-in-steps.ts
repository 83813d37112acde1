/**
 * The app's ~1,000 modules, loaded in steps after `serve` opens its port (src/cli/serve.ts), with a turn of the
 * event loop between steps: evaluating a module graph cannot be interrupted, so loading it all at once (30–45 ms in
 * the executable) would keep the health check waiting; in steps, a request waits at most one step. Each step is a
 * package or a domain (the biggest first); `import("./serve-app")` after them loads what they left. The executable
 * is compiled with code splitting (scripts/build.ts), so each step also reads only its own part of the code.
 * A module missing from this list is still loaded, by the last step; the list is only how the work is cut.
 */

/** Lets the event loop run what is waiting (a macrotask turn). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The steps, in order (string literals, so the bundler splits at each). */
const STEPS: (() => Promise<unknown>)[] = [
  () => import("@sinclair/typebox"),
  () => import("elysia"),
  () => import("../platform/access"),
  () => import("../core-module"),
  () => import("arctic"),
  () => import("../domains/accounts"),
  () => import("../domains/submissions"),
  () => import("../domains/imports"),
  () => import("../domains/webhooks"),
  () => import("../domains/walls"),
  () => import("../domains/removals"),
  () => import("../domains/widgets"),
  () => import("../domains/analytics"),
  () => import("../domains/alerts"),
  () => import("../app"),
];

/** Loads the app's modules step by step, then `serve`'s second stage (src/cli/serve-app.ts). */
export async function loadServeApp(): Promise<typeof import("./serve-app")> {
  for (const step of STEPS) {
    await step();
    await turn();
  }
  return import("./serve-app");
}
