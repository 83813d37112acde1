/**
 * How a command runs (src/platform/access/command.ts): one `BEGIN IMMEDIATE` transaction around the allowance
 * and `run`, with the services' own `tx` calls nested in it as savepoints (how bun:sqlite nests
 * `db.transaction(…).immediate()`), proven on a real SQLite file with a second connection, and through a real
 * app with probe routes declared as commands.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Elysia, t } from "elysia";
import { and, count, eq } from "drizzle-orm";
import { openDb, tx, type Db } from "../../src/platform/db/client";
import { loadConfig } from "../../src/config";
import { createDeps } from "../../src/bootstrap";
import { assemble } from "../../src/composition";
import { MODULES } from "../../src/modules";
import { ManualClock } from "../../src/platform/clock";
import { createLogger } from "../../src/platform/log";
import { systemCtx } from "../../src/platform/context";
import type { Deps } from "../../src/platform/deps";
import type { DomainModule } from "../../src/platform/module";
import { invalid } from "../../src/platform/errors";
import { audit } from "../../src/platform/audit/audit";
import { auditLog } from "../../src/platform/audit/tables";
import { enqueue } from "../../src/platform/jobs/queue";
import { jobs } from "../../src/platform/jobs/tables";
import { createApiKey, createOrganisation } from "../../src/domains/accounts";
import { accessPlugin, command } from "../../src/platform/access";
import { createBrand } from "../../src/domains/brands/brand-service";
import { brands } from "../../src/domains/brands/tables";
import { unitOfWork } from "../../src/platform/db/unit-of-work";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "plaudit-command-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("bun:sqlite nests a transaction opened inside another as a savepoint", () => {
  let db: Db;
  let other: Database;
  const rows = (conn: Database) => conn.query("SELECT x FROM t ORDER BY x").all() as { x: number }[];
  beforeAll(() => {
    const path = join(tempDir(), "nested.db");
    db = openDb(path);
    db.$client.exec("CREATE TABLE t (x INTEGER)");
    // A second connection, as a second process would have; it gives up at once instead of waiting for the lock.
    other = new Database(path);
    other.exec("PRAGMA busy_timeout = 0");
  });
  afterAll(() => {
    other.close();
    db.$client.close();
  });

  test("an inner tx that finished is not committed before the outer one; the write lock is held throughout", () => {
    tx(db, (outer) => {
      tx(outer, (inner) => inner.$client.run("INSERT INTO t VALUES (1)"));
      expect(db.$client.inTransaction).toBe(true);
      expect(rows(db.$client)).toEqual([{ x: 1 }]);
      // The other connection sees nothing yet and cannot write in between (SQLITE_BUSY).
      expect(rows(other)).toEqual([]);
      expect(() => other.exec("BEGIN IMMEDIATE")).toThrow(/locked|busy/i);
    });
    expect(rows(other)).toEqual([{ x: 1 }]);
  });

  test("an inner tx that throws rolls back to its savepoint only; the outer one goes on and commits", () => {
    tx(db, (outer) => {
      outer.$client.run("INSERT INTO t VALUES (2)");
      expect(() =>
        tx(outer, (inner) => {
          inner.$client.run("INSERT INTO t VALUES (3)");
          throw new Error("inner refused");
        }),
      ).toThrow("inner refused");
    });
    expect(rows(other)).toEqual([{ x: 1 }, { x: 2 }]);
  });

  test("an outer tx that throws rolls back what finished inner ones wrote", () => {
    expect(() =>
      tx(db, (outer) => {
        tx(outer, (inner) => inner.$client.run("INSERT INTO t VALUES (4)"));
        throw new Error("outer refused");
      }),
    ).toThrow("outer refused");
    expect(rows(other)).toEqual([{ x: 1 }, { x: 2 }]);
    expect(db.$client.inTransaction).toBe(false);
  });
});

describe("a command route", () => {
  let deps: Deps;
  let app: { handle(r: Request): Promise<Response> };
  let key: string;
  let orgId: string;
  const seen: { prepareInTx?: boolean; runInTx?: boolean; runs: number } = { runs: 0 };

  /** Probe routes, declared with `command` as the domains declare theirs. */
  const probe: DomainModule = {
    name: "probe",
    routes: (d) =>
      new Elysia({ prefix: "/v1/probe" })
        .use(accessPlugin(d))
        .use(
          command(d, "POST", "/rolled-back", {
            permission: "brand:write",
            body: t.Object({ name: t.String() }),
            response: t.Object({ ok: t.Boolean() }),
            detail: { summary: "probe" },
            run: (tx, { body }) => {
              const { db, ctx } = tx;
              // A service in the unit of work, an audit row and a job, then a refusal.
              createBrand(tx, { name: body.name });
              audit(db, ctx, "probe.ran", "probe");
              tx.enqueue({ kind: "probe.job", payload: {} });
              throw invalid("The probe refuses after writing.", "name");
            },
          }),
        )
        .use(
          command(d, "POST", "/limited", {
            permission: "brand:write",
            allowance: { name: "brands", adding: (input) => (input.body as { n: number }).n },
            body: t.Object({ n: t.Integer() }),
            response: { 201: t.Object({ ran: t.Integer() }) },
            detail: { summary: "probe" },
            prepare: () => {
              seen.prepareInTx = d.db.$client.inTransaction;
              return "prepared";
            },
            run: ({ db }, _input, prepared) => {
              expect(prepared).toBe("prepared");
              seen.runInTx = db.$client.inTransaction;
              return { ran: ++seen.runs };
            },
          }),
        )
        .use(
          command(d, "POST", "/promise", {
            permission: "brand:write",
            response: t.Any(),
            detail: { summary: "probe" },
            run: ({ db, ctx }) => {
              audit(db, ctx, "probe.promised", "probe");
              return Promise.resolve({});
            },
          }),
        ),
  };

  beforeAll(async () => {
    const config = loadConfig({
      PLAUDIT_DATA_DIR: tempDir(),
      PLAUDIT_BASE_URL: "http://plaudit.test",
      PLAUDIT_WORKERS: "0",
    });
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 12, 0, 0));
    deps = createDeps(config, { clock, log: createLogger("silent") });
    app = (await assemble(deps, [...MODULES, probe], { web: false })).app;
    const { org } = createOrganisation(deps, {
      name: "Probe Org",
      plan: "core",
      owner: { email: "probe-owner@example.com" },
    });
    orgId = org.id;
    key = unitOfWork(deps, systemCtx(org.id, "live", clock), (tx) =>
      createApiKey(tx, { mode: "live", scopes: [] }),
    ).secret;
  });
  afterAll(() => deps.db.$client.close());

  const post = async (path: string, body: unknown = {}, auth = key) => {
    const res = await app.handle(
      new Request(`http://plaudit.test/v1/probe${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${auth}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
    return { status: res.status, body: (await res.json()) as any };
  };
  const brandCount = () =>
    deps.db
      .select({ n: count() })
      .from(brands)
      .where(and(eq(brands.orgId, orgId), eq(brands.mode, "live")))
      .get()!.n;
  const audited = (action: string) =>
    deps.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)).get()!.n;

  test("when run throws, nothing it wrote lands: the nested service's brand, the audit row, the job", async () => {
    const before = brandCount();
    const r = await post("/rolled-back", { name: "Never Stored" });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("validation_failed");
    expect(brandCount()).toBe(before);
    expect(audited("probe.ran")).toBe(0);
    expect(audited("brand.created")).toBe(0);
    expect(deps.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, "probe.job")).get()!.n).toBe(0);
    expect(deps.db.$client.inTransaction).toBe(false);
  }, 20_000);

  test("prepare runs before the transaction, run inside it; the answer takes the response map's only status", async () => {
    const r = await post("/limited", { n: 1 });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ ran: 1 });
    expect(seen.prepareInTx).toBe(false);
    expect(seen.runInTx).toBe(true);
  }, 20_000);

  test("the allowance is checked before run with `adding` from the input: 402 and run never called", async () => {
    const runs = seen.runs;
    // Core allows 10 brands; the default brand takes one, so adding 10 would make 11.
    const r = await post("/limited", { n: 10 });
    expect(r.status).toBe(402);
    expect(r.body.error.code).toBe("plan_limit_exceeded");
    expect(r.body.error.limit).toMatchObject({ name: "brands", limit: 10, used: brandCount() });
    expect(seen.runs).toBe(runs);
  }, 20_000);

  test("the permission is checked first: a key without the scope gets 403 and run is never called", async () => {
    const runs = seen.runs;
    const readOnly = unitOfWork(deps, systemCtx(orgId, "live", deps.clock), (tx) =>
      createApiKey(tx, {
        mode: "live",
        scopes: ["brands:read"],
      }),
    ).secret;
    const r = await post("/limited", { n: 1 }, readOnly);
    expect(r.status).toBe(403);
    expect(seen.runs).toBe(runs);
  }, 20_000);

  test("a run that returns a promise is refused (500) and rolled back: its writes would land after the commit", async () => {
    const r = await post("/promise");
    expect(r.status).toBe(500);
    expect(audited("probe.promised")).toBe(0);
  }, 20_000);
});
