/**
 * Webhook secrets and signatures: `X-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]` where each v1 is
 * HMAC-SHA256(secret, t + "." + raw body) for one secret in force (the current one and, for a while after a
 * rotation, the previous one). The same scheme as Stripe's, so its libraries verify our requests.
 */
import { randomBytes } from "node:crypto";
import type { DeliveryRow, EndpointRow } from "./tables";

/** A new endpoint secret: `whsec_` and 192 random bits. */
export const newSecret = (): string => `whsec_${randomBytes(24).toString("base64url")}`;

/** hex(HMAC_SHA256(secret, t + "." + body)); the secret string itself (with its prefix) is the key. */
export function signPayload(secret: string, tSeconds: number, body: string): string {
  return new Bun.CryptoHasher("sha256", secret).update(`${tSeconds}.`).update(body).digest("hex");
}

/** The X-Signature value for a body at `tSeconds`, with one v1 per secret. */
export function signatureHeader(secrets: readonly string[], tSeconds: number, body: string): string {
  return [`t=${tSeconds}`, ...secrets.map((s) => `v1=${signPayload(s, tSeconds, body)}`)].join(",");
}

/** The secrets that sign at `nowMs`: the current one, then the previous one until it expires. */
export function signingSecrets(
  endpoint: Pick<EndpointRow, "secret" | "previousSecret" | "previousSecretExpiresAt">,
  nowMs: number,
): string[] {
  const out = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt != null && endpoint.previousSecretExpiresAt > nowMs)
    out.push(endpoint.previousSecret);
  return out;
}

/** Every header of a delivery attempt, in the contract's names; the signature uses the secrets in force at `nowMs`. */
export function deliveryHeaders(
  docsUrl: string,
  endpoint: Pick<EndpointRow, "secret" | "previousSecret" | "previousSecretExpiresAt">,
  delivery: Pick<DeliveryRow, "id" | "eventId" | "eventType" | "body">,
  attempt: number,
  nowMs: number,
): Record<string, string> {
  return {
    "Content-Type": "application/json",
    "User-Agent": `Svc-Webhooks/1 (+${docsUrl})`,
    "X-Signature": signatureHeader(signingSecrets(endpoint, nowMs), Math.floor(nowMs / 1000), delivery.body),
    "X-Svc-Event": delivery.eventType,
    "X-Svc-Event-Id": delivery.eventId,
    "X-Svc-Delivery": delivery.id,
    "X-Svc-Attempt": String(attempt),
  };
}
