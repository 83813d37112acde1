/**
 * Checked targets of attempts are kept for `TARGET_TTL_MS`: the same URL within that time is not resolved again,
 * a refusal or a failed lookup is never kept, and another resolver or allowance starts afresh.
 */
import { expect, test } from "bun:test";
import { checkTarget, keptTarget, TARGET_TTL_MS } from "../../src/domains/webhooks/target-cache";
import type { TargetPolicy } from "../../src/domains/webhooks/ssrf";

/** A resolver over a table that counts its lookups. */
function counting(table: Record<string, string[]>) {
  const calls: string[] = [];
  const resolve = async (host: string) => {
    calls.push(host);
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return found;
  };
  return { calls, resolve };
}

test("a checked URL is reused until the TTL passes, then resolved and checked again", async () => {
  const dns = { "hooks.example": ["93.184.216.34"] };
  const r = counting(dns);
  const policy: TargetPolicy = { resolve: r.resolve, allowPrivate: false };
  const url = "https://hooks.example:8443/in?x=1";
  const at = performance.now();
  expect(keptTarget(policy, url, at)).toBeUndefined();
  const first = await checkTarget(policy, url, at);
  expect(first).toMatchObject({
    hostname: "hooks.example",
    address: "93.184.216.34",
    host: "hooks.example:8443",
    connectUrl: "https://93.184.216.34:8443/in?x=1",
    isIpLiteral: false,
  });
  expect(keptTarget(policy, url, at + 1)).toBe(first);
  expect(r.calls).toEqual(["hooks.example"]);
  // The name now points somewhere private: within the TTL attempts still go to the address that was checked.
  dns["hooks.example"] = ["10.0.0.5"];
  expect(keptTarget(policy, url, at + TARGET_TTL_MS - 1)?.address).toBe("93.184.216.34");
  // Then it is resolved and checked again, and refused.
  const later = at + TARGET_TTL_MS;
  expect(keptTarget(policy, url, later)).toBeUndefined();
  await expect(checkTarget(policy, url, later)).rejects.toMatchObject({ details: { reason: "private_address" } });
  expect(keptTarget(policy, url, later)).toBeUndefined();
  expect(r.calls).toEqual(["hooks.example", "hooks.example"]);
});

test("refusals and failed lookups are not kept; another resolver or allowance starts afresh", async () => {
  const r = counting({ "hooks.example": ["127.0.0.1"] });
  const strict: TargetPolicy = { resolve: r.resolve, allowPrivate: false };
  const url = "https://hooks.example/in";
  await expect(checkTarget(strict, url)).rejects.toMatchObject({ details: { reason: "private_address" } });
  expect(keptTarget(strict, url)).toBeUndefined();
  await expect(checkTarget(strict, "https://nowhere.example/")).rejects.toMatchObject({
    details: { reason: "unresolvable" },
  });
  expect(keptTarget(strict, "https://nowhere.example/")).toBeUndefined();
  // The development allowance admits loopback; its entry is its own.
  const dev: TargetPolicy = { resolve: r.resolve, allowPrivate: true };
  expect((await checkTarget(dev, url)).address).toBe("127.0.0.1");
  expect(keptTarget(dev, url)).toBeDefined();
  expect(keptTarget(strict, url)).toBeUndefined();
  expect(keptTarget({ resolve: counting({}).resolve, allowPrivate: true }, url)).toBeUndefined();
  // An address in the URL needs no lookup, and is kept too.
  const literal = await checkTarget(strict, "https://93.184.216.34/x");
  expect(literal).toMatchObject({ isIpLiteral: true, connectUrl: "https://93.184.216.34/x", host: "93.184.216.34" });
  expect(r.calls).toEqual(["hooks.example", "nowhere.example", "hooks.example"]);
});
