/**
 * Ids: a contract prefix + 26 Crockford base32 characters: 48 bits of milliseconds, then a counter that keeps ids
 * made in the same millisecond strictly increasing in this process, then random bits. Sorting ids as strings sorts
 * them by creation, which keyset pagination relies on.
 */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** Every id prefix the service uses. */
export const PREFIX = {
  brand: "brd",
  link: "lnk",
  submission: "sub",
  import: "imp",
  widget: "wgt",
  reel: "rel",
  renderJob: "job",
  webhookEndpoint: "whe",
  webhookDelivery: "whd",
  event: "evt",
  org: "org",
  user: "usr",
  member: "mem",
  invitation: "inv",
  session: "ses",
  apiKey: "key",
  tag: "tag",
  export: "exp",
  audit: "aud",
  mail: "msg",
  queueJob: "qjb",
  upload: "upl",
  removal: "rmv",
  authIdentity: "aid",
  campaign: "cmp",
  campaignRecipient: "rcp",
  passwordReset: "pwr",
  emailChange: "emc",
  alertButton: "alb",
} as const;

export type IdKind = keyof typeof PREFIX;

let lastMs = 0;
let counter = 0;

function encode(bytes: Uint8Array): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** A new time-ordered id with the kind's prefix, e.g. `brd_01jd…`. `nowMs` lets tests and imports pin the time part. */
export function newId(kind: IdKind, nowMs: number = Date.now()): string {
  let ms = Math.max(nowMs, lastMs);
  if (ms === lastMs) {
    counter++;
    if (counter > 0xffff) {
      ms = lastMs + 1;
      counter = 0;
    }
  } else {
    counter = 0;
  }
  lastMs = ms;
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes.subarray(8));
  let t = ms;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = t % 256;
    t = Math.floor(t / 256);
  }
  bytes[6] = counter >> 8;
  bytes[7] = counter & 0xff;
  return `${PREFIX[kind]}_${encode(bytes)}`;
}

/** True when `id` has the kind's prefix and a well-formed body; used to answer 404 early for garbage ids. */
export function isId(kind: IdKind, id: string): boolean {
  return id.startsWith(PREFIX[kind] + "_") && /^[0-9a-z]{26}$/.test(id.slice(PREFIX[kind].length + 1));
}
