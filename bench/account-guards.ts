/**
 * What the account guards cost in time, through `app.handle` in process: the figures their tests print but do not
 * assert (a test's verdict must not depend on what else the machine is doing; a ratio measured in one run mostly
 * does not).
 *
 *   bun bench/account-guards.ts [--rounds 9] [--flood 30] [--smoke]
 *
 * - Password reset (`POST /v1/auth/password-reset`): the answer for an address with an account and for one without,
 *   `--rounds` of each, alternating (each a new account and a new client, so no limit is reached). Both wait out
 *   RESET_ANSWER_MS; prints the medians and the ratio without/with (1.0: the time tells nothing).
 * - Sign-in flood: `GET /healthz` while `--flood` failed sign-ins with random emails from one client are checked,
 *   beside `/healthz` alone; prints the medians and the ratio alone/during (1.0: the flood costs others nothing).
 * - Deep JSON: 50,000 levels of nesting to `POST /public/removals/lookup` (refused before parsing) beside a small
 *   body to the same route; prints the medians and the ratio small/deep (about 1: the depth costs nothing).
 */
import { parseArgs } from "node:util";
import { buildApp } from "../src/composition";
import { createOrganisation } from "../src/domains/accounts";
import { RESET_ANSWER_MS } from "../src/domains/accounts/password-reset-routes";
import { benchAppliance, median, sized, smokeOption } from "./_harness";

const args = parseArgs({
  options: {
    rounds: { type: "string", default: sized("9", "2") },
    flood: { type: "string", default: sized("30", "6") },
    ...smokeOption,
  },
}).values;
const ROUNDS = Number(args.rounds);
const FLOOD = Number(args.flood);

const a = await benchAppliance({ name: "Guards Co", plan: "core", mode: "live", key: false });
a.deps.mailer = { delivers: true, send: async () => ({ messageId: "<bench@guards>" }), close() {} };
const app = await buildApp(a.deps, { web: false });

let client = 0;
/** A request from a client address of its own (the limits count per client). */
async function timed(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await app.handle(
    new Request(`${a.config.baseUrl}${path}`, {
      method,
      headers: {
        "x-svc-csrf": "1",
        "x-forwarded-for": `198.18.${(client >> 8) & 255}.${client++ & 255}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body,
    }),
  );
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status >= 500) throw new Error(`${method} ${path} answered ${res.status}`);
  return { status: res.status, ms };
}

// Password reset, with and without an account (after one of each: a fresh app's first requests prepare statements).
createOrganisation(a.deps, {
  name: "Warm-up",
  owner: { email: "warm@guards.example", password: "guards-password" },
});
for (const email of ["warm@guards.example", "nobody@guards.example"])
  await timed("POST", "/v1/auth/password-reset", JSON.stringify({ email }));
const known: number[] = [];
const unknown: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const email = `owner${i}@guards.example`;
  createOrganisation(a.deps, {
    name: `Guards ${i}`,
    owner: { email, password: `guards-password-${i}` },
  });
  for (const [list, address] of [
    [known, email],
    [unknown, `nobody${i}-${crypto.randomUUID()}@guards.example`],
  ] as const) {
    const r = await timed("POST", "/v1/auth/password-reset", JSON.stringify({ email: address }));
    if (r.status !== 202) throw new Error(`password reset answered ${r.status}`);
    list.push(r.ms);
  }
}
const [withMs, withoutMs] = [median(known), median(unknown)];
console.log(
  `password reset (floor ${RESET_ANSWER_MS} ms, ${ROUNDS} of each): with an account ${withMs.toFixed(1)} ms, without ${withoutMs.toFixed(1)} ms   ratio without/with ${(withoutMs / withMs).toFixed(3)}`,
);

// /healthz alone, then while a flood of failed sign-ins is checked.
const health = async () => (await timed("GET", "/healthz")).ms;
const alone: number[] = [];
for (let i = 0; i < 20; i++) alone.push(await health());
const during: number[] = [];
let flooding = true;
const probe = (async () => {
  while (flooding) {
    during.push(await health());
    await Bun.sleep(5);
  }
})();
const attacker = { "x-forwarded-for": "203.0.113.66" };
await Promise.all(
  Array.from({ length: FLOOD }, () =>
    app
      .handle(
        new Request(`${a.config.baseUrl}/v1/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-svc-csrf": "1", ...attacker },
          body: JSON.stringify({ email: `${crypto.randomUUID()}@guards.example`, password: "guess-1234" }),
        }),
      )
      .then((r) => r.arrayBuffer()),
  ),
);
flooding = false;
await probe;
if (!during.length) during.push(await health());
const [aloneMs, duringMs] = [median(alone), median(during)];
console.log(
  `/healthz: alone ${aloneMs.toFixed(2)} ms, during ${FLOOD} failed sign-ins ${duringMs.toFixed(2)} ms (n=${during.length})   ratio alone/during ${(aloneMs / duringMs).toFixed(3)}`,
);

// Deep JSON beside a small body, to the public removal lookup.
const DEEP = "[".repeat(50_000) + "]".repeat(50_000);
const SMALL = JSON.stringify({ token: "x".repeat(32) });
const deep: number[] = [];
const small: number[] = [];
for (let i = 0; i < Math.max(ROUNDS, 5); i++) {
  const d = await timed("POST", "/public/removals/lookup", DEEP);
  if (d.status !== 400) throw new Error(`deep JSON answered ${d.status}`);
  deep.push(d.ms);
  small.push((await timed("POST", "/public/removals/lookup", SMALL)).ms);
}
const [deepMs, smallMs] = [median(deep), median(small)];
console.log(
  `removal lookup: small body ${smallMs.toFixed(2)} ms, 50,000 levels of nesting ${deepMs.toFixed(2)} ms   ratio small/deep ${(smallMs / deepMs).toFixed(3)}`,
);
a.close();
