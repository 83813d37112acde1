/**
 * Contract, to the letter: a widget's `accent_color` is a string, "hex colour; otherwise the brand's colour". A
 * widget with no colour of its own answers the brand's (and follows a change of it, `accent_color_from_brand`
 * true); one with its own answers that; `null` in a PATCH goes back to following the brand. Lists, reads, creates
 * and changes all answer the same.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";

let t: TestApp;
let a: TestOrg;
let brandId: string;

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org({ plan: "core" });
  brandId = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
  expect((await t.call("PATCH", `/v1/brands/${brandId}`, { auth: a.liveKey, body: { color: "#123456" } })).status).toBe(
    200,
  );
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown) => t.call(method, path, { auth: a.liveKey, body });

describe("accent_color", () => {
  test("unset: every answer carries the brand's colour as a string, and follows the brand's colour", async () => {
    const created = await call("POST", "/v1/widgets", { brand_id: brandId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ accent_color: "#123456", accent_color_from_brand: true });
    const id = created.body.id;
    expect((await call("GET", `/v1/widgets/${id}`)).body).toMatchObject({
      accent_color: "#123456",
      accent_color_from_brand: true,
    });
    expect(
      (await call("GET", `/v1/widgets?brand_id=${brandId}`)).body.data.find((w: any) => w.id === id),
    ).toMatchObject({ accent_color: "#123456" });
    expect((await call("PATCH", `/v1/widgets/${id}`, { theme: "dark" })).body).toMatchObject({
      accent_color: "#123456",
      accent_color_from_brand: true,
    });
    // The brand's colour changes: the widget follows it.
    await call("PATCH", `/v1/brands/${brandId}`, { color: "#abcdef" });
    expect((await call("GET", `/v1/widgets/${id}`)).body.accent_color).toBe("#abcdef");
    await call("PATCH", `/v1/brands/${brandId}`, { color: "#123456" });
  });

  test("set: the widget's own colour; null goes back to the brand's", async () => {
    const created = await call("POST", "/v1/widgets", { brand_id: brandId, accent_color: "#ff6600" });
    expect(created.body).toMatchObject({ accent_color: "#ff6600", accent_color_from_brand: false });
    const reset = await call("PATCH", `/v1/widgets/${created.body.id}`, { accent_color: null });
    expect(reset.body).toMatchObject({ accent_color: "#123456", accent_color_from_brand: true });
  });

  test("never null in any widget answer", async () => {
    const list = (await call("GET", "/v1/widgets")).body.data;
    expect(list.length).toBeGreaterThan(0);
    for (const w of list) expect(w.accent_color).toMatch(/^#[0-9a-fA-F]{6}$/);
  });

  test("the OpenAPI body still takes null (follow the brand) and says the answer is always a colour", async () => {
    const doc = (await t.call("GET", "/v1/openapi.json")).body;
    expect(JSON.stringify(doc.paths["/v1/widgets"].post)).toContain("Widgets always answer a colour");
  });
});
