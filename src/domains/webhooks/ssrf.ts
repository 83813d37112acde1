/**
 * Where a webhook may be sent. The URL must be https, name no credentials and no `localhost` host, and every
 * address its host resolves to must be on the public internet: loopback, private, link-local, CGNAT,
 * unique-local, multicast, reserved and cloud metadata addresses are refused, IPv4-mapped IPv6 is judged by its
 * IPv4 address, and numeric host forms (decimal, octal, hex) are normalised by the URL parser before the check.
 * The same check runs when an endpoint is added and before every attempt (an attempt reuses the check made for the
 * same URL in the last 5 seconds: target-cache.ts), and the sender connects to the address that passed (so a name
 * cannot resolve public for the check and private for the connection).
 * The operator's development allowance admits loopback and private targets; metadata addresses stay refused.
 */
import ipaddr from "ipaddr.js";
import { AppError } from "../../platform/errors";
import type { Resolver } from "../../platform/webhook-transport";

/** Machine-readable reason of a refused URL (`error.details.reason`). */
export type UrlRefusal =
  | "invalid_url"
  | "not_https"
  | "credentials_in_url"
  | "fragment_in_url"
  | "localhost_name"
  | "metadata_address"
  | "private_address"
  | "unresolvable";

/** What the URL check needs: how to resolve names, and whether the development allowance is on. */
export interface TargetPolicy {
  resolve: Resolver;
  allowPrivate: boolean;
}

/** An address that passed the check, with the URL and host name it was resolved for. */
export interface CheckedTarget {
  url: URL;
  /** The host name without IPv6 brackets. */
  hostname: string;
  /** The address to connect to. */
  address: string;
  family: 4 | 6;
  /** True when the URL names an address itself (no TLS server name is sent then). */
  isIpLiteral: boolean;
}

const MAX_URL = 2048;
const METADATA_NAMES = new Set([
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "instance-data",
  "instance-data.ec2.internal",
]);
/** AWS, GCP, Azure (169.254.169.254), ECS (169.254.170.2), Alibaba (100.100.100.200), Oracle (192.0.0.192), AWS IPv6. */
const METADATA_ADDRESSES = new Set([
  "169.254.169.254",
  "169.254.170.2",
  "100.100.100.200",
  "192.0.0.192",
  "fd00:ec2::254",
]);
/** Ranges the development allowance admits; anything else that is not public stays refused. */
const DEV_RANGES = new Set(["loopback", "private", "linkLocal", "carrierGradeNat", "uniqueLocal"]);

/** 400 `invalid_webhook_url` with the reason (and the offending address, when there is one). */
export function refuseUrl(reason: UrlRefusal, message: string, extra: Record<string, unknown> = {}): AppError {
  return new AppError("invalid_webhook_url", 400, message, { field: "url", reason, ...extra });
}

/** Parses and checks the form of a webhook URL (no DNS); returns the normalised URL. */
export function parseWebhookUrl(raw: string, allowPrivate: boolean): URL {
  if (raw.length > MAX_URL) throw refuseUrl("invalid_url", `A webhook URL is at most ${MAX_URL} characters.`);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw refuseUrl("invalid_url", "This is not a valid URL. Use a full https:// address.");
  }
  if (url.protocol !== "https:") throw refuseUrl("not_https", "Webhook URLs must use https://.");
  if (url.username || url.password)
    throw refuseUrl("credentials_in_url", "Put no user name or password in the URL; verify our signature instead.");
  if (url.hash) throw refuseUrl("fragment_in_url", "A webhook URL has no #fragment.");
  const host = hostOf(url);
  if (METADATA_NAMES.has(host)) throw refuseUrl("metadata_address", `${host} is a cloud metadata service.`, { host });
  if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost"))) {
    throw refuseUrl("localhost_name", "localhost is this server itself; use an address on the public internet.", {
      host,
    });
  }
  return url;
}

/** The URL's host name: lowercase, without IPv6 brackets or a trailing dot. */
export function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
}

/** The range name of an address as ipaddr.js calls it (`unicast` means public), judging IPv4-mapped IPv6 by its IPv4. */
export function addressRange(address: string): { range: string; normalized: string } {
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const normalized = ip.toString();
  const range = ip.range();
  // ::a.b.c.d (IPv4-compatible, deprecated) is not in ipaddr.js's table; it is never a public target.
  if (ip.kind() === "ipv6" && range === "unicast" && (ip as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0))
    return { range: "ipv4Compatible", normalized };
  return { range, normalized };
}

/** Throws `invalid_webhook_url` unless the address may be a webhook target. */
export function checkAddress(address: string, allowPrivate: boolean, host: string): void {
  if (!ipaddr.isValid(address))
    throw refuseUrl("unresolvable", `${host} resolved to something that is not an address.`, { host });
  const { range, normalized } = addressRange(address);
  if (METADATA_ADDRESSES.has(normalized)) {
    throw refuseUrl("metadata_address", `${host} points to ${normalized}, a cloud metadata address.`, {
      host,
      address: normalized,
    });
  }
  if (range === "unicast") return;
  if (allowPrivate && DEV_RANGES.has(range)) return;
  const where = host === normalized ? normalized : `${host} resolves to ${normalized}`;
  throw refuseUrl("private_address", `${where}, which is not on the public internet (${range}).`, {
    host,
    address: normalized,
    range,
  });
}

/** A name that has not resolved by then is refused as unresolvable. */
const RESOLVE_TIMEOUT_MS = 5_000;

function resolveWithin(policy: TargetPolicy, hostname: string): Promise<string[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error("lookup timed out"), { code: "ETIMEOUT" })),
      RESOLVE_TIMEOUT_MS,
    );
  });
  return Promise.race([policy.resolve(hostname), late]).finally(() => clearTimeout(timer));
}

/** Checks the URL and every address its host resolves to; returns the address to connect to. */
export async function resolveTarget(url: URL, policy: TargetPolicy): Promise<CheckedTarget> {
  const hostname = hostOf(url);
  if (ipaddr.isValid(hostname)) {
    checkAddress(hostname, policy.allowPrivate, hostname);
    return {
      url,
      hostname,
      address: hostname,
      family: ipaddr.parse(hostname).kind() === "ipv4" ? 4 : 6,
      isIpLiteral: true,
    };
  }
  let addresses: string[];
  try {
    addresses = await resolveWithin(policy, hostname);
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw refuseUrl("unresolvable", `${hostname} does not resolve${code ? ` (${code})` : ""}.`, { host: hostname });
  }
  if (addresses.length === 0) throw refuseUrl("unresolvable", `${hostname} has no address.`, { host: hostname });
  // Every address must pass: a name with one public and one private record could be steered to the private one.
  for (const a of addresses) checkAddress(a, policy.allowPrivate, hostname);
  // IPv4 first: a host with both often has no IPv6 route from a self-hosted box.
  const address = addresses.find((a) => ipaddr.parse(a).kind() === "ipv4") ?? addresses[0]!;
  return { url, hostname, address, family: ipaddr.parse(address).kind() === "ipv4" ? 4 : 6, isIpLiteral: false };
}
