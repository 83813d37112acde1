/**
 * Checked targets of attempts, kept for a few seconds. Before an attempt the sender needs the URL parsed and
 * checked, its host resolved and every address checked (src/domains/webhooks/ssrf.ts), and the address to connect
 * to. A burst of deliveries to one endpoint repeats that work for the same answer, so an attempt reuses the
 * check made for the same URL within the last `TARGET_TTL_MS`. The guarantee is unchanged: every resolution is
 * checked, and a request only ever goes to an address that passed; a name that starts resolving elsewhere (a DNS
 * rebinding) is resolved and checked again at most `TARGET_TTL_MS` later, and until then attempts still go to the
 * address already checked. Refusals and failed lookups are not kept: the next attempt tries again. Entries belong to
 * one resolver and one setting of the development allowance, so changing either starts afresh.
 */
import type { Resolver } from "../../platform/webhook-transport";
import { parseWebhookUrl, resolveTarget, type CheckedTarget, type TargetPolicy } from "./ssrf";

/** How long a checked resolution is reused (shorter than nearly any DNS record's lifetime). */
export const TARGET_TTL_MS = 5_000;
/** URLs kept per resolver; the oldest is dropped past this. */
const MAX_TARGETS = 1_000;

/** A checked target with what a request to it needs, worked out once per resolution. */
export interface SendTarget extends CheckedTarget {
  /** `https://<checked address>:<port>/<path>`: where the request connects. */
  connectUrl: string;
  /** The `Host` header: the URL's host and port. */
  host: string;
  /** Time (`performance.now()`) from which the target is resolved again. */
  expires: number;
}

const kept = new WeakMap<Resolver, Map<string, SendTarget>>();

const keyOf = (policy: TargetPolicy, rawUrl: string) => (policy.allowPrivate ? `1 ${rawUrl}` : `0 ${rawUrl}`);

/** The address to connect to, with the URL's port and path. */
function connectUrl(target: CheckedTarget): string {
  if (target.isIpLiteral) return target.url.href;
  const u = new URL(target.url.href);
  u.hostname = target.family === 6 ? `[${target.address}]` : target.address;
  return u.href;
}

/** The target checked for `rawUrl` within the last `TARGET_TTL_MS` before `at`, if there is one. */
export function keptTarget(policy: TargetPolicy, rawUrl: string, at = performance.now()): SendTarget | undefined {
  const target = kept.get(policy.resolve)?.get(keyOf(policy, rawUrl));
  return target && target.expires > at ? target : undefined;
}

/**
 * Checks `rawUrl`, resolves its host and checks every address (throwing the refusal), and keeps the result until
 * `TARGET_TTL_MS` after `at`.
 */
export async function checkTarget(policy: TargetPolicy, rawUrl: string, at = performance.now()): Promise<SendTarget> {
  const url = parseWebhookUrl(rawUrl, policy.allowPrivate);
  const checked = await resolveTarget(url, policy);
  const target: SendTarget = {
    ...checked,
    connectUrl: connectUrl(checked),
    host: url.host,
    expires: at + TARGET_TTL_MS,
  };
  let targets = kept.get(policy.resolve);
  if (!targets) kept.set(policy.resolve, (targets = new Map()));
  const key = keyOf(policy, rawUrl);
  targets.delete(key);
  if (targets.size >= MAX_TARGETS) targets.delete(targets.keys().next().value!);
  targets.set(key, target);
  return target;
}
