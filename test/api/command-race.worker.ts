/**
 * One of the processes of test/api/command-race.test.ts: opens the app on the test's data directory with a database
 * connection of its own (as a second `plaudit` process on the same box would), waits for "go", then sends its
 * creates as fast as it can and answers their statuses.
 */
import { loadConfig } from "../../src/config";
import { createDeps } from "../../src/bootstrap";
import { assemble } from "../../src/composition";
import { MODULES } from "../../src/modules";
import { createLogger } from "../../src/platform/log";

/** What the test sends first. */
export interface RaceOrder {
  dir: string;
  key: string;
  path: string;
  count: number;
  tag: string;
}

declare const self: Worker;

let order: RaceOrder | null = null;
let app: Awaited<ReturnType<typeof assemble>>["app"] | null = null;

self.onmessage = async (e: MessageEvent) => {
  if (e.data.type === "open") {
    order = e.data.order as RaceOrder;
    const config = loadConfig({
      PLAUDIT_DATA_DIR: order.dir,
      PLAUDIT_BASE_URL: "http://plaudit.test",
      PLAUDIT_WORKERS: "0",
    });
    const deps = createDeps(config, { log: createLogger("silent"), migrate: false });
    app = (await assemble(deps, MODULES, { web: false })).app;
    postMessage({ type: "ready" });
    return;
  }
  if (e.data.type === "go" && order && app) {
    const o = order;
    const a = app;
    const statuses: number[] = [];
    for (let i = 0; i < o.count; i++) {
      const res = await a.handle(
        new Request(`http://plaudit.test${o.path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${o.key}`, "content-type": "application/json" },
          body: JSON.stringify({ name: `Race ${o.tag}-${i}` }),
        }),
      );
      await res.text();
      statuses.push(res.status);
    }
    postMessage({ type: "done", statuses });
  }
};
