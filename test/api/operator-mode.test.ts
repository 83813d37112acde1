/**
 * Self-hosted operator mode (issue 17): the first organisation of a fresh install is the server's own, with no
 * plan limits (not even the sandbox's), no plan to change or buy, and a billing answer that says so. Organisations
 * the server hosts keep the contract's plans, limits and 402s. The CLI switches the mode and sets hosted plans.
 * Migration 0016 upgrades a data directory with rows: nobody becomes a client, no organisation the operator's.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeTestApp, type Session, type TestApp } from "../helpers/app";
import { ensureFirstOrganisation } from "../../src/cli/first-run";
import { getOrg, setOperator } from "../../src/domains/accounts";
import { createSession, SESSION_COOKIE } from "../../src/domains/accounts/sessions";
import { findUserByEmail } from "../../src/domains/accounts/users";
import { systemCtx } from "../../src/platform/context";
import { openDb } from "../../src/platform/db/client";
import { migrate } from "../../src/platform/db/migrate";
import { migrations } from "../../migrations";
import { unitOfWork } from "../../src/platform/db/unit-of-work";
import { accountCtx } from "../../src/domains/accounts/users";

let t: TestApp;
let own: Session;
let ownId: string;

beforeAll(async () => {
  t = await makeTestApp();
  const first = ensureFirstOrganisation(t.deps)!;
  ownId = first.orgId;
  const user = findUserByEmail(t.deps.db, first.email)!;
  own = {
    cookie: `${SESSION_COOKIE}=${unitOfWork(t.deps, accountCtx(t.clock), (tx) => createSession(tx, user.id)).token}`,
    orgId: ownId,
  };
});
afterAll(() => t.close());

async function newBrands(auth: Session | string, n: number, mode: "live" | "test" = "live") {
  const statuses: number[] = [];
  let last: any = null;
  for (let i = 0; i < n; i++) {
    const r = await t.call("POST", "/v1/brands", { auth, mode, body: { name: `Brand ${mode} ${i} ${Math.random()}` } });
    statuses.push(r.status);
    last = r.body;
  }
  return { statuses, last };
}

describe("the server's own organisation", () => {
  test("a fresh install's first organisation is the operator's, and first-login.txt says so", () => {
    const org = getOrg(t.deps.db, ownId);
    expect(org.operator).toBe(true);
    expect(org.plan).toBe("plus");
    const words = readFileSync(join(t.dir, "first-login.txt"), "utf8");
    expect(words).toContain("no plan limits");
    expect(words).toContain("plaudit org create --name NAME --plan");
  });

  test("billing says operator and every allowance is unlimited, in both modes", async () => {
    const billing = await t.call("GET", "/v1/billing", { auth: own });
    expect(billing.status).toBe(200);
    expect(billing.body.operator).toBe(true);
    expect(billing.body.plans.map((p: any) => p.id)).toEqual(["free", "starter", "core", "plus"]);
    for (const mode of ["live", "test"] as const) {
      const usage = await t.call("GET", "/v1/billing/usage", { auth: own, mode });
      expect(usage.status).toBe(200);
      expect(usage.body.operator).toBe(true);
      expect(usage.body.allowances.map((a: any) => a.limit)).toEqual(usage.body.allowances.map(() => null));
    }
    const me = await t.call("GET", "/v1/me", { auth: own });
    expect(me.body.memberships[0]).toMatchObject({ org_id: ownId, operator: true, role: "owner", brand_ids: null });
  });

  test("no limit applies: more brands than the sandbox allows any plan", async () => {
    const { statuses } = await newBrands(own, 6, "test");
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);
  });

  test("there is no plan to change or buy (409), from the dashboard or the CLI's service", async () => {
    const change = await t.call("POST", "/v1/billing/change-plan", { auth: own, body: { plan: "free" } });
    expect([change.status, change.body.error.code]).toEqual([409, "operator_organisation"]);
    expect(change.body.error.message).toContain("plaudit org operator");
    const checkout = await t.call("POST", "/v1/billing/checkout", { auth: own, body: { plan: "core" } });
    expect([checkout.status, checkout.body.error.code]).toEqual([409, "operator_organisation"]);
    expect(getOrg(t.deps.db, ownId).plan).toBe("plus");
  });
});

describe("organisations on plans keep the contract's limits", () => {
  test("a hosted Free organisation gets 402 with the limit for a second brand", async () => {
    const hosted = await t.org({ plan: "free" });
    const r = await t.call("POST", "/v1/brands", { auth: hosted.owner, body: { name: "Second" } });
    expect(r.status).toBe(402);
    expect(r.body.error.code).toBe("plan_limit_exceeded");
    expect(r.body.error.limit).toMatchObject({ name: "brands", plan: "free", upgrade_plan: "starter" });
    const billing = await t.call("GET", "/v1/billing/usage", { auth: hosted.owner });
    expect(billing.body.operator).toBe(false);
    expect(billing.body.allowances.find((a: any) => a.name === "brands").limit).toBe(1);
  });

  test("a hosted Plus organisation meets the sandbox limit that the operator's own does not", async () => {
    const hosted = await t.org({ plan: "plus" });
    const { statuses, last } = await newBrands(hosted.owner, 5, "test");
    expect(statuses).toEqual([201, 201, 201, 201, 402]);
    expect(last.error.limit.name).toBe("brands");
  });

  test("turning operator mode off brings the plan's limits back, and plans can be changed again", async () => {
    unitOfWork(t.deps, systemCtx(ownId, "live", t.clock), (tx) => setOperator(tx, false));
    const r = await t.call("POST", "/v1/brands", { auth: own, mode: "test", body: { name: "One more" } });
    expect(r.status).toBe(402);
    const change = await t.call("POST", "/v1/billing/change-plan", { auth: own, body: { plan: "core" } });
    expect(change.status).toBe(200);
    expect(change.body).toMatchObject({ plan: "core", operator: false });
    const on = unitOfWork(t.deps, systemCtx(ownId, "live", t.clock), (tx) => setOperator(tx, true));
    expect(on).toMatchObject({ operator: true, plan: "plus" });
    expect((await t.call("POST", "/v1/brands", { auth: own, mode: "test", body: { name: "Again" } })).status).toBe(201);
  });
});

describe("the CLI", () => {
  const dir = mkdtempSync(join(tmpdir(), "plaudit-operator-cli-"));
  const env = { ...process.env, PLAUDIT_DATA_DIR: dir, PLAUDIT_BASE_URL: "http://plaudit.test" };
  const cli = (...words: string[]) => {
    const p = Bun.spawnSync(["bun", "src/main.ts", ...words], { env, stdout: "pipe", stderr: "pipe" });
    return { code: p.exitCode, out: p.stdout.toString(), err: p.stderr.toString() };
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("org create --operator, org list, plan set refused, org operator --off, plan set", () => {
    const own = cli("org", "create", "--name", "Our Agency", "--operator", "--json");
    expect(own.code, own.err).toBe(0);
    const ownOrg = JSON.parse(own.out);
    expect(ownOrg).toMatchObject({ plan: "plus", operator: true });
    const hosted = JSON.parse(cli("org", "create", "--name", "Client Co", "--plan", "starter", "--json").out);
    expect(hosted).toMatchObject({ plan: "starter", operator: false });
    const list = JSON.parse(cli("org", "list", "--json").out);
    expect(list.data.map((o: any) => [o.name, o.plan, o.operator])).toEqual([
      ["Our Agency", "plus", true],
      ["Client Co", "starter", false],
    ]);
    expect(cli("org", "list").out).toContain("operator (no limits)");
    const refused = cli("plan", "set", "--org", ownOrg.id, "--plan", "free");
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`plaudit org operator --org ${ownOrg.id} --off`);
    expect(cli("plan", "set", "--org", hosted.id, "--plan", "core", "--json").code).toBe(0);
    const off = JSON.parse(cli("org", "operator", "--org", ownOrg.id, "--off", "--json").out);
    expect(off).toMatchObject({ operator: false, plan: "plus" });
    expect(JSON.parse(cli("plan", "set", "--org", ownOrg.id, "--plan", "free", "--json").out).plan).toBe("free");
    expect(cli("org", "operator", "--org", ownOrg.id).code).toBe(2);
    expect(cli("org", "create", "--name", "X", "--operator", "--plan", "core").code).toBe(2);
  }, 60_000);
});

describe("migration 0016 on a data directory with rows", () => {
  test("existing organisations stay hosted and existing members keep seeing every brand", () => {
    const dir = mkdtempSync(join(tmpdir(), "plaudit-0016-"));
    try {
      const db = openDb(join(dir, "plaudit.db"));
      const at = migrations.findIndex((m) => m.tag === "0016_client_role");
      expect(at).toBeGreaterThan(0);
      migrate(db, migrations.slice(0, at));
      const sqlite = db.$client;
      sqlite.exec("INSERT INTO orgs (id, name, plan, created_at) VALUES ('org_old', 'Old Co', 'plus', 1)");
      sqlite.exec("INSERT INTO users (id, email, name, created_at) VALUES ('usr_old', 'old@example.com', 'Old', 1)");
      sqlite.exec(
        "INSERT INTO members (id, org_id, user_id, role, created_at) VALUES ('mem_old', 'org_old', 'usr_old', 'member', 1)",
      );
      expect(migrate(db, migrations)).toEqual(["0016_client_role", ...migrations.slice(at + 1).map((m) => m.tag)]);
      expect(sqlite.query("SELECT plan, operator FROM orgs").all()).toEqual([{ plan: "plus", operator: 0 }]);
      expect(sqlite.query("SELECT role, brand_ids FROM members").all()).toEqual([{ role: "member", brand_ids: null }]);
      sqlite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
