/**
 * Duplicates (rule 2), races and the `imported_reviews` allowance (section 8): re-sending creates only what is
 * missing, also when identical requests race (in one process and from two processes on the same database file);
 * a request that would pass the allowance is 402 and creates nothing; deleting an imported review frees its place.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, count, eq, isNull } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { submissions } from "../../src/domains/submissions";
import { ATTESTATION_TEXT } from "../../src/domains/imports";

let t: TestApp;
beforeAll(async () => (t = await makeTestApp()));
afterAll(() => t.close());

const brandOf = async (org: TestOrg, mode: "live" | "test" = "live") =>
  (await t.call("GET", "/v1/brands", { auth: org.owner, mode })).body.data[0].id as string;
const body = (brand_id: string, rows: object[], source = "Google") => ({
  brand_id,
  source: { name: source },
  attested: true,
  rows,
});
const texts = (k: number, prefix = "Review") =>
  Array.from({ length: k }, (_, i) => ({ text: `${prefix} ${i + 1} was great`, name: `Person ${i + 1}` }));
const live = (org: TestOrg, mode: "live" | "test" = "live") =>
  t.deps.db
    .select({ n: count() })
    .from(submissions)
    .where(
      and(
        eq(submissions.orgId, org.id),
        eq(submissions.mode, mode),
        eq(submissions.origin, "imported"),
        isNull(submissions.deletedAt),
      ),
    )
    .get()!.n;

describe("duplicates", () => {
  let a: TestOrg;
  let brand: string;
  const post = (b: unknown) => t.call("POST", "/v1/imports", { auth: a.liveKey, body: b });
  beforeAll(async () => {
    a = await t.org({ plan: "plus" });
    brand = await brandOf(a);
  });

  test("sending the same rows again creates nothing and lists every position", async () => {
    expect((await post(body(brand, texts(3)))).body).toMatchObject({ created: 3, duplicate_rows: [] });
    expect((await post(body(brand, texts(3)))).body).toMatchObject({ created: 0, duplicate_rows: [1, 2, 3] });
    expect(live(a)).toBe(3);
  });

  test("a longer resend creates only what an earlier run did not", async () => {
    const r = await post(body(brand, [...texts(5)].reverse()));
    expect(r.body).toMatchObject({ created: 2, duplicate_rows: [3, 4, 5] });
    expect(live(a)).toBe(5);
  });

  const variants: [string, object, "duplicate" | "new"][] = [
    ["upper case words and name", { text: "REVIEW 1 WAS GREAT", name: "PERSON 1" }, "duplicate"],
    ["extra spaces, tabs and line breaks", { text: "  Review\t1\n\nwas   great ", name: " Person  1 " }, "duplicate"],
    ["non-breaking and ideographic spaces", { text: "Review\u00a01\u3000was great", name: "Person 1" }, "duplicate"],
    [
      "the row's own source, in another case, equal to source.name",
      { text: "Review 1 was great", name: "Person 1", source: "gOOGLE" },
      "duplicate",
    ],
    ["another word", { text: "Review 1 was good", name: "Person 1" }, "new"],
    ["a word more", { text: "Review 1 was really great", name: "Person 1" }, "new"],
    ["punctuation is a change of words", { text: "Review 1 was great!", name: "Person 1" }, "new"],
    ["another name", { text: "Review 1 was great", name: "Person 2" }, "new"],
    ["no name", { text: "Review 1 was great" }, "new"],
    ["another source", { text: "Review 1 was great", name: "Person 1", source: "Yelp" }, "new"],
  ];
  for (const [name, r, want] of variants) {
    test(`${name} → ${want}`, async () => {
      const res = await post(body(brand, [r]));
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject(
        want === "duplicate" ? { created: 0, duplicate_rows: [1] } : { created: 1, duplicate_rows: [] },
      );
    });
  }

  test("repeats inside one request are created once", async () => {
    const r = await post(body(brand, [{ text: "Twice said" }, { text: "Once said" }, { text: "TWICE  said" }]));
    expect(r.body).toMatchObject({ created: 2, duplicate_rows: [3] });
  });

  test("the same review in another brand or mode is not a duplicate", async () => {
    const other = (await t.call("POST", "/v1/brands", { auth: a.owner, body: { name: "Second brand" } })).body.id;
    expect((await post(body(other, texts(1)))).body.created).toBe(1);
    const r = await t.call("POST", "/v1/imports", { auth: a.testKey, body: body(await brandOf(a, "test"), texts(1)) });
    expect(r.body.created).toBe(1);
  });

  test("the import record keeps counts, positions, the wording and the sender", async () => {
    const r = await post(body(brand, texts(6)));
    expect(r.body).toMatchObject({ created: 1, duplicate_rows: [1, 2, 3, 4, 5] });
    const list = await t.call("GET", `/v1/imports?brand_id=${brand}`, { auth: a.liveKey });
    expect(list.body.data[0]).toMatchObject({
      id: r.body.import_id,
      created_count: 1,
      duplicate_count: 5,
      duplicate_rows: [1, 2, 3, 4, 5],
      attestation_text: ATTESTATION_TEXT,
    });
  });
});

describe("races", () => {
  test("identical requests sent together through the app create each review once", async () => {
    const a = await t.org({ plan: "plus" });
    const brand = await brandOf(a);
    const rs = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call("POST", "/v1/imports", { auth: a.liveKey, body: body(brand, texts(50, "Race")) }),
      ),
    );
    expect(rs.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(rs.reduce((sum, r) => sum + r.body.created, 0)).toBe(50);
    expect(rs.filter((r) => r.body.created === 0).every((r) => r.body.duplicate_rows.length === 50)).toBe(true);
    expect(live(a)).toBe(50);
  });

  test("two processes on the same database file racing with the same rows create each review once", async () => {
    const a = await t.org({ plan: "plus" });
    const brand = await brandOf(a);
    const startAt = Date.now() + 1500;
    const script = `
      import { loadConfig } from "${import.meta.dir}/../../src/config";
      import { createDeps } from "${import.meta.dir}/../../src/bootstrap";
      import { createLogger } from "${import.meta.dir}/../../src/platform/log";
      import { runImport } from "${import.meta.dir}/../../src/domains/imports";
      import { unitOfWork } from "${import.meta.dir}/../../src/platform/db/unit-of-work";
      const deps = createDeps(loadConfig({ PLAUDIT_DATA_DIR: ${JSON.stringify(t.dir)}, PLAUDIT_WORKERS: "0" }), { log: createLogger("silent"), migrate: false });
      const ctx = { orgId: ${JSON.stringify(a.id)}, mode: "live", actor: { type: "system" }, clock: { now: () => Date.now() }, plan: "plus" };
      const rows = Array.from({ length: 300 }, (_, i) => ({ text: "Raced review " + i, name: "Racer " + i }));
      while (Date.now() < ${startAt}) {}
      const r = unitOfWork(deps, ctx, (tx) => runImport(tx, { brand_id: ${JSON.stringify(brand)}, source: { name: "Google" }, attested: true, rows }));
      console.log(JSON.stringify({ created: r.created, duplicates: r.duplicate_rows.length }));`;
    const run = () => Bun.spawn(["bun", "-e", script], { stdout: "pipe", stderr: "pipe" });
    const procs = [run(), run()];
    const outs = await Promise.all(
      procs.map(async (p) => ({
        code: await p.exited,
        out: await new Response(p.stdout).text(),
        err: await new Response(p.stderr).text(),
      })),
    );
    for (const o of outs) expect(o).toMatchObject({ code: 0, err: "" });
    const results = outs.map((o) => JSON.parse(o.out.trim()));
    expect(results.map((r) => r.created).sort((x, y) => x - y)).toEqual([0, 300]);
    expect(results.map((r) => r.duplicates).sort((x, y) => x - y)).toEqual([0, 300]);
    expect(live(a)).toBe(300);
  }, 30_000);
});

describe("the imported_reviews allowance", () => {
  test("test mode allows 100: 100 pass, the 101st is 402 and creates nothing; a resend of the 100 still passes", async () => {
    const a = await t.org({ plan: "core" });
    const brand = await brandOf(a, "test");
    const post = (rows: object[]) => t.call("POST", "/v1/imports", { auth: a.testKey, body: body(brand, rows) });
    expect((await post(texts(60))).body.created).toBe(60);
    const over = await post(texts(41, "More"));
    expect(over.status).toBe(402);
    expect(over.body.error).toMatchObject({
      code: "plan_limit_exceeded",
      limit: { name: "imported_reviews", limit: 100, used: 60, upgrade_plan: null },
    });
    expect(over.body.error.limit.upgrade_url).toBeString();
    expect(live(a, "test")).toBe(60);
    expect((await post(texts(40, "More"))).body.created).toBe(40);
    const again = await post(texts(60));
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ created: 0 });
    expect((await post(texts(1, "Extra"))).status).toBe(402);
    expect(live(a, "test")).toBe(100);
  });

  test("a request mixing duplicates and new rows is judged on the new rows only", async () => {
    const a = await t.org({ plan: "free" });
    const brand = await brandOf(a);
    const post = (rows: object[]) => t.call("POST", "/v1/imports", { auth: a.owner, body: body(brand, rows) });
    const tooMany = await post(texts(51));
    expect(tooMany.status).toBe(402);
    expect(tooMany.body.error.limit).toMatchObject({
      name: "imported_reviews",
      plan: "free",
      upgrade_plan: "starter",
      limit: 50,
      used: 0,
    });
    expect(live(a)).toBe(0);
    expect((await post(texts(50))).body.created).toBe(50);
    expect((await post(texts(50))).status).toBe(201);
    expect((await post(texts(51))).status).toBe(402);
  });

  test("deleting an imported review frees its place, and importing it again brings it back", async () => {
    const a = await t.org({ plan: "free" });
    const brand = await brandOf(a);
    const post = (rows: object[]) => t.call("POST", "/v1/imports", { auth: a.owner, body: body(brand, rows) });
    await post(texts(50));
    expect((await post(texts(1, "Late"))).status).toBe(402);
    const victim = t.deps.db
      .select()
      .from(submissions)
      .where(and(eq(submissions.orgId, a.id), eq(submissions.textInput, "Review 7 was great")))
      .get()!;
    t.deps.db.update(submissions).set({ deletedAt: t.clock.now() }).where(eq(submissions.id, victim.id)).run();
    const usage = await t.call("GET", "/v1/billing/usage", { auth: a.owner });
    expect(usage.body.allowances.find((x: any) => x.name === "imported_reviews")).toMatchObject({
      used: 49,
      limit: 50,
    });
    const back = await post(texts(50));
    expect(back.body).toMatchObject({
      created: 1,
      duplicate_rows: [
        1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
        32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50,
      ],
    });
    expect(live(a)).toBe(50);
  });

  test("Plus is unlimited", async () => {
    const a = await t.org({ plan: "plus" });
    const brand = await brandOf(a);
    for (let i = 0; i < 12; i++)
      expect(
        (await t.call("POST", "/v1/imports", { auth: a.liveKey, body: body(brand, texts(500, `Batch ${i}`)) })).body
          .created,
      ).toBe(500);
    expect(live(a)).toBe(6000);
  }, 30_000);
});
