/**
 * Contract, to the letter: API keys carry known scopes only. A scope is checked against the scope table with an
 * own-property check, so inherited names (`__proto__`, `constructor`, `toString`…) are refused like any unknown
 * scope, and a key made with one cannot exist.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { isScope, SCOPES } from "../../src/platform/access";
import { apiKeys } from "../../src/domains/accounts/tables";

let t: TestApp;
let a: TestOrg;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ plan: "core" });
});
afterAll(() => t.close());

const create = (scopes: unknown) => t.call("POST", "/v1/api-keys", { auth: a.owner, body: { name: "k", scopes } });

describe("POST /v1/api-keys scopes", () => {
  for (const name of [
    "__proto__",
    "constructor",
    "toString",
    "hasOwnProperty",
    "valueOf",
    "__defineGetter__",
    "isPrototypeOf",
  ]) {
    test(`refuses the inherited name ${name} with 400 and stores no key`, async () => {
      const before = t.deps.db.select().from(apiKeys).all().length;
      const r = await create([name]);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("validation_failed");
      expect(r.body.error.details.field).toBe("scopes");
      expect(t.deps.db.select().from(apiKeys).all().length).toBe(before);
    });
  }

  test("a known scope beside an inherited name is refused too", async () => {
    expect((await create(["submissions:read", "__proto__"])).status).toBe(400);
  });

  test("every known scope is accepted", async () => {
    const r = await create(Object.keys(SCOPES));
    expect(r.status).toBe(201);
    expect(r.body.scopes.sort()).toEqual(Object.keys(SCOPES).sort());
  });

  test("isScope is an own-property check", () => {
    expect(Object.keys(SCOPES).every(isScope)).toBe(true);
    expect(["__proto__", "constructor", "toString", "", "submissions"].some(isScope)).toBe(false);
  });
});
