/**
 * Migration 0018 (former slugs held for their organisation, issue 30) on a data directory with renamed brands: each
 * existing `brand_slug_history` row gets its brand's organisation and mode and is held for 365 days from its own
 * change; a row whose slug another brand has since taken (possible before holds existed) is dropped, since that
 * brand's current slug wins anyway; the old wall address keeps redirecting.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb } from "../../src/platform/db/client";
import { migrate } from "../../src/platform/db/migrate";
import { migrations } from "../../migrations";
import { findBrandBySlug } from "../../src/domains/brands";

const dir = mkdtempSync(join(tmpdir(), "plaudit-mig-holds-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CHANGED = Date.UTC(2026, 0, 15);
const YEAR = 365 * 86_400_000;

test("existing former brand slugs get their organisation, mode and a year's hold from their change", () => {
  const file = join(dir, "plaudit.db");
  const before = migrations.findIndex((m) => m.tag === "0018_slug_reservations");
  expect(before).toBeGreaterThan(0);
  const old = openDb(file);
  migrate(old, migrations.slice(0, before));
  const q = (sql: string, ...args: (string | number)[]) => old.$client.query(sql).run(...args);
  q("INSERT INTO orgs (id, name, plan, created_at) VALUES ('org_a', 'A', 'core', 1), ('org_b', 'B', 'core', 1)");
  const brand = "INSERT INTO brands (id, org_id, mode, name, slug, slug_scope, created_at, updated_at) VALUES ";
  q(`${brand} ('brd_a', 'org_a', 'live', 'A', 'a-new', 'live', 1, 1)`);
  q(`${brand} ('brd_t', 'org_a', 'test', 'A test', 'sandbox-new', 'test:org_a', 1, 1)`);
  q(`${brand} ('brd_b', 'org_b', 'live', 'B', 'a-taken', 'live', 1, 1)`);
  const history = "INSERT INTO brand_slug_history (slug_scope, slug, brand_id, created_at) VALUES ";
  q(`${history} ('live', 'a-old', 'brd_a', ?)`, CHANGED);
  q(`${history} ('test:org_a', 'sandbox-old', 'brd_t', ?)`, CHANGED);
  // Before holds, B could take A's former slug while A's row stayed: B's current slug is what the address shows.
  q(`${history} ('live', 'a-taken', 'brd_a', ?)`, CHANGED);
  old.$client.close();

  const db = openDb(file);
  expect(migrate(db)).toEqual(migrations.slice(before).map((m) => m.tag));
  const rows = db.$client
    .query(
      "SELECT slug_scope, slug, brand_id, org_id, mode, held_until, created_at FROM brand_slug_history ORDER BY slug",
    )
    .all();
  expect(rows).toEqual([
    {
      slug_scope: "live",
      slug: "a-old",
      brand_id: "brd_a",
      org_id: "org_a",
      mode: "live",
      held_until: CHANGED + YEAR,
      created_at: CHANGED,
    },
    {
      slug_scope: "test:org_a",
      slug: "sandbox-old",
      brand_id: "brd_t",
      org_id: "org_a",
      mode: "test",
      held_until: CHANGED + YEAR,
      created_at: CHANGED,
    },
  ]);
  expect(findBrandBySlug(db, "live", "a-old")).toMatchObject({ brand: { id: "brd_a" }, moved: true });
  expect(findBrandBySlug(db, "live", "a-taken")).toMatchObject({ brand: { id: "brd_b" }, moved: false });
  expect(db.$client.query("SELECT count(*) AS n FROM link_slug_history").get()).toEqual({ n: 0 });
  expect(db.$client.query("PRAGMA foreign_key_check").all()).toEqual([]);
  db.$client.close();
});
