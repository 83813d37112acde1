/**
 * A collect link's former slug over real HTTP against dist/plaudit (security review, issue 30): after organisation
 * A renames its link's slug, organisation B's attempt to take the old slug is refused, and the old address (a
 * printed QR code's) still opens A's form through a 301; once A releases it, B may take it and the address opens
 * B's form.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startServer, type RunningServer } from "../helpers/server";
import { createApiKey, createOrganisation } from "../../src/domains/accounts";
import { systemCtx } from "../../src/platform/context";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

let server: RunningServer;
let keyA: string;
let keyB: string;

const consent = { consent_text: "I agree that my words may be published.", consent_version: "2026-11-01" };

/** A JSON call with an API key. */
async function api(key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** The link id the capture page at `res` carries (the meta tag the page script reads). */
const pageLink = (html: string) => /<meta name="plaudit-link" content="([^"]+)">/.exec(html)?.[1] ?? null;

beforeAll(async () => {
  server = await startServer();
  keyA = await server.createKey("live");
  // A second organisation on the same server, written through the sidecar's handle on the data directory.
  const { deps } = server;
  const { org } = createOrganisation(deps, { name: "Bravo", plan: "core" });
  keyB = unitOfWork(deps, systemCtx(org.id, "live", deps.clock), (tx) =>
    createApiKey(tx, { mode: "live", scopes: [] }),
  ).secret;
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

test("a renamed link's old address opens its owner's form after another organisation tried to take it", async () => {
  const brandA = (await api(keyA, "GET", "/v1/brands")).body.data[0].id;
  const brandB = (await api(keyB, "GET", "/v1/brands")).body.data[0].id;
  const made = await api(keyA, "POST", `/v1/brands/${brandA}/links`, {
    title: "Acme spring feedback",
    prompts: [{ text: "How was the spring offer?" }],
    ...consent,
    slug: "spring-offer",
  });
  expect(made.status).toBe(201);
  const linkA = made.body.id;
  const moved = await api(keyA, "PATCH", `/v1/links/${linkA}`, { slug: "spring-sale" });
  expect(moved.body.url).toBe(`${server.url}/c/spring-sale`);
  expect(moved.body.former_slugs.map((f: any) => f.slug)).toEqual(["spring-offer"]);

  const bForm = { title: "Bravo form", prompts: [{ text: "Hello?" }], ...consent };
  const tried = await api(keyB, "POST", `/v1/brands/${brandB}/links`, { ...bForm, slug: "spring-offer" });
  expect(tried.status).toBe(409);
  expect(tried.body.error.code).toBe("slug_taken");

  // The printed address: a permanent redirect to the link's current address, query kept.
  const hop = await fetch(`${server.url}/c/spring-offer?r=from-flyer`, { redirect: "manual" });
  expect(hop.status).toBe(301);
  expect(hop.headers.get("location")).toBe(`${server.url}/c/spring-sale?r=from-flyer`);
  // Followed as a browser does, it ends on A's form.
  const followed = await fetch(`${server.url}/c/spring-offer`);
  expect(followed.status).toBe(200);
  expect(followed.url).toBe(`${server.url}/c/spring-sale`);
  expect(pageLink(await followed.text())).toBe(linkA);
  const form = await fetch(`${server.url}/public/links/${linkA}`).then((r) => r.json() as Promise<any>);
  expect(form.title).toBe("Acme spring feedback");

  // Released by its owner, the slug is anyone's: B takes it, and the old address opens B's form, no redirect.
  const released = await api(keyA, "DELETE", `/v1/links/${linkA}/former-slugs/spring-offer`);
  expect(released.status).toBe(200);
  expect(released.body.former_slugs).toEqual([]);
  const taken = await api(keyB, "POST", `/v1/brands/${brandB}/links`, { ...bForm, slug: "spring-offer" });
  expect(taken.status).toBe(201);
  const now = await fetch(`${server.url}/c/spring-offer`, { redirect: "manual" });
  expect(now.status).toBe(200);
  expect(pageLink(await now.text())).toBe(taken.body.id);
}, 60_000);
