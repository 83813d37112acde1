import { expect, test } from "bun:test";
import { startIdleCollector } from "../../src/platform/idle-collector";

test("the idle collector collects once after requests stop, and not again until more requests came", async () => {
  let collections = 0;
  const idle = startIdleCollector(5, () => collections++);
  try {
    await Bun.sleep(30);
    expect(collections).toBe(0); // no request yet: nothing to collect
    idle.note();
    idle.note();
    while (collections === 0) await Bun.sleep(5);
    await Bun.sleep(40);
    expect(collections).toBe(1);
    idle.note();
    while (collections === 1) await Bun.sleep(5);
    expect(collections).toBe(2);
  } finally {
    idle.stop();
  }
});
