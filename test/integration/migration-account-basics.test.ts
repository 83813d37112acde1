/**
 * Migration 0023 (account basics, issue 29) on a data directory with held former slugs: every hold is kept as it
 * was, and from then on a hold outlives its brand's or link's row (the cascade is gone, the organisation's stays),
 * so a deleted brand's or link's slugs stay with their organisation. The new tables (password resets, email
 * changes) and the brand's deletion mark are there.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb } from "../../src/platform/db/client";
import { migrate } from "../../src/platform/db/migrate";
import { migrations } from "../../migrations";

const dir = mkdtempSync(join(tmpdir(), "plaudit-mig-0023-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HELD = Date.UTC(2027, 0, 1);

test("former slugs keep their holds, and outlive their brand's and link's rows afterwards", () => {
  const file = join(dir, "plaudit.db");
  const before = migrations.findIndex((m) => m.tag === "0023_account_basics");
  expect(before).toBeGreaterThan(0);
  const old = openDb(file);
  migrate(old, migrations.slice(0, before));
  const q = (sql: string, ...args: (string | number)[]) => old.$client.query(sql).run(...args);
  q("INSERT INTO orgs (id, name, plan, created_at) VALUES ('org_a', 'A', 'core', 1)");
  q(
    "INSERT INTO brands (id, org_id, mode, name, slug, slug_scope, created_at, updated_at) VALUES ('brd_a', 'org_a', 'live', 'A', 'a-now', 'live', 1, 1)",
  );
  q(
    "INSERT INTO links (id, org_id, mode, brand_id, title, prompts, consent_text, consent_version, slug, slug_scope, created_at, updated_at) VALUES ('lnk_a', 'org_a', 'live', 'brd_a', 'T', '[]', 'I agree', 'v1', 'l-now', 'live', 1, 1)",
  );
  q(
    "INSERT INTO brand_slug_history (slug_scope, slug, brand_id, org_id, mode, held_until, created_at) VALUES ('live', 'a-before', 'brd_a', 'org_a', 'live', ?, 1)",
    HELD,
  );
  q(
    "INSERT INTO link_slug_history (slug_scope, slug, link_id, org_id, mode, held_until, created_at) VALUES ('live', 'l-before', 'lnk_a', 'org_a', 'live', ?, 1)",
    HELD,
  );
  old.$client.close();

  const db = openDb(file);
  expect(migrate(db)).toEqual(migrations.slice(before).map((m) => m.tag));
  const holds = () => ({
    brands: db.$client.query("SELECT slug, brand_id, org_id, mode, held_until FROM brand_slug_history").all(),
    links: db.$client.query("SELECT slug, link_id, org_id, mode, held_until FROM link_slug_history").all(),
  });
  const kept = {
    brands: [{ slug: "a-before", brand_id: "brd_a", org_id: "org_a", mode: "live", held_until: HELD }],
    links: [{ slug: "l-before", link_id: "lnk_a", org_id: "org_a", mode: "live", held_until: HELD }],
  };
  expect(holds()).toEqual(kept);
  expect(db.$client.query("SELECT deleting_at FROM brands WHERE id = 'brd_a'").get()).toEqual({ deleting_at: null });
  for (const table of ["password_resets", "email_changes"])
    expect(db.$client.query(`SELECT count(*) AS n FROM ${table}`).get()).toEqual({ n: 0 });

  // The rows go (a link deleted, then its brand): the holds stay.
  db.$client.query("DELETE FROM links WHERE id = 'lnk_a'").run();
  db.$client.query("DELETE FROM brands WHERE id = 'brd_a'").run();
  expect(holds()).toEqual(kept);
  // The organisation's own deletion still takes them.
  db.$client.query("DELETE FROM orgs WHERE id = 'org_a'").run();
  expect(holds()).toEqual({ brands: [], links: [] });
  expect(db.$client.query("PRAGMA foreign_key_check").all()).toEqual([]);
  expect(db.$client.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
  db.$client.close();
});
