/**
 * Every API-key list route through `app.handle` in process (routing, auth, the list's prepared query, presenting,
 * JSON), beside a bare handler that answers the same bytes, measured in the same run: how much of a list request is
 * the product's own work, route by route. `GET /v1/brands` is the route `brands-rps.ts` loads over HTTP; the others
 * should cost about the same for a page of the same size (a testimonial page costs more: 25 rows of ~50 columns).
 *
 *   bun bench/lists-handle.ts [--testimonials 30] [--requests 3000] [--smoke]
 *
 * Set-up: a Plus organisation with one collect link, `--testimonials` written testimonials through the capture
 * route, and one import. Prints, per route, the median microseconds of the app and of the bare handler, and the
 * ratio bare/app (1.0 would mean the route costs nothing beyond producing its bytes).
 */
import { parseArgs } from "node:util";
import { buildApp } from "../src/composition";
import { benchAppliance, median, sized, smokeOption } from "./_harness";

const { values: args } = parseArgs({
  options: {
    testimonials: { type: "string", default: sized("30", "3") },
    requests: { type: "string", default: sized("3000", "50") },
    ...smokeOption,
  },
});
const REQUESTS = Number(args.requests);

const a = await benchAppliance({ name: "Lists Bench", plan: "plus", mode: "live" });
const app = await buildApp(a.deps, { web: false });
const headers = { authorization: `Bearer ${a.key}`, "content-type": "application/json" };
const request = (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) =>
  app.handle(
    new Request(`${a.config.baseUrl}${path}`, {
      method,
      headers: { ...headers, ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
const call = async (method: string, path: string, body?: unknown, extra?: Record<string, string>) => {
  const res = await request(method, path, body, extra);
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
};

const brand = (await call("GET", "/v1/brands")).data[0].id as string;
const consent = { text: "I agree that my words may be published.", version: "2026-11-01" };
const link = await call("POST", `/v1/brands/${brand}/links`, {
  title: "Tell us",
  prompts: [{ text: "How was it?" }],
  consent_text: consent.text,
  consent_version: consent.version,
});
for (let i = 0; i < Number(args.testimonials); i++)
  await call(
    "POST",
    `/public/links/${link.id}/submissions`,
    {
      kind: "text",
      respondent: { name: `Person ${i}` },
      consent: { agreed: true, ...consent },
      text: `Testimonial number ${i}: friendly people, quick answers and honest prices.`,
    },
    { "x-forwarded-for": `10.0.${i >> 8}.${i & 255}` },
  );
await call("POST", "/v1/imports", {
  brand_id: brand,
  source: { name: "Google" },
  attested: true,
  rows: [{ text: "Imported review: very good." }],
});

const routes = [
  "/v1/brands",
  "/v1/submissions",
  "/v1/submissions?status=ready&is_approved=false",
  `/v1/submissions?brand_id=${brand}`,
  `/v1/brands/${brand}/links`,
  "/v1/exports",
  "/v1/campaigns",
  "/v1/imports",
  "/v1/tags",
  "/v1/widgets",
  "/v1/reels",
  "/v1/webhooks",
];

console.log(`${REQUESTS} sequential app.handle calls per route, alternating with the bare handler; medians:`);
for (const path of routes) {
  const first = await request("GET", path);
  const bytes = await first.arrayBuffer();
  if (first.status !== 200) throw new Error(`GET ${path} answered ${first.status}`);
  const type = first.headers.get("content-type") ?? "application/json";
  const bare = (_req: Request) => new Response(bytes, { headers: { "content-type": type } });
  const appUs: number[] = [];
  const bareUs: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    let t0 = performance.now();
    await (await request("GET", path)).arrayBuffer();
    appUs.push((performance.now() - t0) * 1000);
    t0 = performance.now();
    await bare(new Request(`${a.config.baseUrl}${path}`, { headers })).arrayBuffer();
    bareUs.push((performance.now() - t0) * 1000);
  }
  const [m, b] = [median(appUs), median(bareUs)];
  console.log(
    `  ${`GET ${path.replace(brand, "{brand}")}`.padEnd(58)} app ${m.toFixed(1).padStart(7)} µs   bare ${b.toFixed(1).padStart(5)} µs   ratio bare/app ${(b / m).toFixed(3)}`,
  );
}
a.close();
