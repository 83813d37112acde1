/**
 * Answers against their schemas (docs/design-decisions.md, "Schemas once"): under test every answer is checked, so
 * the whole API suite proves each route keeps its documented shape, and a mismatch fails loudly (500
 * `response_invalid` naming the field); with the checks off, as in production, the same answer goes out unchanged
 * (never a 500 for a mismatch, no field removed).
 */
import { afterEach, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../helpers/app";
import { loadConfig } from "../../src/config";
import { brands } from "../../src/domains/brands/tables";

const apps: TestApp[] = [];
afterEach(() => {
  for (const a of apps.splice(0)) a.close();
});

/** An app whose live default brand has a colour its schema refuses (`red` is not `#rrggbb`). */
async function appWithBadColour(env: Record<string, string> = {}) {
  const t = await makeTestApp(env);
  apps.push(t);
  const org = await t.org({ plan: "core" });
  t.deps.db.update(brands).set({ color: "red" }).run();
  const brand = (await t.call("GET", "/v1/brands", { auth: org.liveKey })).body;
  return { t, org, brand };
}

describe("answers and their schemas", () => {
  test("checks are on under bun test, off unless asked for elsewhere", () => {
    expect(process.env.NODE_ENV).toBe("test");
    expect(loadConfig({}).validateResponses).toBe(true);
    expect(loadConfig({ PLAUDIT_VALIDATE_RESPONSES: "0" }).validateResponses).toBe(false);
    expect(loadConfig({ PLAUDIT_VALIDATE_RESPONSES: "1" }).validateResponses).toBe(true);
  });

  test("under test, an answer that breaks its schema is a loud 500 naming the field", async () => {
    const { t, org, brand } = await appWithBadColour();
    expect(brand.error).toMatchObject({ code: "response_invalid" });
    expect(brand.error.message).toContain("data[0].color");
    expect(brand.error.details).toEqual({ field: "data[0].color" });
    const one = await t.call("GET", "/v1/brands", { auth: org.testKey });
    expect(one.status).toBe(500);
  }, 30_000);

  test("with the checks off (production), the same answer goes out whole: 200, nothing removed", async () => {
    const { t, org, brand } = await appWithBadColour({ PLAUDIT_VALIDATE_RESPONSES: "0" });
    expect(brand.data[0].color).toBe("red");
    const keys = Object.keys(brand.data[0]);
    expect(keys).toEqual(expect.arrayContaining(["id", "name", "public_wall_url", "logo_url", "submission_count"]));
    const single = await t.call("GET", `/v1/brands/${brand.data[0].id}`, { auth: org.liveKey });
    expect(single.status).toBe(200);
    expect(Object.keys(single.body).sort()).toEqual([...keys].sort());
  }, 30_000);

  test("every route the app serves under /v1 and /public declares what it answers", async () => {
    const t = await makeTestApp();
    apps.push(t);
    const undeclared = t.app.routes
      .filter((r) => /^\/(v1|public)\//.test(r.path) && !["OPTIONS", "HEAD"].includes(r.method))
      .filter((r) => {
        const hooks = r.hooks as { response?: unknown; detail?: { responses?: unknown; hide?: boolean } };
        return !hooks.response && !hooks.detail?.responses && !hooks.detail?.hide;
      })
      .map((r) => `${r.method} ${r.path}`);
    expect(undeclared).toEqual([]);
  }, 30_000);
});
