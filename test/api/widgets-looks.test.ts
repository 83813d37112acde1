/**
 * The widget's look settings through app.handle: `look`, `background`, `card_border`, `card_shadow`,
 * `card_radius`, `font` and `star_color` — their defaults (the first release's look, so pasted widgets do not
 * change; a new widget starts on a transparent panel), taken as sent on create, PATCH and preview, carried in the
 * published document's `style`, a 400 naming the setting for anything else, a look only with its own layout, and
 * the floating badge's zero-height snippet.
 * A widget stored before these settings reads as every default.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { widgets } from "../../src/domains/widgets/tables";
import { buildDocument } from "../../src/domains/widgets/document";
import { getBrandRow } from "../../src/domains/brands";
import { systemCtx } from "../../src/platform/context";

let t: TestApp;
let a: TestOrg;
let brand = "";

/** What a widget stored before the style settings reads as: the first release's look. */
const DEFAULTS = {
  look: "standard",
  background: "solid",
  card_border: "accent",
  card_shadow: "none",
  card_radius: 10,
  font: "system",
  star_color: null,
};
/** What a new widget starts with: the same, on a transparent panel (issue 29: no white slab on coloured pages). */
const NEW_DEFAULTS = { ...DEFAULTS, background: "transparent" };

beforeAll(async () => {
  t = await makeTestApp();
  a = await t.org();
  brand = (await t.call("GET", "/v1/brands", { auth: a.liveKey })).body.data[0].id;
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>) =>
  t.call("POST", "/v1/widgets", { auth: a.liveKey, body: { brand_id: brand, ...body } });
const patch = (id: string, body: Record<string, unknown>) =>
  t.call("PATCH", `/v1/widgets/${id}`, { auth: a.liveKey, body });

describe("look settings", () => {
  test("default to the first release's look, on a transparent panel for a new widget", async () => {
    const r = await create({});
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject(NEW_DEFAULTS);
    const doc = await t.call("POST", "/v1/widgets/preview", { auth: a.liveKey, body: { brand_id: brand } });
    expect(doc.body.style).toEqual(NEW_DEFAULTS);
  });

  test("are taken as sent, answered, and published in the document's style", async () => {
    const sent = {
      layout: "wall",
      look: "masonry",
      background: "transparent",
      card_border: "none",
      card_shadow: "lifted",
      card_radius: 0,
      font: "inherit",
      star_color: "#F59E0B",
    };
    const r = await create(sent);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject(sent);
    const preview = await t.call("POST", "/v1/widgets/preview", {
      auth: a.liveKey,
      body: { brand_id: brand, ...sent },
    });
    const { layout: _layout, ...style } = sent;
    expect(preview.body.style).toEqual(style);
    const changed = await patch(r.body.id, { card_radius: 24, star_color: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ ...sent, card_radius: 24, star_color: null });
  });

  test("anything else is a 400 naming the setting, and the widget stays as it was", async () => {
    const w = (await create({ layout: "carousel", look: "marquee" })).body;
    const cases: [Record<string, unknown>, string][] = [
      [{ look: "spiral" }, "look"],
      [{ look: "masonry" }, "look"],
      [{ look: "floating" }, "look"],
      [{ background: "blue" }, "background"],
      [{ background: null }, "background"],
      [{ card_border: "thick" }, "card_border"],
      [{ card_shadow: true }, "card_shadow"],
      [{ card_radius: -1 }, "card_radius"],
      [{ card_radius: 25 }, "card_radius"],
      [{ card_radius: 4.5 }, "card_radius"],
      [{ card_radius: "8" }, "card_radius"],
      [{ font: "Comic Sans" }, "font"],
      [{ star_color: "gold" }, "star_color"],
      [{ star_color: "#fff" }, "star_color"],
      [{ star_color: "#12345g" }, "star_color"],
    ];
    for (const [body, field] of cases) {
      for (const r of [
        await patch(w.id, body),
        await create({ layout: "carousel", ...body }),
        await t.call("POST", "/v1/widgets/preview", {
          auth: a.liveKey,
          body: { brand_id: brand, layout: "carousel", ...body },
        }),
      ]) {
        const label = JSON.stringify(body);
        expect([label, r.status, r.body.error?.code]).toEqual([label, 400, "validation_failed"]);
        expect([label, JSON.stringify(r.body.error)]).toEqual([label, expect.stringContaining(field)]);
      }
    }
    const after = (await t.call("GET", `/v1/widgets/${w.id}`, { auth: a.liveKey })).body;
    expect(after).toMatchObject({ layout: "carousel", look: "marquee", ...{ card_radius: 10, font: "system" } });
  });

  test("a look goes with its layout: a layout change without a look falls back to standard", async () => {
    const w = (await create({ layout: "carousel", look: "marquee" })).body;
    const moved = await patch(w.id, { layout: "wall" });
    expect(moved.status).toBe(200);
    expect([moved.body.layout, moved.body.look]).toEqual(["wall", "standard"]);
    const both = await patch(w.id, { layout: "avatars", look: "floating" });
    expect([both.status, both.body.look]).toEqual([200, "floating"]);
    const wrong = await patch(w.id, { layout: "single", look: "floating" });
    expect([wrong.status, wrong.body.error?.details?.field]).toEqual([400, "look"]);
  });

  test("the floating badge takes no room in the page: its snippet's height is 0", async () => {
    const r = await create({ layout: "avatars", look: "floating" });
    expect(r.body.height).toBe(0);
    expect(r.body.snippet).toContain('style="height:0px"');
    const back = await patch(r.body.id, { look: "standard" });
    expect([back.body.height, back.body.snippet.includes('style="height:96px"')]).toEqual([96, true]);
  });

  test("a widget stored before these settings reads, changes and publishes as every default", async () => {
    const w = (await create({ layout: "single" })).body;
    const row = t.deps.db.select().from(widgets).where(eq(widgets.id, w.id)).get()!;
    const old: Record<string, unknown> = { ...row.settings };
    for (const k of Object.keys(DEFAULTS)) delete old[k];
    t.deps.db
      .update(widgets)
      .set({ settings: old as never })
      .where(eq(widgets.id, w.id))
      .run();
    const read = (await t.call("GET", `/v1/widgets/${w.id}`, { auth: a.liveKey })).body;
    expect(read).toMatchObject({ ...DEFAULTS, height: 380 });
    const ctx = systemCtx(a.id, "live", t.clock);
    const doc = buildDocument(t.deps, {
      widgetId: w.id,
      brand: getBrandRow(t.deps.db, ctx, brand),
      settings: old as never,
      plan: "core",
    });
    expect(doc.style as unknown).toEqual(DEFAULTS);
    const changed = await patch(w.id, { font: "inherit" });
    expect(changed.body).toMatchObject({ ...DEFAULTS, font: "inherit" });
  });
});
